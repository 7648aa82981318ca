package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The Parquet chain on a MiniOzoneCluster (in its own JVM) through Ozone's shaded client on Spark's
 * shaded Hadoop: generate on {@code ofs://}, copy to {@code o3fs://} (the seed workload's scheme), so the
 * copy also crosses file systems. On the same cluster: {@code --instrument} and {@code --profile}.
 */
class ParquetOnOzoneTest extends ParquetChainTestBase {
  @Override
  String kind() {
    return "ozone";
  }

  @Override
  String source() {
    // ofs://host:port/ + vol1/bucket1
    return bucket() + "/spark/gen";
  }

  @Override
  String destination() {
    // o3fs://bucket.volume.host:port/
    String[] vb = cluster.rootPrefix().substring(1).split("/");
    return "o3fs://" + vb[1] + "." + vb[0] + "." + cluster.fileSystemUri().getAuthority() + "/spark/copy";
  }

  /** ofs://host:port/vol1/bucket1 */
  private String bucket() {
    return cluster.fileSystemUri() + cluster.rootPrefix().substring(1);
  }

  /**
   * --instrument: the Byteman agent loaded into this JVM, where local[*]'s executors are threads, times the
   * job's own writes through Ozone's shaded client (ozone-filesystem-hadoop3, whose hdds client classes keep
   * their names, so the ozone rules match): every Parquet file is written and closed on the executors' ofs://
   * file system, and the client's waits for commit are timed.
   */
  @Test
  void instrumentTimesTheExecutorsWritesAndTheWaitsForCommit() throws Exception {
    Path runs = tmp.resolve("runs-instrument");
    io.harness.testkit.Run r = harnessIn(runs, "spark", "generate", bucket() + "/spark/instrumented", "--records", "200",
        "--record-size", "4KB", "--partitions", "2", "--instrument");
    assertEquals(0, r.code(), r.toString());
    assertTrue(r.err().contains("harness-instrumentation: timing write,ozone in this JVM"), r.err());
    JsonNode j = ResultWriter.mapper().readTree(onlyRun(runs).resolve("result.json").toFile());
    assertEquals("write,ozone", j.at("/options/--instrument").asText());
    long files = j.at("/figures/files").asLong();
    assertEquals(2, files, "one Parquet file per partition");
    JsonNode instrumentation = j.at("/instrumentation");
    // two ofs:// instances write: the executors' (Hadoop's cached one, open until the JVM ends: the Parquet
    // files and the committer's _SUCCESS) and the harness's own (generate's marker file, closed at the end)
    JsonNode executors = null;
    for (JsonNode fs : instrumentation) {
      if ("ofs".equals(fs.path("scheme").asText()) && (executors == null
          || fs.at("/counters/write.call").asLong() > executors.at("/counters/write.call").asLong())) {
        executors = fs;
      }
    }
    assertNotNull(executors, "an ofs:// file system in " + instrumentation);
    JsonNode c = executors.get("counters");
    assertTrue(c.get("write.call").asLong() >= files, instrumentation.toString());
    assertEquals(files + 1, c.get("close.call").asLong(), "each Parquet file and _SUCCESS closed once: "
        + instrumentation);
    // each Parquet file's close waited for its commit (_SUCCESS, empty, has no block to commit)
    assertTrue(c.get("watchForCommit.call").asLong() >= files, instrumentation.toString());
    assertTrue(c.get("flushWait.handleFlush.call").asLong() > 0, instrumentation.toString());
    assertEquals(0, c.get("write.failed").asLong(), instrumentation.toString());
  }

  /**
   * --profile wall: async-profiler around the Spark job; the flame graph lies beside result.json, which names
   * it, the event and the engine, and it holds the job's frames.
   */
  @Test
  void profileWritesTheFlameGraphOfTheSparkJob() throws Exception {
    Path runs = tmp.resolve("runs-profile");
    io.harness.testkit.Run r = harnessIn(runs, "spark", "generate", bucket() + "/spark/profiled", "--records", "200",
        "--record-size", "4KB", "--partitions", "2", "--profile", "wall");
    assertEquals(0, r.code(), r.toString());
    Path run = onlyRun(runs);
    JsonNode p = ResultWriter.mapper().readTree(run.resolve("result.json").toFile()).at("/profile");
    assertEquals("wall", p.path("event").asText(), p.toString());
    assertEquals("flamegraph-wall.html", p.path("flameGraph").asText(), p.toString());
    assertTrue(p.path("engine").asText().startsWith("wall-clock"), p.toString());
    Path html = run.resolve("flamegraph-wall.html");
    assertTrue(Files.isRegularFile(html), html.toString());
    String page = Files.readString(html);
    assertTrue(page.contains("harness wall profile"), html.toString());
    assertTrue(io.harness.testkit.FlameGraphs.hasFrame(html, "io/harness/spark/GenerateWorkload."),
        "the measured phase's own frames in " + html);
    assertTrue(r.err().contains("Flame graph (wall, wall-clock"), r.err());
  }
}
