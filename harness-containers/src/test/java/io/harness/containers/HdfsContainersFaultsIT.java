package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * Datanodes of a multi-process HDFS (a namenode, three datanodes) killed ({@code docker kill}) or paused
 * ({@code docker pause}) while the harness writes 4 x 512 MB with dfsio. Each case hurts the cluster for
 * good, so each has a cluster of its own (ready in about 10 s).
 */
class HdfsContainersFaultsIT {
  static final String CLUSTER = "hdfs 3 dn";
  static final long BYTES = 4L * 512 << 20;
  static final Fault.DfsioFiles FILES = new Fault.DfsioFiles("/bench", 4, 512L << 20, 4242);

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
    return Cli.concat(op, "-fs", cluster.uri().toString(), "--root", FILES.root(), "-nrFiles", "4", "-fileSize",
        "512MB", "-bufferSize", "65536", "--seed", "4242", "--task-timeout", "5m", "--run-dir", work.resolve("runs").toString(),
        "-resFile", work.resolve("res.log").toString());
  }

  /** A dfsio write once the datanodes hold 768 MB of it (256 MB of each of 3 replicas): under way. */
  private Fault writeUnderWay(String... clientSettings) throws Exception {
    long base = Fault.onDisk(cluster);
    return Fault.start(work.resolve("runs"), dfsio(Cli.concat(new String[] {"dfsio", "-write"}, clientSettings)))
        .awaitOnDisk(cluster, base, 3L * 256 << 20);
  }

  private void readBack(Fault write, Set<String> written, String name) throws Exception {
    write.readBackFinds(written, cluster, FILES, CLUSTER, name, dfsio("dfsio", "-read", "--verify"));
  }

  @Test
  void case1OneDatanodeKilledTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Exception {
    Fault write = writeUnderWay();
    cluster.datanode(0).kill();
    Cli.Run r = write.await(CLUSTER, "1: dn1 killed during dfsio -write 4 x 512MB", 15);
    assertEquals(0, r.code(), r.all());
    readBack(write, write.written(r, BYTES), "1: dfsio -read --verify after dn1 killed");
  }

  @Test
  void case2TwoDatanodesKilledTheRunEndsNamesTheFailedTasksAndKeepsItsFigures() throws Exception {
    writeUnderWay().twoDatanodesKilled(cluster, CLUSTER, "4 x 512MB");
  }

  /**
   * The namenode killed and started again 5 s later (its image and edits on its host folder): the run completes
   * or fails in bounded time with the tasks named, and no file it counted as written is short or differs.
   * {@code clientRetries}: the client's own retry policy on ({@code dfs.client.retry.policy.enabled}, off by
   * default: then a client fails at its first call that finds no namenode).
   */
  private void namenodeKilledAndRestarted(String name, String... clientSettings) throws Exception {
    Fault write = writeUnderWay(clientSettings);
    Fault.killedAndStartedAgain(cluster.service(HdfsContainers.NAMENODE));
    Cli.Run r = write.await(CLUSTER, "4: nn killed, restarted 5 s later, during dfsio -write 4 x 512MB" + name, 15);
    readBack(write, write.written(r, BYTES), "4: read back after the nn restart" + name);
  }

  @Test
  void case4NamenodeKilledAndRestarted() throws Exception {
    namenodeKilledAndRestarted("");
  }

  @Test
  void case4NamenodeKilledAndRestartedWithTheClientsRetryPolicyOn() throws Exception {
    namenodeKilledAndRestarted(", client retry policy on", "-D", "dfs.client.retry.policy.enabled=true");
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
    Cli.Run r = gen.await(CLUSTER, "1: dn1 killed during teragen 10m rows, 2 maps", 15);
    assertEquals(0, r.code(), r.all());
    JsonNode json = gen.assertTruthful(r);
    assertEquals(10_000_000L * 100, json.get("aggregate").get("bytes").asLong());
    String checksum = json.get("figures").get("checksum").asText();
    Cli.Run v = Cli.run("teravalidate", "/tera", "--checksum-only", "--expect-rows", "10m", "--expect-checksum",
        checksum, "-fs",
        cluster.uri().toString(), "--run-dir", runs);
    Fault.report(CLUSTER, "1: teravalidate after dn1 killed", v);
    assertEquals(0, v.code(), v.all());
    assertEquals(10_000_000L, Cli.lastResult(work.resolve("runs")).get("figures").get("rows").asLong());
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
    Cli.Run r = dfsg.await(CLUSTER, "all 3 dn killed during freon dfsg -f -n 100 -s 2MB", 15);
    JsonNode json = Cli.lastResult(work.resolve("runs"));
    JsonNode figures = json.get("figures");
    long ok = figures.get("files").asLong();
    long bad = figures.get("failedFiles").asLong();
    assertEquals(100, ok + bad, figures.toString());
    assertTrue(ok > 0 && bad > 0, figures.toString());
    assertEquals(1, r.code(), r.all());
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

  @Test
  @org.junit.jupiter.api.Tag(OzoneContainersFaultsIT.SLOW)
  void case3OneDatanodePausedTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Throwable {
    Fault write = writeUnderWay();
    write.onePaused(cluster, CLUSTER, "4 x 512MB", r -> {
      assertEquals(0, r.code(), r.all());
      readBack(write, write.written(r, BYTES), "3: dfsio -read --verify, dn1 still paused");
    });
  }
}
