package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datanodes of a multi-process Ozone (SCM, OM, three datanodes; RATIS/THREE) killed or paused while the
 * harness writes 4 files with dfsio. Each case hurts the cluster for good, so each has a cluster of its own.
 */
@org.junit.jupiter.api.Tag(OzoneContainersFaultsIT.SLOW)
class OzoneContainersFaultsIT {
  /**
   * The tag of the fault cases that take minutes each (Ozone's client retries, a paused datanode): left out of
   * the default build (CI's 30 minutes), run with {@code -Dharness.containers.excludedGroups=none}.
   */
  static final String SLOW = "slow-fault";

  static final String CLUSTER = "ozone 3 dn";

  @TempDir
  Path work;

  OzoneContainers cluster;

  @BeforeEach
  void start() throws Exception {
    Docker.requireOrSkip();
    cluster = OzoneContainers.start(work.resolve("cluster"), 3, ClusterImage.project(), Map.of(),
        Duration.ofMinutes(4));
  }

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private String[] dfsio(String... op) {
    return Cli.concat(op, "-conf", cluster.configurationFile().toString(), "--root",
        cluster.rootPrefix() + "/bench", "-nrFiles", "4", "-fileSize", "256MB", "-bufferSize", "65536",
        "--task-timeout", "5m", "--run-dir", work.resolve("runs").toString(), "-resFile",
        work.resolve("res.log").toString());
  }

  private Fault writeUnderWay() throws Exception {
    long base = Fault.onDisk(cluster);
    return Fault.start(work.resolve("runs"), dfsio("dfsio", "-write")).awaitOnDisk(cluster, base, 3L * 96 << 20);
  }

  /**
   * The files the run reported as written: all 4 after exit 0 (every byte counted), else the tasks without
   * an error after a truthful failure (exit 1, the failed tasks named).
   */
  private Set<String> written(Fault write, Cli.Run r) throws Exception {
    if (r.code() != 0) {
      return write.assertFailedTruthfully(r);
    }
    assertEquals(4L * 256 << 20, write.assertTruthful(r).get("aggregate").get("bytes").asLong());
    return Fault.succeeded(work.resolve("runs"));
  }

  /**
   * Reads every file back with --verify: each file the write reported as written is read whole and
   * byte-exact (a file whose write failed may fail to read; nothing else may).
   */
  private void verifiedReadFinds(Set<String> written, String name) throws Exception {
    Cli.Run read = Cli.run(dfsio("dfsio", "-read", "--verify"));
    Fault.report(CLUSTER, name, read);
    Set<String> readOk = Fault.succeeded(work.resolve("runs"));
    assertTrue(readOk.containsAll(written), "written " + written + ", read back " + readOk + "\n" + read.all());
    assertEquals(written.size() == 4 ? 0 : 1, read.code(), read.all());
  }

  @Test
  void case1OneDatanodeKilled() throws Exception {
    Fault write = writeUnderWay();
    cluster.datanode(0).kill();
    Cli.Run r = write.await(CLUSTER, "1: dn1 killed during dfsio -write 4 x 256MB", 15);
    verifiedReadFinds(written(write, r), "1: dfsio -read --verify after dn1 killed");
  }

  @Test
  void case2TwoDatanodesKilledTheRunEndsNamesTheFailedTasksAndKeepsItsFigures() throws Exception {
    writeUnderWay().twoDatanodesKilled(cluster, CLUSTER, "4 x 256MB");
  }

  /** A paused datanode: the outcome is whatever Ozone gives, stated by the FAULT line and checked as such. */
  @Test
  void case3OneDatanodePaused() throws Throwable {
    Fault write = writeUnderWay();
    write.onePaused(cluster, CLUSTER, "4 x 256MB",
        r -> verifiedReadFinds(written(write, r), "3: dfsio -read --verify, dn1 still paused"));
  }
}
