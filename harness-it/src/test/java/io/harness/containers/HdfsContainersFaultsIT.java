package io.harness.containers;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datanodes of a multi-process HDFS (a namenode, three datanodes) killed ({@code docker kill}) or paused
 * ({@code docker pause}), or the namenode killed and started again, while the harness writes 4 x 256 MB with
 * dfsio. Each case hurts the cluster for good, so each has a cluster of its own (ready in about 10 s), with the
 * settings its fault needs.
 */
@org.junit.jupiter.api.Tag("slow-fault")
class HdfsContainersFaultsIT {
  static final String CLUSTER = "hdfs 3 dn";
  static final long BYTES = 4L * 256 << 20;
  static final Fault.DfsioFiles FILES = new Fault.DfsioFiles("/bench", 4, 256L << 20, 4242);
  /**
   * The client's and the datanodes' socket timeout in the paused-datanode case, instead of 60 s: how long a
   * write (and the read after it) waits on the silent datanode before it goes on without it.
   */
  static final String PAUSE_TIMEOUT = "dfs.client.socket-timeout=10000";

  @TempDir
  Path work;

  HdfsContainers cluster;

  @BeforeEach
  void start(TestInfo test) throws Exception {
    Docker.requireOrSkip();
    String name = test.getTestMethod().orElseThrow().getName();
    Map<String, String> settings = Map.of();
    if (name.startsWith("case2")) {
      // a block must reach two replicas: with two of three datanodes gone none can, whenever the kill lands (with
      // the default of one, a writer whose next block came after the kill went on with the last datanode, and the
      // run's outcome depended on where in a block each writer was)
      settings = Map.of("dfs.namenode.replication.min", "2");
    } else if (name.startsWith("case3")) {
      settings = Map.of("dfs.client.socket-timeout", "10000");
    } else if (name.startsWith("case4")) {
      // a restarted namenode stays in safe mode until all three datanodes have registered (and 3 s more for their
      // storage reports): no writer is given a new block while the namenode knows no datanode to put it on
      settings = Map.of("dfs.namenode.safemode.min.datanodes", "3", "dfs.namenode.safemode.extension", "3000");
    }
    cluster = HdfsContainers.start(work.resolve("cluster"), 3, ClusterImage.project(), settings,
        Duration.ofMinutes(3));
  }

  @AfterEach
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private String[] dfsio(String... op) {
    return Cli.concat(op, "-fs", cluster.uri().toString(), "--root", FILES.root(), "-nrFiles", "4", "-fileSize",
        "256MB", "-bufferSize", "65536", "--seed", "4242", "--task-timeout", "5m", "--run-dir", work.resolve("runs").toString(),
        "-resFile", work.resolve("res.log").toString());
  }

  /** A dfsio write once the datanodes hold 384 MB of it (128 MB of each of 3 replicas): under way. */
  private Fault writeUnderWay(String... clientSettings) throws Exception {
    long base = Fault.onDisk(cluster);
    return Fault.start(work.resolve("runs"), dfsio(Cli.concat(new String[] {"dfsio", "-write"}, clientSettings)))
        .awaitOnDisk(cluster, base, 3L * 128 << 20);
  }

  private void readBack(Fault write, Set<String> written, String name) throws Exception {
    write.readBackFinds(written, cluster, FILES, CLUSTER, name, dfsio("dfsio", "-read", "--verify"));
  }

  @Test
  void case1OneDatanodeKilledTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Exception {
    Fault write = writeUnderWay();
    cluster.datanode(0).kill();
    Run r = write.await(CLUSTER, "1: dn1 killed during dfsio -write 4 x 256MB", 15);
    assertExit(r, 0);
    readBack(write, write.written(r, BYTES), "1: dfsio -read --verify after dn1 killed");
  }

  @Test
  void case2TwoDatanodesKilledTheRunEndsNamesTheFailedTasksAndKeepsItsFigures() throws Exception {
    writeUnderWay().twoDatanodesKilled(cluster, CLUSTER, "4 x 256MB");
  }

  /**
   * Hadoop's default client does not retry a namenode that refuses connections, nor one in safe mode: every
   * writer fails at its next block, the run exits 1 naming all four, and no file is counted as written.
   */
  @Test
  void case4NamenodeKilledAndRestartedEveryWriterFails() throws Exception {
    Fault write = writeUnderWay("-D", "dfs.blocksize=16m");
    Run r = namenodeKilledAndRestartedOn(write, "");
    Set<String> written = write.assertFailedTruthfully(r);
    assertEquals(Set.of(), written, "no file written: " + r.all());
    assertEquals(4, Runs.latestResult(work.resolve("runs")).get("failedTasks").size(), r.all());
    assertEquals(0, Runs.latestResult(work.resolve("runs")).at("/aggregate/bytes").asLong());
  }

  /**
   * With the client's retry policy on ({@code dfs.client.retry.policy.enabled}, off by default) every writer waits
   * through the namenode's absence and its safe mode: the run exits 0, and a verified read finds every byte.
   */
  @Test
  void case4NamenodeKilledAndRestartedWithTheClientsRetryPolicyOnEveryFileIsWritten() throws Exception {
    Fault write = writeUnderWay("-D", "dfs.blocksize=16m", "-D", "dfs.client.retry.policy.enabled=true");
    Run r = namenodeKilledAndRestartedOn(write, ", client retry policy on");
    assertExit(r, 0);
    readBack(write, write.written(r, BYTES), "4: dfsio -read --verify after the nn restart, client retry policy on");
  }

