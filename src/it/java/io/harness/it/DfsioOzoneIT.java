package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dfsio on Ozone through ofs://: one MiniOzoneCluster for the in-JVM runs, plus the README's command. */
class DfsioOzoneIT {
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = new MiniOzoneProvider().start(new Configuration(), 3);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void writeThenVerifiedReadOverOfs(@TempDir Path work) throws Exception {
    assertEquals("ofs", cluster.fileSystemUri().getScheme());
    DfsioChecks.writeThenVerifiedRead(cluster.configuration(), cluster.rootPrefix() + "/benchmarks/TestDFSIO",
        work, 3, 8L << 20);
  }

  @Test
  void ofsRootMustNameAVolumeAndBucket(@TempDir Path work) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = java.nio.file.Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
    Run r = Cli.run("dfsio", "-write", "-conf", confFile.toString(), "--run-dir",
        work.resolve("runs").toString());
    assertExit(r, 2);
    assertTrue(r.err().contains("test.build.data: on ofs:// the root must be /VOLUME/BUCKET/DIR"), r.err());
  }

  /** --replication becomes the replication of the keys the tasks write, checked through Ozone's own client. */
  @Test
  void replicationOptionSetsTheKeysReplication(@TempDir Path work) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = java.nio.file.Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
    String[][] cases = {{"RATIS/ONE", "RATIS/ONE"}, {"ratis/3", "RATIS/THREE"}};
    for (String[] c : cases) {
      String root = cluster.rootPrefix() + "/benchmarks/repl-" + c[1].replace('/', '-');
      Run w = Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "--replication", c[0],
          "--root", root, "--run-dir", work.resolve("runs").toString(), "-resFile",
          work.resolve("res.log").toString(), "-conf", confFile.toString());
      assertExit(w, 0);
      assertTrue(w.out().contains("replication " + c[1]), w.out());
      try (org.apache.hadoop.ozone.client.OzoneClient client =
          org.apache.hadoop.ozone.client.OzoneClientFactory.getRpcClient(
              new org.apache.hadoop.hdds.conf.OzoneConfiguration(cluster.configuration()))) {
        String[] parts = root.substring(1).split("/", 3);
        var bucket = client.getObjectStore().getVolume(parts[0]).getBucket(parts[1]);
        for (int i = 0; i < 2; i++) {
          var key = bucket.getKey(parts[2] + "/io_data/test_io_" + i);
          assertEquals(c[1], key.getReplicationConfig().getReplicationType() + "/"
              + key.getReplicationConfig().getReplication(), key.getName());
          assertEquals(1L << 20, key.getDataSize());
        }
      }
    }
    // HDFS-only options on Ozone: exit 2, one line, pointing at --replication
    Run sp = Cli.run("dfsio", "-write", "-storagePolicy", "HOT", "--root",
        cluster.rootPrefix() + "/benchmarks/never", "--run-dir", work.resolve("runs").toString(), "-conf",
        confFile.toString());
    assertExit(sp, 2);
    assertTrue(sp.err().contains("-storagePolicy: applies to HDFS (hdfs://) only; the target is ofs://")
        && sp.err().contains("; on Ozone use --replication"), sp.err());
  }

  /** The MapReduce engine on the local job runner, writing and reading through ofs://. */
  @Test
  void mapReduceEngineOnTheLocalRunnerOverOfs(@TempDir Path work) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = java.nio.file.Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
    String root = cluster.rootPrefix() + "/benchmarks/mr";
    String[] common = {"-nrFiles", "3", "-fileSize", "2MB", "-bufferSize", "65536", "--engine", "mapreduce",
        "--root", root, "--run-dir", work.resolve("runs").toString(), "-resFile", work.resolve("res.log").toString(),
        "-conf", confFile.toString(), "-D", "mapreduce.framework.name=local",
        "-D", "hadoop.tmp.dir=" + work.resolve("tmp")};
    Run w = Cli.run(Cli.concat(new String[] {"dfsio", "-write"}, common));
    assertExit(w, 0);
    assertTrue(w.out().contains("MapReduce engine (local)"), w.out());
    assertTrue(w.out().contains(" Total MBytes processed: 6"), w.out());
    JsonNode j = Runs.latestResult(work.resolve("runs"));
    assertEquals(3, j.get("tasks").size(), j.toString());
    assertEquals(3L * (2 << 20), j.get("aggregate").get("bytes").asLong());
    try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(cluster.configuration())) {
      for (int i = 0; i < 3; i++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i);
        SeededContent.assertFile(fs, p, 24301, i, 2L << 20);
      }
      // the reducer's part file, on Ozone like the data
      String part = new String(fs.open(new org.apache.hadoop.fs.Path(root + "/io_write/part-00000")).readAllBytes(),
          java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(part.contains("l:tasks\t3\n") && part.contains("l:size\t" + 3 * (2 << 20) + "\n"), part);
    }
    Run r = Cli.run(Cli.concat(new String[] {"dfsio", "-read", "--verify"}, common));
    assertExit(r, 0);
    assertEquals(3L * (2 << 20), Runs.latestResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }

  /**
   * teragen and teravalidate on Ozone: through ofs:// (the cluster's default) and through o3fs:// named by
   * the output directory itself, as the TeraGen-on-o3fs workload gives it; the rows on Ozone are the ones
   * the generator makes, and both directories give the same checksum.
   */
  @Test
  void teragenAndTeravalidateOverOfsAndO3fs(@TempDir Path work) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = java.nio.file.Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
    String runs = work.resolve("runs").toString();
    String ofsDir = cluster.rootPrefix() + "/teragen-ofs";
    Run g = Cli.run("teragen", "5k", ofsDir, "-m", "3", "-conf", confFile.toString(), "--run-dir", runs);
    assertExit(g, 0);
    assertTrue(g.out().contains("teragen: 5000 rows, 500000 bytes, 3 file(s)"), g.out());
    String sum = g.out().lines().filter(l -> l.startsWith("teragen: checksum ")).findFirst().orElseThrow()
        .substring("teragen: checksum ".length());
    String o3fsDir = "o3fs://bucket1.vol1/teragen-o3fs";
    Run o = Cli.run("teragen", "5000", o3fsDir, "-m", "2", "-conf", confFile.toString(), "--run-dir", runs);
    assertExit(o, 0);
    assertTrue(o.out().contains("to " + o3fsDir), o.out());
    assertTrue(o.out().contains("teragen: checksum " + sum), o.out());
    for (String dir : new String[] {ofsDir, o3fsDir}) {
      Run v = Cli.run("teravalidate", dir, "--checksum-only", "--expect-rows", "5k", "--expect-checksum",
          sum, "-conf", confFile.toString(), "--run-dir", runs);
      assertExit(v, 0);
    }
    // the first file's rows, read back through ofs:// and compared with the generator's
    try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(cluster.configuration());
        var in = fs.open(new org.apache.hadoop.fs.Path(ofsDir + "/part-m-00000"))) {
      byte[] got = in.readAllBytes();
      assertEquals(1667 * 100, got.length);
      io.harness.teragen.TeraRandom r = io.harness.teragen.TeraRandom.forRow(0);
      byte[] row = new byte[100];
      for (int i = 0; i < 1667; i++) {
        r.next();
        io.harness.teragen.TeraRows.fill(row, 0, r.hi(), r.lo(), i);
        assertTrue(java.util.Arrays.equals(row, 0, 100, got, i * 100, i * 100 + 100), "row " + i);
      }
    }
  }

  /** freon dfsg through ofs:// and o3fs://: file count and sizes in the bucket. */
  @Test
  void dfsgCreatesTheFilesOverOfsAndO3fs(@TempDir Path work) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = java.nio.file.Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
    String[][] runs = {{cluster.rootPrefix() + "/freon", "ofs", "HSYNC"}, {"o3fs://bucket1.vol1/freon", "o3fs", "NONE"}};
    try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(cluster.configuration())) {
      for (String[] run : runs) {
        Run r = Cli.run("freon", "dfsg", "-n", "30", "-s", "200KB", "-t", "4", "--sync", run[2],
            "--path", run[0], "-p", run[1], "-conf", confFile.toString(), "--run-dir", work.resolve("runs").toString());
        assertExit(r, 0);
        assertTrue(r.out().contains("Files written: 30 (0 failed)"), r.out());
        var files = fs.listStatus(new org.apache.hadoop.fs.Path(cluster.rootPrefix() + "/freon/" + run[1]));
        assertEquals(30, files.length, run[0]);
        for (var f : files) {
          assertEquals(200L << 10, f.getLen(), f.getPath().toString());
        }
      }
    }
  }


  /**
   * --instrument on the shipped script: the agent times the run's own FileSystem calls; the counters
   * in the JSON equal the harness's own count of write() calls, one close per file, and the Ozone client's
   * wait for commit is timed; each FileSystem prints its report when it closes.
   */
  @Test
  void instrumentedDfsioWriteOnOzone(@TempDir Path work) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = java.nio.file.Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
    Run r = Cli.process(work, 600, "dfsio", "-write", "-nrFiles", "2", "-fileSize", "8MB", "--instrument",
        "--root", cluster.rootPrefix() + "/benchmarks/instrumented", "-conf", confFile.toString());
    assertExit(r, 0);
    assertTrue(r.err().contains("harness-instrumentation: timing write,ozone in this JVM"), r.err());
    assertTrue(r.err().contains("Closing file system instance: "), r.err());
    JsonNode j = Runs.latestResult(work.resolve("harness-runs"));
    long writes = j.get("aggregate").get("latency").get("write").get("count").asLong();
    assertEquals(2 * 9, writes); // 8 MB in 1,000,000-byte buffers: 8 full and 1 partial per file
    JsonNode ofs = null;
    for (JsonNode fs : j.get("instrumentation")) {
      if ("ofs".equals(fs.get("scheme").asText()) && fs.get("counters").get("write.call").asLong() > 0) {
        ofs = fs;
      }
    }
    assertTrue(ofs != null, j.get("instrumentation").toString());
    assertEquals(writes, ofs.get("counters").get("write.call").asLong(), ofs.toString());
    assertEquals(2, ofs.get("counters").get("close.call").asLong(), ofs.toString());
    assertTrue(ofs.get("counters").get("watchForCommit.call").asLong() > 0, ofs.toString());
  }

  /** The first command of the README, exactly as a newcomer types it (from the assembled dist). */
  @Test
  void readmeCommandOnEmbeddedOzone(@TempDir Path work) throws Exception {
    Run r = Cli.process(work, 600, "dfsio", "-write", "-nrFiles", "4", "-fileSize", "64MB",
        "--embedded", "ozone");
    assertExit(r, 0);
    assertTrue(r.out().contains("----- TestDFSIO ----- : write"), r.out());
    assertTrue(r.out().contains(" Total MBytes processed: 256"), r.out());
    assertTrue(r.out().contains("Aggregate throughput mb/sec: "), r.out());
    assertTrue(r.out().contains("write latency ms: p50 "), r.out());
    // a newcomer's terminal has the harness's own lines only (the cluster's start, progress every 10 s, and on a
    // busy machine the part file's wait and the summary of the client's warnings, "Library and server logs: ..."
    // with one "  Nx WARN ..." line per distinct warning): the servers' logs are in the run's folder
    assertEquals(java.util.List.of(), r.err().lines()
        .filter(l -> !l.startsWith("Starting embedded ozone") && !l.startsWith("dfsio write: ")
            && !l.startsWith("Started MiniOzoneCluster") && !l.startsWith("dfsio: writing TestDFSIO's part file ")
            && !l.startsWith("dfsio: part file written in ") && !l.startsWith("Library and server logs: ")
            && !l.matches("  (\\d+x (WARN|ERROR) |\\.\\.\\. and \\d+ more ).*")).toList(),
        r.err());
    JsonNode j = Runs.latestResult(work.resolve("harness-runs"));
    assertTrue(j.get("target").asText().startsWith("ofs://"), j.get("target").asText());
    assertTrue(j.get("root").asText().contains("/vol1/bucket1/benchmarks/TestDFSIO"), j.get("root").asText());
    assertEquals(4L << 26, j.get("aggregate").get("bytes").asLong());
    assertTrue(j.get("versions").get("ozone").asText().startsWith("2.2"), j.get("versions").toString());
    // the cluster as its servers and its configuration say: Ozone's default layout, the three datanodes
    JsonNode c = j.get("cluster");
    assertTrue(r.out().startsWith("cluster: Ozone, OM " + j.get("versions").get("ozone").asText()), r.out());
    assertEquals(3, c.get("liveDatanodes").asInt(), c.toString());
    assertEquals("FILE_PER_BLOCK", c.get("ozone").get("chunkLayout").asText(), c.toString());
    assertEquals("V3", c.get("ozone").get("containerSchema").asText(), c.toString());
    assertEquals("bucket1", c.get("ozone").get("bucket").asText(), c.toString());
  }
}
