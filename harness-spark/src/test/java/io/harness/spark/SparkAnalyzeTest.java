package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.spark.embedded.ClusterClassPath;
import io.harness.spark.embedded.ClusterProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness analyze} of spark runs: generate, count and copy on an embedded HDFS (a MiniDFSCluster in its own
 * JVM, as {@code --embedded} starts it), then each run's figures, aggregate and block computed again from its
 * saved records alone equal what the run itself saved and printed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkAnalyzeTest {
  @TempDir
  static Path tmp;

  private ClusterProcess cluster;
  private Path clientXml;

  @BeforeAll
  void startCluster() throws IOException {
    cluster = ClusterProcess.start("hdfs", 1, ClusterClassPath.of(System.getenv()), Map.of(), System.out);
    clientXml = tmp.resolve("client.xml");
    try (OutputStream o = Files.newOutputStream(clientXml)) {
      cluster.configuration().writeXml(o);
    }
  }

  @AfterAll
  void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** Runs {@code args} on the cluster with a run folder of its own; returns its output and that folder. */
  private Run harness(String name, String... args) throws IOException {
    Path runs = tmp.resolve("runs-" + name);
    String[] line = Stream.concat(Stream.of(args),
        Stream.of("-conf", clientXml.toString(), "--run-dir", runs.toString())).toArray(String[]::new);
    io.harness.testkit.Run r = io.harness.testkit.Cli.run(line);
    assertEquals(0, r.code(), r.toString());
    try (Stream<Path> s = Files.list(runs)) {
      List<Path> all = s.toList();
      assertEquals(1, all.size(), all.toString());
      return new Run(r, all.get(0));
    }
  }

  private record Run(io.harness.testkit.Run result, Path folder) {}

  @Test
  void analyzeComputesTheRunsFiguresAgainFromItsRecords() throws IOException {
    String base = cluster.fileSystemUri() + "/analyze";
    Run gen = harness("generate", "spark", "generate", base + "/gen", "--records", "500", "--iteration", "2",
        "--record-size", "2KB", "--partitions", "2", "--verify");
    JsonNode genFigures = sameAsAnalyzed(gen);
    assertEquals(1000, genFigures.get("rows").asLong());
    assertEquals(2, genFigures.get("batches").size());
    assertEquals(4, genFigures.get("files").asInt());
    assertEquals(1000, genFigures.at("/verify/distinctIds").asLong());

    Run count = harness("count", "spark", "count", base + "/gen", "--verify", "--expect-rows", "1000");
    JsonNode countFigures = sameAsAnalyzed(count);
    assertEquals(1000, countFigures.get("rows").asLong());
    assertEquals(genFigures.get("bytesWritten").asLong(), countFigures.get("bytesRead").asLong());
    assertEquals(1000, countFigures.get("expectedRows").asLong());

    Run copy = harness("copy", "spark", "copy", base + "/gen", base + "/copy", "--verify");
    JsonNode copyFigures = sameAsAnalyzed(copy);
    assertEquals(1000, copyFigures.get("sourceRows").asLong());
    assertEquals(1000, copyFigures.get("destinationRows").asLong());
  }

  /**
   * {@code harness analyze RUN_DIR --json F}: the figures and the aggregate
   * in F equal the run's result.json field by field, and the block it prints is the one the run printed. Returns
   * the run's figures.
   */
  private JsonNode sameAsAnalyzed(Run run) throws IOException {
    JsonNode saved = ResultWriter.mapper().readTree(run.folder().resolve("result.json").toFile());
    // latency.hlog.gz: each task once, in the second of the run it ended in
    long perSecond = 0;
    for (var i : io.harness.core.records.RecordsFile.read(run.folder()).intervals()) {
      assertEquals("task", i.kind());
      perSecond += i.histogram().getTotalCount();
    }
    assertEquals(saved.get("tasks").size(), perSecond, "tasks in latency.hlog.gz");
    Path json = tmp.resolve(run.folder().getFileName() + "-analyzed.json");
    io.harness.testkit.Run analyze = io.harness.testkit.Cli.run("analyze", run.folder().toString(), "--json", json.toString());
    assertEquals(0, analyze.code(), analyze.toString());
    JsonNode analyzed = ResultWriter.mapper().readTree(json.toFile());
    assertEquals(saved.get("workload").asText(), analyzed.get("workload").asText());
    assertEquals(saved.get("operation").asText(), analyzed.get("operation").asText());

    JsonNode figures = saved.get("figures");
    JsonNode again = analyzed.get("figures");
    Set<String> names = new TreeSet<>();
    figures.fieldNames().forEachRemaining(names::add);
    Set<String> namesAgain = new TreeSet<>();
    again.fieldNames().forEachRemaining(namesAgain::add);
    assertEquals(names, namesAgain, "the same figures");
    for (String name : names) {
      assertEquals(figures.get(name), again.get(name), "figures." + name);
    }
    assertFalse(names.isEmpty());

    JsonNode aggregate = saved.get("aggregate");
    JsonNode aggregateAgain = analyzed.get("aggregate");
    aggregate.fieldNames().forEachRemaining(
        name -> assertEquals(aggregate.get(name), aggregateAgain.get(name), "aggregate." + name));
    assertEquals(aggregate, aggregateAgain);

    // the block: what the run printed up to its JSON's and report's lines
    // (the cluster's context, printed at the start, is not part of the block)
    List<String> printed = run.result().out().lines()
        .filter(l -> !l.startsWith("cluster: ") && !l.startsWith("client settings: ")).toList();
    assertTrue(printed.get(printed.size() - 2).startsWith("Result JSON: "), run.result().out());
    assertTrue(printed.get(printed.size() - 1).startsWith("Report: "), run.result().out());
    // the block ends the run's lines; what comes before it (the session's and the plan's lines, a warning) is not
    // analyze's
    List<String> block = analyze.out().lines().toList();
    assertTrue(printed.size() >= block.size() + 2, run.result().out());
    assertEquals(printed.subList(printed.size() - 2 - block.size(), printed.size() - 2), block, "the printed block");
    assertTrue(block.get(0).startsWith("spark "), analyze.out());
    return figures;
  }
}