  /**
   * The namenode killed and started again 5 s later (its image and edits on its host folder) while dfsio writes
   * with 16 MB blocks (every writer asks the namenode for a block within a second); returns the run.
   */
  private Run namenodeKilledAndRestartedOn(Fault write, String name) throws Exception {
    Fault.killedAndStartedAgain(cluster.service(HdfsContainers.NAMENODE));
    return write.await(CLUSTER, "4: nn killed, restarted 5 s later, during dfsio -write 4 x 256MB" + name, 15);
  }

  /**
   * teragen (10m rows = 1 GB, 2 maps) with a datanode killed part-way: the write recovers, and teravalidate
   * reads back every row, with the checksum teragen computed from the rows as it wrote them.
   */
  @Test
  void teragenWithADatanodeKilledWritesEveryRow() throws Exception {
    String runs = work.resolve("runs").toString();
    long base = Fault.onDisk(cluster);
    Fault gen = Fault.start(work.resolve("runs"), "teragen", "10m", "/tera", "-m", "2", "-fs",
        cluster.uri().toString(), "--task-timeout", "5m", "--run-dir", runs).awaitOnDisk(cluster, base, 3L * 200 << 20);
    cluster.datanode(0).kill();
    Run r = gen.await(CLUSTER, "1: dn1 killed during teragen 10m rows, 2 maps", 15);
    assertExit(r, 0);
    JsonNode json = gen.assertTruthful(r);
    assertEquals(10_000_000L * 100, json.get("aggregate").get("bytes").asLong());
    String checksum = json.get("figures").get("checksum").asText();
    Run v = Cli.run("teravalidate", "/tera", "--checksum-only", "--expect-rows", "10m", "--expect-checksum",
        checksum, "-fs",
        cluster.uri().toString(), "--run-dir", runs);
    Fault.report(CLUSTER, "1: teravalidate after dn1 killed", v);
    assertExit(v, 0);
    assertEquals(10_000_000L, Runs.latestResult(work.resolve("runs")).get("figures").get("rows").asLong());
  }

  /**
   * freon dfsg -f (fail at end) with every datanode killed part-way (with two of three gone HDFS writes on with
   * the third and no file fails, so all three): the run goes on to the last file, names every failed file with
   * its reason in its JSON (the terminal: each reason with its count and first files), counts the others, and
   * exactly the files it counts are whole on the cluster.
   */
  @Test
  void dfsgFailAtEndWithTheDatanodesKilledNamesTheFailedFilesAndCountsTheOthers() throws Exception {
    long base = Fault.onDisk(cluster);
    Fault dfsg = Fault.start(work.resolve("runs"), "freon", "dfsg", "-fs", cluster.uri().toString(), "--path",
        "/freon", "-p", "run", "-n", "100", "-s", "2MB", "-t", "4", "-f", "--run-dir",
        work.resolve("runs").toString()).awaitOnDisk(cluster, base, 3L * 40 << 20);
    for (String dn : cluster.datanodes()) {
      cluster.service(dn).kill();
    }
    Run r = dfsg.await(CLUSTER, "all 3 dn killed during freon dfsg -f -n 100 -s 2MB", 15);
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    JsonNode figures = json.get("figures");
    long ok = figures.get("files").asLong();
    long bad = figures.get("failedFiles").asLong();
    assertEquals(100, ok + bad, figures.toString());
    assertTrue(ok > 0 && bad > 0, figures.toString());
    assertExit(r, 1);
    assertEquals(1, json.get("exitCode").asInt());
    assertTrue(r.out().contains("Files written: " + ok + " (" + bad + " failed)"), r.out());
    assertTrue(r.err().contains("freon dfsg: " + bad + " file(s) failed:"), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    assertEquals(ok * (2L << 20), json.get("aggregate").get("bytes").asLong());
    Set<String> failed = new TreeSet<>();
    for (JsonNode f : figures.get("failed")) {
      String line = f.asText();
      failed.add(line.substring(line.lastIndexOf('/', line.indexOf(": ")) + 1, line.indexOf(": ")));
    }
    assertEquals(bad, failed.size(), "every failed file named once: " + figures.get("failed"));
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      long whole = 0;
      for (FileStatus f : fs.listStatus(new org.apache.hadoop.fs.Path("/freon/run"))) {
        whole += f.getLen() == 2L << 20 && !failed.contains(f.getPath().getName()) ? 1 : 0;
      }
      assertEquals(ok, whole, "whole files on the cluster that the run did not name as failed");
    }
  }

  /**
   * Left out of the default build (the {@value #PAUSED_WRITE} group) until its outcome is one outcome: in one clean
   * CI run of three, one writer stayed in write() past the 300 s task timeout instead of going on after the 10 s
   * socket timeout (exit 1, 3 of 4 files written); in the other two, and in the fault session's runs, every writer
   * went on and every byte read back.
   */
  static final String PAUSED_WRITE = "paused-write";

  /**
   * One datanode paused ({@code docker pause}) during the write, its socket timeout 10 s on the client and the
   * datanodes (60 s by default): each pipeline through it stalls once for the timeout, goes on without it, and
   * the run exits 0; a verified read with the datanode still paused finds every byte.
   */
  @Test
  @org.junit.jupiter.api.Tag(PAUSED_WRITE)
  void case3OneDatanodePausedTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Throwable {
    Fault write = writeUnderWay("-D", PAUSE_TIMEOUT);
    write.onePaused(cluster, CLUSTER, "4 x 256MB", r -> {
      assertExit(r, 0);
      write.readBackFinds(write.written(r, BYTES), cluster, FILES, CLUSTER,
          "3: dfsio -read --verify, dn1 still paused", dfsio("dfsio", "-read", "--verify", "-D", PAUSE_TIMEOUT));
    });
  }
}
