package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datanodes of a multi-process Ozone (SCM, OM, three datanodes; RATIS/THREE) killed or paused, or the OM killed
 * and started again, while the harness writes 4 x 64 MB with dfsio. Each case hurts the cluster for good, so each
 * has a cluster of its own, with {@link #SETTINGS}.
 */
class OzoneContainersFaultsIT {
  static final String CLUSTER = "ozone 3 dn";
  static final long BYTES = 4L * 64 << 20;
  static final Fault.DfsioFiles FILES = new Fault.DfsioFiles("/vol1/bucket1/bench", 4, 64L << 20, 4242);

  /**
   * The cluster's and the client's settings for these faults. A replica that went silent holds up each block's
   * watch for commit on all three for the servers' watch timeout (30 s by default) before the client settles for
   * the majority: 5 s. SCM would call a silent datanode stale after 5 minutes and close its pipeline, and a writer
   * that then needs a new block finds no three healthy datanodes; here SCM keeps the pipeline (30 and 60 minutes),
   * so the outcome does not depend on how long the run takes: the two datanodes left go on.
   */
  static final Map<String, String> SETTINGS = Map.of("hdds.ratis.raft.server.watch.timeout", "5s",
      "ozone.scm.stale.node.interval", "30m", "ozone.scm.dead.node.interval", "60m");

  @TempDir
  Path work;

  OzoneContainers cluster;

  @BeforeEach
  void start() throws Exception {
    Docker.requireOrSkip();
    cluster = OzoneContainers.start(work.resolve("cluster"), 3, ClusterImage.project(), SETTINGS,
        Duration.ofMinutes(4));
  }

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private String[] dfsio(String... op) {
    return dfsioWithTaskTimeout("5m", op);
  }

  private String[] dfsioWithTaskTimeout(String taskTimeout, String... op) {
    return Cli.concat(op, "-conf", cluster.configurationFile().toString(), "--root",
        FILES.root(), "-nrFiles", "4", "-fileSize", "64MB", "-bufferSize", "65536", "--seed", "4242",
        "--task-timeout", taskTimeout, "--run-dir", work.resolve("runs").toString(), "-resFile",
        work.resolve("res.log").toString());
  }

  /** A dfsio write once the datanodes hold 3 x 16 MB of it: under way. */
  private Fault writeUnderWay(String... args) throws Exception {
    long base = Fault.onDisk(cluster);
    return Fault.start(work.resolve("runs"), args.length == 0 ? dfsio("dfsio", "-write") : args)
        .awaitOnDisk(cluster, base, 3L * 16 << 20);
  }

  private void verifiedReadFinds(Fault write, Set<String> written, String name) throws Exception {
    write.readBackFinds(written, cluster, FILES, CLUSTER, name, dfsio("dfsio", "-read", "--verify"));
  }

  /** One datanode killed: the client goes on with the two left, exit 0, and a verified read finds every byte. */
  @Test
  void case1OneDatanodeKilledTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Exception {
    Fault write = writeUnderWay();
    cluster.datanode(0).kill();
    Cli.Run r = write.await(CLUSTER, "1: dn1 killed during dfsio -write 4 x 64MB", 15);
    assertEquals(0, r.code(), r.all());
    verifiedReadFinds(write, write.written(r, BYTES), "1: dfsio -read --verify after dn1 killed");
  }

  /**
   * Two of three killed: no quorum, the client waits without a limit of its own; {@code --task-timeout 30s} gives
   * every task up, and the run exits 1 naming all four (then waits its 60 s for the part file, and says so).
   */
  @Test
  void case2TwoDatanodesKilledTheRunEndsNamesTheFailedTasksAndKeepsItsFigures() throws Exception {
    Fault write = writeUnderWay(dfsioWithTaskTimeout("30s", "dfsio", "-write"));
    cluster.datanode(0).kill();
    cluster.datanode(1).kill();
    Cli.Run r = write.await(CLUSTER, "2: dn1, dn2 killed during dfsio -write 4 x 64MB, --task-timeout 30s", 15);
    assertEquals(Set.of(), write.assertFailedTruthfully(r), "no task ends without an error");
    assertEquals(4, Cli.lastResult(work.resolve("runs")).get("failedTasks").size(), r.all());
  }

  /**
   * One datanode paused: the two others commit each write, the client settles for the majority after the watch
   * timeout, and the run exits 0. The read comes after the datanode resumes: with it still paused a read here
   * went on for over 9 minutes (each chunk read waits on the silent replica before another answers; no single
   * call reaches --task-timeout).
   */
  @Test
  void case3OneDatanodePausedTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Throwable {
    Fault write = writeUnderWay();
    Cli.Run[] r = new Cli.Run[1];
    write.onePaused(cluster, CLUSTER, "4 x 64MB", run -> r[0] = run);
    assertEquals(0, r[0].code(), r[0].all());
    verifiedReadFinds(write, write.written(r[0], BYTES), "3: dfsio -read --verify after dn1 resumed");
  }

  /**
   * The OM killed and started again 5 s later (its RocksDB and Ratis log on its host folder): the data goes on to
   * the datanodes, each file's close (the key's commit) waits for the OM, the client retrying: exit 0, and a
   * verified read finds every byte.
   */
  @Test
  void case4OzoneManagerKilledAndRestartedTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Exception {
    Fault write = writeUnderWay();
    Fault.killedAndStartedAgain(cluster.service(OzoneContainers.OM));
    Cli.Run r = write.await(CLUSTER, "4: om killed, restarted 5 s later, during dfsio -write 4 x 64MB", 15);
    assertEquals(0, r.code(), r.all());
    verifiedReadFinds(write, write.written(r, BYTES), "4: dfsio -read --verify after the om restart");
  }
}
