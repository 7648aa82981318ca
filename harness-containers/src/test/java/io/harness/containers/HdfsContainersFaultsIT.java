package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datanodes of a multi-process HDFS (a namenode, three datanodes) killed ({@code docker kill}) or paused
 * ({@code docker pause}) while the harness writes 4 x 512 MB with dfsio. Each case hurts the cluster for
 * good, so each has a cluster of its own (ready in about 10 s).
 */
class HdfsContainersFaultsIT {
  static final String CLUSTER = "hdfs 3 dn";

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
        "512MB", "-bufferSize", "65536", "--task-timeout", "5m", "--run-dir", work.resolve("runs").toString(),
        "-resFile", work.resolve("res.log").toString());
  }

  /** A dfsio write once the datanodes hold 768 MB of it (256 MB of each of 3 replicas): under way. */
  private Fault writeUnderWay() throws Exception {
    long base = Fault.onDisk(cluster);
    return Fault.start(work.resolve("runs"), dfsio("dfsio", "-write")).awaitOnDisk(cluster, base, 3L * 256 << 20);
  }

  private void verifiedReadFindsEveryByte(String name) throws Exception {
    Cli.Run read = Cli.run(dfsio("dfsio", "-read", "--verify"));
    Fault.report(CLUSTER, name, read);
    assertEquals(0, read.code(), read.all());
    assertTrue(read.out().contains("Number of files: 4"), read.out());
    assertEquals(4L * 512 << 20, Cli.lastResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }

  @Test
  void case1OneDatanodeKilledTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Exception {
    Fault write = writeUnderWay();
    cluster.datanode(0).kill();
    Cli.Run r = write.await(CLUSTER, "1: dn1 killed during dfsio -write 4 x 512MB", 15);
    assertEquals(0, r.code(), r.all());
    JsonNode json = write.assertTruthful(r);
    assertEquals(4L * 512 << 20, json.get("aggregate").get("bytes").asLong());
    verifiedReadFindsEveryByte("1: dfsio -read --verify after dn1 killed");
  }

  @Test
  void case2TwoDatanodesKilledTheRunEndsNamesTheFailedTasksAndKeepsItsFigures() throws Exception {
    writeUnderWay().twoDatanodesKilled(cluster, CLUSTER, "4 x 512MB");
  }

  @Test
  @org.junit.jupiter.api.Tag(OzoneContainersFaultsIT.SLOW)
  void case3OneDatanodePausedTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Throwable {
    Fault write = writeUnderWay();
    write.onePaused(cluster, CLUSTER, "4 x 512MB", r -> {
      assertEquals(0, r.code(), r.all());
      assertEquals(4L * 512 << 20, write.assertTruthful(r).get("aggregate").get("bytes").asLong());
      verifiedReadFindsEveryByte("3: dfsio -read --verify, dn1 still paused");
    });
  }
}
