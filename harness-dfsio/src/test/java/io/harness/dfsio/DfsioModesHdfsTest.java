package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The modes on a real HDFS (MiniDFSCluster): append and truncate are supported there, and a truncate
 * inside a block makes the NameNode recover that block in the background, which the harness waits for.
 * Three datanodes, so that a 2+1 erasure coding policy can place a whole block group.
 */
class DfsioModesHdfsTest {
  private static final int BLOCK = 1024 * 1024;

  @TempDir
  static java.nio.file.Path work;

  private static MiniDFSCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    Configuration conf = new Configuration();
    conf.setLong("dfs.blocksize", BLOCK);
    conf.setInt("dfs.heartbeat.interval", 1);
    conf.setInt("dfs.replication", 1); // one datanode per pipeline: an append must not look for more
    cluster = new MiniDFSCluster.Builder(conf, work.resolve("dfs").toFile()).numDataNodes(3).build();
    cluster.waitActive();
    cluster.getFileSystem().enableErasureCodingPolicy("XOR-2-1-1024k");
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  private Run harness(String... args) {
    return harnessAt("/bench/modes", args);
  }

  private Run harnessAt(String root, String... args) {
    List<String> all = new ArrayList<>(List.of("-fs", cluster.getURI().toString(),
        "-D", "dfs.blocksize=" + BLOCK, "-D", "dfs.replication=1", "dfsio"));
    all.addAll(Arrays.asList(args));
    all.addAll(List.of("--root", root, "--run-dir", work.resolve("runs").toString(),
        "-resFile", work.resolve("results.log").toString()));
    return Cli.run(all.toArray(new String[0]));
  }

  @Test
  void erasureCodingAndStoragePoliciesAreSetOnTheDataDirectory() throws Exception {
    DistributedFileSystem fs = cluster.getFileSystem();
    // striped files take HOT, COLD or ALL_SSD (HDFS's rule); ALL_SSD falls back to DISK here
    Run w = harness("-write", "-nrFiles", "2", "-fileSize", "3MB", "-erasureCodePolicy", "xor-2-1-1024k",
        "-storagePolicy", "all_ssd");
    assertExit(w, 0);
    assertTrue(w.out().contains("erasure coding XOR-2-1-1024k, storage policy ALL_SSD"), w.out());
    for (int i = 0; i < 2; i++) {
      Path p = new Path("/bench/modes/io_data/test_io_" + i);
      assertEquals("XOR-2-1-1024k", fs.getErasureCodingPolicy(p).getName());
      assertEquals("ALL_SSD", fs.getStoragePolicy(p).getName());
      assertEquals(3L << 20, fs.getFileStatus(p).getLen());
    }
    JsonNode figures = Runs.latestResult(work.resolve("runs")).get("figures");
    assertEquals("XOR-2-1-1024k", figures.get("erasureCodingPolicy").asText());
    assertEquals("ALL_SSD", figures.get("storagePolicy").asText());
    Run r = harness("-read", "--verify", "-nrFiles", "2", "-fileSize", "3MB");
    assertExit(r, 0);

    // a new -write gets a new data directory: replicated again, with the policy it asks for
    assertEquals(0, harness("-write", "-nrFiles", "1", "-fileSize", "1MB", "-storagePolicy", "WARM").code());
    Path p = new Path("/bench/modes/io_data/test_io_0");
    assertTrue(fs.getErasureCodingPolicy(p) == null);
    assertEquals("WARM", fs.getStoragePolicy(p).getName());
  }

