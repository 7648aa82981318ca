package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every dfsio run saves its records, and {@code harness analyze} rebuilds the run's figures and aggregate
 * from them alone, equal field by field, and prints the same block; a window of the run is the run's own
 * seconds.
 */
class DfsioRecordsTest {
  @TempDir
  Path dir;

  private Run dfsio(String... args) {
    List<String> all = new ArrayList<>(List.of("dfsio"));
    all.addAll(List.of(args));
    all.addAll(List.of("-fs", "file:///", "--root", dir.resolve("root").toString(), "--run-dir",
        dir.resolve("runs").toString(), "-resFile", dir.resolve("res.log").toString()));
    return Cli.run(all.toArray(new String[0]));
  }

  /** The block the run printed, without its first line, the date, the JSON's and the report's paths. */
  private static List<String> block(String out) {
    // the cluster's context, printed at the run's start, is not part of the block analyze rebuilds
    return out.lines().filter(l -> !l.startsWith("cluster") && !l.startsWith("client settings: ")).skip(1)
        .filter(l -> !l.contains("Date & time:") && !l.startsWith("Result JSON:") && !l.startsWith("Report:"))
        .toList();
  }

  @Test
  void analyzeOfEveryOperationAndEngineGivesTheRunsOwnFigures() throws Exception {
    String[][] runs = {
        {"-write", "-nrFiles", "3", "-fileSize", "5MB", "-bufferSize", "64K"},
        {"-read", "--verify", "-nrFiles", "3", "-fileSize", "5MB", "--engine", "mapreduce"},
        {"-read", "-random", "-nrFiles", "3", "-fileSize", "2MB", "-bufferSize", "100000"},
        {"-read", "-skip", "-nrFiles", "3", "-fileSize", "2MB", "-skipSize", "1K"},
        {"-append", "-nrFiles", "3", "-fileSize", "1MB", "-D", "fs.file.impl=org.apache.hadoop.fs.RawLocalFileSystem"},
        {"-truncate", "-nrFiles", "3", "-size", "1MB", "-D", "fs.file.impl=org.apache.hadoop.fs.RawLocalFileSystem"},
    };
    for (String[] args : runs) {
      Run r = dfsio(args);
      assertExit(r, 0);
      Path run = Runs.latest(dir.resolve("runs"));
      assertTrue(Files.isRegularFile(run.resolve("records.jsonl.gz")), run.toString());
      assertTrue(Files.isRegularFile(run.resolve("latency.hlog.gz")), run.toString());
      Run a = Cli.run("analyze", run.toString(), "--check");
      assertExit(a, 0);
      assertTrue(a.out().contains("equal the run's own, field by field"), a.out());
      // the same block as the run printed
      List<String> analyzed = block("x\n" + a.out()).stream().filter(l -> !l.startsWith("analyze:")).toList();
      // (but the run's first line and, on MapReduce, the job's id: analyze runs no job)
      assertEquals(block(r.out()).stream().filter(l -> !l.startsWith("dfsio ") && !l.startsWith("MapReduce job "))
          .toList(), analyzed,
          String.join(" ", args));
    }
  }

  @Test
  void aWindowOfTheRunIsTheRunsOwnSecondsThere() throws Exception {
    Run r = dfsio("-write", "-nrFiles", "2", "--duration", "3500ms", "-bufferSize", "64K");
    assertExit(r, 0);
    Path run = Runs.latest(dir.resolve("runs"));
    JsonNode saved = Runs.result(run);
    JsonNode series = saved.get("aggregate").get("timeSeries");
    assertTrue(series.size() >= 3, series.toString());
    Path json = dir.resolve("window.json");
    Run a = Cli.run("analyze", run.toString(), "--skip", "1s", "--until", "2s", "--json", json.toString());
    assertExit(a, 0);
    JsonNode window = ResultWriter.mapper().readTree(json.toFile());
    // the bytes of the window [1 s, 2 s) are the run's second 1, as its own series counted them
    assertEquals(series.get(1).get("bytes").asLong(), window.get("aggregate").get("bytes").asLong(), window.toString());
    assertEquals(1.0, window.get("aggregate").get("wallSeconds").asDouble(), 0.01);
    // its write latency is that of the calls of that second only (the interval histograms)
    long calls = window.get("aggregate").get("latency").get("write").get("count").asLong();
    long all = saved.get("aggregate").get("latency").get("write").get("count").asLong();
    assertTrue(calls > 0 && calls < all, calls + " of " + all);
    assertTrue(a.out().startsWith("analyze: dfsio write from 1s to 2s of the run"), a.out());
  }

  @Test
  void aFolderThatIsNotARunIsBadInputAndNothingIsWritten() throws Exception {
    assertUsageError(Cli.run("analyze", dir.toString()), "RUN_DIR: " + dir + " is not a run's folder");
    assertEquals(0, dfsio("-write", "-nrFiles", "1", "-fileSize", "1MB").code());
    Path run = Runs.latest(dir.resolve("runs"));
    Files.write(run.resolve("records.jsonl.gz"), new byte[] {1, 2, 3});
    assertUsageError(Cli.run("analyze", run.toString()), "records.jsonl.gz is damaged");
    Files.delete(run.resolve("records.jsonl.gz"));
    Run missing = Cli.run("analyze", run.toString());
    assertExit(missing, 2);
    assertTrue(missing.err().contains("has no records (records.jsonl.gz)"), missing.err());
  }

  @Test
  void aWarmUpThatCoveredTheWholeRunFailsSayingSoWithNoNaNAnywhere() throws Exception {
    Run r = dfsio("-write", "-nrFiles", "2", "-fileSize", "64KB", "--warmup", "10s");
    assertExit(r, 1);
    List<String> said = r.err().lines().filter(l -> l.contains("warm-up")).toList();
    assertEquals(1, said.size(), r.err());
    assertTrue(said.get(0).contains("--warmup 10 s") && said.get(0).contains("nothing was measured"), said.get(0));
    assertTrue(!r.out().contains("NaN"), r.out());
    Path run = Runs.latest(dir.resolve("runs"));
    try (Stream<Path> files = Files.list(run)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".json") || f.toString().endsWith(".csv")).toList()) {
        assertTrue(!Files.readString(f).contains("NaN"), f + ": " + Files.readString(f));
      }
    }
    JsonNode legacy = Runs.result(run).get("figures").get("legacy");
    assertEquals(0, legacy.get("tasks").asLong());
    assertTrue(legacy.get("throughputMbSec").isNull(), legacy.toString());
    assertExit(Cli.run("analyze", run.toString(), "--check"), 0);
  }
}
