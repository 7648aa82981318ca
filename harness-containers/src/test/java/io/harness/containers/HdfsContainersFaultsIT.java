package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A datanode's JVM killed ({@code docker kill}) while the harness writes to a multi-process HDFS. */
class HdfsContainersFaultsIT {
  @TempDir
  Path work;

  HdfsContainers cluster;

  @BeforeEach
  void start() throws Exception {
    Docker.requireOrSkip();
    cluster = HdfsContainers.start(work.resolve("cluster"), 3, ClusterImage.project(), Map.of(),
        Duration.ofMinutes(3));
  }

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private String[] dfsio(String... op) {
    return Cli.concat(op, "-fs", cluster.uri().toString(), "--root", "/bench", "-nrFiles", "4", "-fileSize",
        "512MB", "-bufferSize", "65536", "--run-dir", work.resolve("runs").toString(), "-resFile",
        work.resolve("res.log").toString());
  }

  /** Waits until the cluster holds {@code bytes} of the run's data: the write is under way. */
  private void awaitWritten(long bytes, CompletableFuture<Cli.Run> run) throws Exception {
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path("/bench");
      while (!run.isDone() && !(fs.exists(data) && fs.getContentSummary(data).getSpaceConsumed() >= bytes)) {
        Thread.sleep(200);
      }
    }
    assertTrue(!run.isDone(), "the write ended before the fault: " + (run.isDone() ? run.get().all() : ""));
  }

  @Test
  void oneDatanodeKilledTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Exception {
    CompletableFuture<Cli.Run> run = CompletableFuture.supplyAsync(() -> Cli.run(dfsio("dfsio", "-write")));
    awaitWritten(3L * 256 << 20, run);
    long t0 = System.nanoTime();
    cluster.datanode(0).kill();
    Cli.Run write = run.get(15, TimeUnit.MINUTES);
    System.out.printf("FAULT | hdfs dfsio -write 4 x 512MB, dn1 killed | exit %d | run %.1f s | %.1f s after"
        + " the kill%n", write.code(), write.seconds(), (System.nanoTime() - t0) / 1e9);
    assertEquals(0, write.code(), write.all());
    JsonNode json = Cli.lastResult(work.resolve("runs"));
    assertEquals(0, json.get("exitCode").asInt());
    assertEquals(4L * 512 << 20, json.get("aggregate").get("bytes").asLong());

    Cli.Run read = Cli.run(dfsio("dfsio", "-read", "--verify"));
    System.out.printf("FAULT | hdfs dfsio -read --verify after the kill | exit %d | %.1f s%n", read.code(),
        read.seconds());
    assertEquals(0, read.code(), read.all());
    assertTrue(read.out().contains("Number of files: 4"), read.out());
    assertEquals(4L * 512 << 20, Cli.lastResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }
}