  /**
   * The run's {@code cluster} is what the cluster itself says: the namenode's and the datanodes' versions (this
   * Hadoop's, all in this JVM), the three live datanodes, and the policies set on the root by hand, inherited
   * by the root the run writes under; printed once, before the run's first line.
   */
  @Test
  void clusterContextIsTheClustersOwn() throws Exception {
    DistributedFileSystem fs = cluster.getFileSystem();
    Path policies = new Path("/bench/context");
    fs.mkdirs(policies);
    fs.setErasureCodingPolicy(policies, "XOR-2-1-1024k");
    fs.setStoragePolicy(policies, "ALL_SSD"); // falls back to DISK here, as striped files may
    String http = "dfs.namenode.http-address=" + cluster.getNameNode().getHttpAddress().getHostString() + ":"
        + cluster.getNameNode().getHttpAddress().getPort(); // what a client's hdfs-site.xml has
    Run w = harnessAt("/bench/context/dfsio", "-D", http, "-D", "dfs.client.socket-timeout=33000", "-write",
        "-nrFiles", "2", "-fileSize", "2MB");
    assertExit(w, 0);
    String v = org.apache.hadoop.util.VersionInfo.getVersion();
    List<String> lines = w.out().lines().toList();
    assertEquals("cluster: HDFS, namenode " + v + ", 3 live datanodes (" + v + "), block size 1 MB, replication 1, "
        + "storage policy ALL_SSD, EC XOR-2-1-1024k, checksum CRC32C", lines.get(0), w.out());
    assertTrue(lines.get(1).startsWith("client settings: io.file.buffer.size=4096, dfs.blocksize=1048576, "),
        lines.get(1));
    assertTrue(lines.get(2).startsWith("dfsio write: "), w.out());
    assertEquals(1, lines.stream().filter(l -> l.startsWith("cluster")).count(), w.out());
    JsonNode c = Runs.latestResult(work.resolve("runs")).get("cluster");
    assertEquals("HDFS", c.get("system").asText());
    assertEquals(cluster.getURI() + "/bench/context/dfsio", c.get("root").asText());
    assertEquals("[{\"role\":\"namenode\",\"version\":\"" + v + "\"}]", c.get("servers").toString());
    assertEquals(3, c.get("liveDatanodes").asInt());
    assertEquals("[\"" + v + "\"]", c.get("datanodeVersions").toString());
    assertEquals(BLOCK, c.get("blockSize").asLong());
    assertEquals(1, c.get("replication").asInt());
    assertEquals("ALL_SSD", c.get("hdfs").get("storagePolicy").asText());
    assertEquals("XOR-2-1-1024k", c.get("hdfs").get("erasureCodingPolicy").asText());
    assertEquals("33000", c.get("clientSettings").get("dfs.client.socket-timeout").asText());
    assertTrue(c.get("unknown") == null, c.toString());
  }

  @Test
  void unknownOrDisabledPoliciesExitTwoListingWhatTheClusterHas() throws Exception {
    DistributedFileSystem fs = cluster.getFileSystem();
    fs.mkdirs(new Path("/bench/modes/io_data"));
    fs.create(new Path("/bench/modes/io_data/keep")).close();
    String[][] cases = {
        {"-erasureCodePolicy", "RS-99-1-1024k", "-erasureCodePolicy: unknown erasure coding policy "
            + "'RS-99-1-1024k'; enabled: "},
        {"-erasureCodePolicy", "RS-10-4-1024k", "-erasureCodePolicy: RS-10-4-1024k is disabled on this cluster "
            + "(enable it with: hdfs ec -enablePolicy -policy RS-10-4-1024k); enabled: "},
        {"-storagePolicy", "LUKEWARM", "-storagePolicy: unknown storage policy 'LUKEWARM'; the cluster has: "},
        {"--replication", "RATIS/THREE", "--replication: applies to Ozone (ofs://, o3fs://) only; the target is "
            + cluster.getURI() + "; on HDFS use -Ddfs.replication=N or -erasureCodePolicy"},
    };
    for (String[] c : cases) {
      assertUsageError(harness("-write", c[0], c[1]), c[2]);
    }
    Run ec = harness("-write", "-erasureCodePolicy", "nope");
    assertTrue(ec.err().contains("XOR-2-1-1024k") && ec.err().contains("RS-3-2-1024k (disabled)"), ec.err());
    Run sp = harness("-write", "-storagePolicy", "nope");
    assertTrue(sp.err().contains("HOT") && sp.err().contains("ALL_SSD"), sp.err());
    // nothing was written or deleted: the previous data directory is still there
    assertTrue(fs.exists(new Path("/bench/modes/io_data/keep")));
    fs.delete(new Path("/bench/modes/io_data/keep"), false);
  }

