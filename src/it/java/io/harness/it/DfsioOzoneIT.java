package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.target.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
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
    Cli.Run r = Cli.inProcess("dfsio", "-write", "-conf", confFile.toString(), "--run-dir",
        work.resolve("runs").toString());
    assertEquals(2, r.code(), r.all());
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
      Cli.Run w = Cli.inProcess("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "--replication", c[0],
          "--root", root, "--run-dir", work.resolve("runs").toString(), "-resFile",
          work.resolve("res.log").toString(), "-conf", confFile.toString());
      assertEquals(0, w.code(), w.all());
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
    Cli.Run sp = Cli.inProcess("dfsio", "-write", "-storagePolicy", "HOT", "--root",
        cluster.rootPrefix() + "/benchmarks/never", "--run-dir", work.resolve("runs").toString(), "-conf",
        confFile.toString());
    assertEquals(2, sp.code(), sp.all());
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
    Cli.Run w = Cli.inProcess(concat(new String[] {"dfsio", "-write"}, common));
    assertEquals(0, w.code(), w.all());
    assertTrue(w.out().contains("MapReduce engine (local)"), w.out());
    assertTrue(w.out().contains(" Total MBytes processed: 6"), w.out());
    JsonNode j = Cli.lastResult(work.resolve("runs"));
    assertEquals(3, j.get("tasks").size(), j.toString());
    assertEquals(3L * (2 << 20), j.get("aggregate").get("bytes").asLong());
    try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(cluster.configuration())) {
      for (int i = 0; i < 3; i++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i);
        DfsioChecks.assertContent(fs, p, new io.harness.core.data.SeededData(24301, i), 2L << 20);
      }
      // the reducer's part file, on Ozone like the data
      String part = new String(fs.open(new org.apache.hadoop.fs.Path(root + "/io_write/part-00000")).readAllBytes(),
          java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(part.contains("l:tasks\t3\n") && part.contains("l:size\t" + 3 * (2 << 20) + "\n"), part);
    }
    Cli.Run r = Cli.inProcess(concat(new String[] {"dfsio", "-read", "--verify"}, common));
    assertEquals(0, r.code(), r.all());
    assertEquals(3L * (2 << 20), Cli.lastResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** The first command of the README, exactly as a newcomer types it (from the assembled dist). */
  @Test
  void readmeCommandOnEmbeddedOzone(@TempDir Path work) throws Exception {
    Cli.Run r = Cli.process(work, 600, "dfsio", "-write", "-nrFiles", "4", "-fileSize", "64MB",
        "--embedded", "ozone");
    assertEquals(0, r.code(), r.all());
    assertTrue(r.out().contains("----- TestDFSIO ----- : write"), r.out());
    assertTrue(r.out().contains(" Total MBytes processed: 256"), r.out());
    assertTrue(r.out().contains("Aggregate throughput mb/sec: "), r.out());
    assertTrue(r.out().contains("write latency ms: p50 "), r.out());
    JsonNode j = Cli.lastResult(work.resolve("harness-runs"));
    assertTrue(j.get("target").asText().startsWith("ofs://"), j.get("target").asText());
    assertTrue(j.get("root").asText().contains("/vol1/bucket1/benchmarks/TestDFSIO"), j.get("root").asText());
    assertEquals(4L << 26, j.get("aggregate").get("bytes").asLong());
    assertTrue(j.get("versions").get("ozone").asText().startsWith("2.2"), j.get("versions").toString());
  }
}
