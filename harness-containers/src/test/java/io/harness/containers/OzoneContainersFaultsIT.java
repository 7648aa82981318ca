package io.harness.containers;

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
  static final long BYTES = 4L * 256 << 20;
  static final Fault.DfsioFiles FILES = new Fault.DfsioFiles("/vol1/bucket1/bench", 4, 256L << 20, 4242);

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
        FILES.root(), "-nrFiles", "4", "-fileSize", "256MB", "-bufferSize", "65536", "--seed", "4242",
        "--task-timeout", "5m", "--run-dir", work.resolve("runs").toString(), "-resFile",
        work.resolve("res.log").toString());
  }

  private Fault writeUnderWay() throws Exception {
    long base = Fault.onDisk(cluster);
    return Fault.start(work.resolve("runs"), dfsio("dfsio", "-write")).awaitOnDisk(cluster, base, 3L * 96 << 20);
  }

  private void verifiedReadFinds(Fault write, Set<String> written, String name) throws Exception {
    write.readBackFinds(written, cluster, FILES, CLUSTER, name, dfsio("dfsio", "-read", "--verify"));
  }

  @Test
  void case1OneDatanodeKilled() throws Exception {
    Fault write = writeUnderWay();
    cluster.datanode(0).kill();
    Cli.Run r = write.await(CLUSTER, "1: dn1 killed during dfsio -write 4 x 256MB", 15);
    verifiedReadFinds(write, write.written(r, BYTES), "1: dfsio -read --verify after dn1 killed");
  }

  @Test
  void case2TwoDatanodesKilledTheRunEndsNamesTheFailedTasksAndKeepsItsFigures() throws Exception {
    writeUnderWay().twoDatanodesKilled(cluster, CLUSTER, "4 x 256MB");
  }

  /**
   * A paused datanode: the outcome is whatever Ozone gives, stated by the FAULT line and checked as such. The
   * read comes after the datanode resumes: with it still paused a read here went on for over 9 minutes (each
   * chunk read waits on the silent replica before another answers; no single call reaches --task-timeout).
   */
  @Test
  void case3OneDatanodePaused() throws Throwable {
    Fault write = writeUnderWay();
    Cli.Run[] r = new Cli.Run[1];
    write.onePaused(cluster, CLUSTER, "4 x 256MB", run -> r[0] = run);
    verifiedReadFinds(write, write.written(r[0], BYTES), "3: dfsio -read --verify after dn1 resumed");
  }

  /**
   * The OM killed and started again 5 s later (its RocksDB and Ratis log on its host folder): the run completes
   * or fails in bounded time with the tasks named, and a verified read finds every file it reported as written.
   */
  @Test
  void case4OzoneManagerKilledAndRestarted() throws Exception {
    Fault write = writeUnderWay();
    Fault.killedAndStartedAgain(cluster.service(OzoneContainers.OM));
    Cli.Run r = write.await(CLUSTER, "4: om killed, restarted 5 s later, during dfsio -write 4 x 256MB", 15);
    verifiedReadFinds(write, write.written(r, BYTES), "4: dfsio -read --verify after the om restart");
  }
}