  @Test
  void theMapReduceEngineOnHdfs() throws Exception {
    DistributedFileSystem fs = cluster.getFileSystem();
    Run w = harness("-write", "--engine", "mapreduce", "-nrFiles", "3", "-fileSize", "1MB",
        "-D", "mapreduce.framework.name=local", "-D", "hadoop.tmp.dir=" + work.resolve("mr-tmp"));
    assertExit(w, 0);
    // TestDFSIO's control files: one record each, the data file's name and its size
    for (int i = 0; i < 3; i++) {
      Path control = fs.makeQualified(new Path("/bench/modes/io_control/in_file_test_io_" + i));
      try (SequenceFile.Reader r = new SequenceFile.Reader(fs.getConf(), SequenceFile.Reader.file(control))) {
        Text name = new Text();
        LongWritable size = new LongWritable();
        assertTrue(r.next(name, size));
        assertEquals("test_io_" + i, name.toString());
        assertEquals(1L << 20, size.get());
        assertFalse(r.next(name, size));
      }
      assertEquals(1L << 20, fs.getFileStatus(new Path("/bench/modes/io_data/test_io_" + i)).getLen());
    }
    // the reducer writes TestDFSIO's part-00000 itself
    assertTrue(fs.exists(new Path("/bench/modes/io_write/part-00000")));
    assertFalse(fs.exists(new Path("/bench/modes/io_write/part-r-00000")));
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    assertEquals(3, json.get("tasks").size());
    assertEquals(3L << 20, json.get("aggregate").get("bytes").asLong());
  }

  @Test
  void everyModeOnHdfs() throws Exception {
    DistributedFileSystem fs = cluster.getFileSystem();
    Path data0 = new Path("/bench/modes/io_data/test_io_0");

    Run w = harness("-write", "-nrFiles", "2", "-fileSize", "1536K", "-bufferSize", "262144");
    assertExit(w, 0);
    Run a = harness("-append", "-nrFiles", "2", "-fileSize", "1M", "-bufferSize", "262144");
    assertExit(a, 0);
    assertEquals(2560 * 1024, fs.getFileStatus(data0).getLen());
    Run r = harness("-read", "--verify", "-nrFiles", "2", "-fileSize", "2560K");
    assertExit(r, 0);

    for (String mode : new String[] {"-random", "-backward", "-skip"}) {
      Run m = harness("-read", mode, "--verify", "-nrFiles", "2", "-fileSize", "2560K", "-bufferSize",
          "300000");
      assertExit(m, 0);
    }

    // 700 KiB is inside the first block: HDFS answers false and recovers the block in the background
    Run t = harness("-truncate", "-nrFiles", "2", "-size", "700K");
    assertExit(t, 0);
    for (int i = 0; i < 2; i++) {
      Path p = new Path("/bench/modes/io_data/test_io_" + i);
      assertEquals(700 * 1024, fs.getFileStatus(p).getLen());
      assertTrue(fs.isFileClosed(p));
    }
    JsonNode task = Runs.latestResult(work.resolve("runs")).get("tasks").get(0);
    assertEquals((2560 - 700) * 1024, task.get("bytes").asLong());
    assertEquals(1, task.get("latency").get("recovery").get("count").asLong(), task.toString());
    Run after = harness("-read", "-backward", "--verify", "-nrFiles", "2", "-fileSize", "700K");
    assertExit(after, 0);
    // and the truncated file takes appends again
    Run a2 = harness("-append", "-nrFiles", "2", "-fileSize", "100K");
    assertExit(a2, 0);
    Run r2 = harness("-read", "--verify", "-nrFiles", "2", "-fileSize", "800K");
    assertExit(r2, 0);

    Run longer = harness("-truncate", "-nrFiles", "2", "-size", "1M");
    assertExit(longer, 2);
    assertEquals(800 * 1024, fs.getFileStatus(data0).getLen());

    Run c = harness("-clean");
    assertExit(c, 0);
    assertFalse(fs.exists(new Path("/bench/modes")));
    assertTrue(fs.exists(new Path("/bench")), "only the root goes");
  }
}
