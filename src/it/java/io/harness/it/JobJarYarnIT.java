package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.MiniDfsProvider;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.RunAssertions;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hadoop jar harness.jar dfsio | teragen ...} on YARN: a MiniDFSCluster and a MiniMRYarnCluster in this
 * JVM, and the job jar launched in its own JVM exactly as the {@code hadoop} script launches it: the
 * configuration directory and Hadoop's jars on the class path (nothing of the harness), then
 * {@code org.apache.hadoop.util.RunJar harness.jar ...}. The mini cluster gives every container the
 * submitting JVM's class path, so the application master and the maps find the harness's classes in the
 * job jar alone, as on a real cluster.
 */
class JobJarYarnIT {
  private static final int FILES = 3;
  private static final long FILE_SIZE = 4L << 20;

  private static EmbeddedCluster hdfs;
  private static MiniMRYarnCluster yarn;
  @TempDir
  static Path confDir;

  @BeforeAll
  static void start() throws Exception {
    hdfs = new MiniDfsProvider().start(new Configuration(), 1);
    Configuration conf = new Configuration(hdfs.configuration());
    // two node managers of 4 GB each: the application master and three maps do not fit on one, so a job of
    // several clients runs its maps on both
    conf.setInt("yarn.nodemanager.resource.memory-mb", 4096);
    // the application masters and tasks are short JVMs, as every JVM of the tests: the client compiler only
    // (TestJvm); their heaps as YARN sizes them from the containers' memory
    conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx1024m " + io.harness.testkit.TestJvm.QUICK);
    conf.set("mapreduce.map.java.opts", io.harness.testkit.TestJvm.QUICK);
    conf.set("mapreduce.reduce.java.opts", io.harness.testkit.TestJvm.QUICK);
    yarn = new MiniMRYarnCluster("harness-yarn-it", 2);
    yarn.init(conf);
    yarn.start();
    // what a client's HADOOP_CONF_DIR holds: the file system, the resource manager, the history server
    // (the whole configuration in each file: mapred-default.xml would override a core-site.xml alone)
    // MiniDFSCluster names a rack mapping from hadoop-common's test jar, which no cluster has
    Configuration client = new Configuration(yarn.getConfig());
    client.unset("net.topology.node.switch.mapping.impl");
    for (String site : List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml")) {
      try (OutputStream out = Files.newOutputStream(confDir.resolve(site))) {
        client.writeXml(out);
      }
    }
  }

  @AfterAll
  static void stop() {
    try {
      if (yarn != null) {
        yarn.stop();
      }
    } finally {
      if (hdfs != null) {
        hdfs.close();
      }
    }
  }

  @Test
  void hadoopJarWritesAndReadsAsYarnJobs(@TempDir Path work) throws Exception {
    String root = "/benchmarks/yarn-it";
    Run w = hadoopJar(work, "dfsio", "-write", "-nrFiles", "" + FILES, "-fileSize", "4MB",
        "-bufferSize", "65536", "--root", root, "-resFile", work.resolve("res.log").toString(), "--instrument");
    assertExit(w, 0);
    assertTrue(w.out().contains("--instrument: the maps load -javaagent:harness-instrumentation.jar=rules=write,ozone"),
        w.out());
    assertTrue(w.out().contains("MapReduce engine (yarn)"), w.out());
    assertTrue(w.out().contains("        Number of files: " + FILES), w.out());
    assertTrue(w.out().contains(" Total MBytes processed: " + FILES * 4), w.out());
    assertTrue(w.out().contains("Aggregate throughput mb/sec: "), w.out());
    assertTrue(w.out().contains("write latency ms: p50 "), w.out());

    // it ran on the resource manager, not on the local job runner
    RMApp app = lastApp();
    assertEquals("harness dfsio write", app.getName());
    assertEquals(FinalApplicationStatus.SUCCEEDED, app.getFinalApplicationStatus());
    assertTrue(w.out().contains(app.getApplicationId().toString().replace("application_", "job_")), w.out());

    // the bytes the maps wrote, read back without the harness
    Configuration conf = yarn.getConfig();
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      for (int i = 0; i < FILES; i++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i);
        assertEquals(FILE_SIZE, fs.getFileStatus(p).getLen(), p.toString());
        SeededContent.assertFile(fs, p, 24301, i, FILE_SIZE);
      }
      // the reducer's part file: TestDFSIO's sums and the harness's keys, one map per file
      Map<String, String> part = partFile(fs, root + "/io_write/part-00000");
      assertEquals(String.valueOf(FILES), part.get("l:tasks"));
      assertEquals(String.valueOf(FILES * FILE_SIZE), part.get("l:size"));
      assertEquals("0", part.get("l:harness.failed.tasks"));
      for (int i = 0; i < FILES; i++) {
        assertTrue(part.containsKey("s:harness.task.test_io_" + i), part.keySet().toString());
      }
      assertTrue(Long.parseLong(part.get("l:harness.first.start.epoch.ns"))
          < Long.parseLong(part.get("l:harness.last.end.epoch.ns")));
    }

    // the JSON of the client has every map's record
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    assertEquals(FILES, json.get("tasks").size(), json.get("tasks").toString());
    assertEquals(FILES * FILE_SIZE, json.get("aggregate").get("bytes").asLong());
    assertEquals(64, json.get("tasks").get(0).get("latency").get("write").get("count").asLong());
    // --instrument: every map ran the agent in its own JVM; its hdfs counters equal the map's own count of
    // write() calls (4 MB in 64 KB buffers) and the one close of its file
    Map<String, long[]> perMap = mapCounters(json, "write.call", "close.call");
    assertTrue(w.err().contains("--instrument: " + FILES + " task(s) timed in their own JVMs, summed (ms for allTime):"),
        w.err());
    assertTrue(w.err().contains(" hdfs: write.call=" + 64 * FILES + " "), w.err());
    assertEquals(FILES, perMap.size(), json.get("instrumentation").toString());
    for (int i = 0; i < FILES; i++) {
      assertArrayEquals(new long[] {64, 1}, perMap.get("test_io_" + i), "test_io_" + i + ": " + perMap.keySet());
    }

    // the printed block is what the analyzer makes of the job's part file
    Path confFile = confDir.resolve("core-site.xml");
    Run a = Cli.run("dfsio", "analyze", hdfs.fileSystemUri() + root + "/io_write", "-conf",
        confFile.toString(), "-resFile", work.resolve("analyze.log").toString());
    assertExit(a, 0);
    for (String key : List.of(" Total MBytes processed: ", "      Throughput mb/sec: ",
        " Average IO rate mb/sec: ", "  IO rate std deviation: ")) {
      assertEquals(line(w.out(), key), line(a.out(), key));
    }

    // a verified read, as a second job: every map checks every byte it reads
    Run r = hadoopJar(work, "dfsio", "-read", "--verify", "-nrFiles", "" + FILES, "-fileSize", "4MB",
        "--root", root, "-resFile", work.resolve("res.log").toString());
    assertExit(r, 0);
    assertTrue(r.out().contains("----- TestDFSIO ----- : read"), r.out());
    assertEquals("harness dfsio read", lastApp().getName());
    assertEquals(FILES * FILE_SIZE, Runs.latestResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }

  /**
   * teragen against Hadoop's TeraGen on YARN (the local job runner always runs one map): 1000 rows over 3 maps
   * (3 does not divide it), file by file byte-identical, both for teragen through the job jar on YARN and for
   * teragen's local engine in this JVM. (Other map counts against TeraGen: harness-teragen's tests.)
   */
  @Test
  void teragenFilesEqualTeraGensOnYarn(@TempDir Path work) throws Exception {
    Configuration conf = new Configuration(yarn.getConfig());
    Configuration peer = new Configuration(conf);
    peer.setInt("mapreduce.job.maps", 3);
    assertEquals(0, org.apache.hadoop.util.ToolRunner.run(peer, new org.apache.hadoop.examples.terasort.TeraGen(),
        new String[] {"1000", "/peer/teragen-3"}));
    Run job = hadoopJar(work, "teragen", "1000", "/harness/teragen-yarn-3", "-m", "3", "--instrument=write");
    assertExit(job, 0);
    // --instrument: each map's JVM timed its part file: written (one batch), synced once, closed once
    Map<String, long[]> perMap = mapCounters(Runs.latestResult(work.resolve("runs")), "write.call", "hsync.call",
        "close.call");
    assertEquals(Set.of("part-m-00000", "part-m-00001", "part-m-00002"), perMap.keySet());
    for (long[] c : perMap.values()) {
      assertArrayEquals(new long[] {1, 1, 1}, c, perMap.toString());
    }
    assertTrue(job.out().contains("MapReduce engine (yarn)"), job.out());
    assertEquals("harness teragen", lastApp().getName());
    assertEquals(FinalApplicationStatus.SUCCEEDED, lastApp().getFinalApplicationStatus());
    Run local = Cli.run("teragen", "1000", "/harness/teragen-local-3", "-m", "3", "--engine", "local",
        "-conf", confDir.resolve("core-site.xml").toString(), "--run-dir", work.resolve("runs").toString());
    assertExit(local, 0);
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      assertSameFiles(fs, "/peer/teragen-3", "/harness/teragen-yarn-3", 3);
      assertSameFiles(fs, "/peer/teragen-3", "/harness/teragen-local-3", 3);
    }
    assertEquals(checksum(job.out()), checksum(local.out()));
  }

  /** The node managers the clients' maps ran on. */
  static Set<String> nodes(JsonNode json) {
    Set<String> out = new java.util.TreeSet<>();
    json.at("/clients/nodes").forEach(n -> out.add(n.asText()));
    return out;
  }

  /** namespace's phases of the run {@code r} (exit 0) as its result in {@code runs} has them, none failed: calls by name. */
  static Map<String, Long> phases(Path runs, Run r) throws Exception {
    assertExit(r, 0);
    Map<String, Long> out = new HashMap<>();
    for (JsonNode p : Runs.latestResult(runs).at("/figures/phases")) {
      assertEquals(0, p.get("failed").asLong(), p.toString());
      out.put(p.get("name").asText(), p.get("items").asLong());
    }
    return out;
  }

  /** {@code count} files named 0.. in {@code dir}, each {@code size} bytes of dfsg's seeded 10240-byte buffer. */
  static void assertDfsgFiles(FileSystem fs, String dir, int count, int size) throws Exception {
    assertEquals(count, fs.listStatus(new org.apache.hadoop.fs.Path(dir)).length, dir);
    for (int i = 0; i < count; i++) {
      try (var in = fs.open(new org.apache.hadoop.fs.Path(dir, "" + i))) {
        SeededContent.assertRepeated(dir + "/" + i, in.readAllBytes(), size, 24301, 0, 10240);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------

  private static void assertSameFiles(FileSystem fs, String peer, String ours, int maps) throws Exception {
    var p = fs.globStatus(new org.apache.hadoop.fs.Path(peer, "part-m-*"));
    var h = fs.globStatus(new org.apache.hadoop.fs.Path(ours, "part-m-*"));
    assertEquals(maps, p.length, peer);
    assertEquals(maps, h.length, ours);
    for (int i = 0; i < maps; i++) {
      assertEquals(p[i].getPath().getName(), h[i].getPath().getName());
      try (var a = fs.open(p[i].getPath()); var b = fs.open(h[i].getPath())) {
        assertTrue(java.util.Arrays.equals(a.readAllBytes(), b.readAllBytes()), h[i].getPath().toString());
      }
    }
  }

  private static String checksum(String out) {
    return line(out, "teragen: checksum ");
  }

  /**
   * The hdfs counters of each map that ran the agent in its own JVM ({@code instrumentation}
   * entries with a task), summed over the map's hdfs FileSystem instances, by task name.
   */
  private static Map<String, long[]> mapCounters(JsonNode json, String... counters) {
    Map<String, long[]> perMap = new java.util.TreeMap<>();
    for (JsonNode fs : json.get("instrumentation")) {
      if (fs.has("task") && "hdfs".equals(fs.get("scheme").asText())) {
        long[] sums = perMap.computeIfAbsent(fs.get("task").asText(), t -> new long[counters.length]);
        for (int i = 0; i < counters.length; i++) {
          sums[i] += fs.get("counters").path(counters[i]).asLong();
        }
      }
    }
    return perMap;
  }

  /**
   * {@code hadoop jar harness.jar ARGS}: RunJar in a JVM of its own, the conf dir and Hadoop's jars only;
   * with {@code --instrument}, as the README says: {@code -libjars} the agent jar and
   * {@code -Djdk.attach.allowAttachSelf=true} in {@code HADOOP_CLIENT_OPTS}.
   */
  private static Run hadoopJar(Path work, String... args) throws Exception {
    boolean instrument = java.util.Arrays.stream(args).anyMatch(a -> a.startsWith("--instrument"));
    List<String> all = new ArrayList<>(List.of(args));
    if (instrument) {
      all.addAll(List.of("-libjars", Cli.home().resolve("lib/harness-instrumentation.jar").toString()));
    }
    all.addAll(List.of("--run-dir", work.resolve("runs").toString()));
    return HadoopClient.runJar(confDir, work, instrument ? List.of("-Djdk.attach.allowAttachSelf=true") : List.of(),
        all);
  }

  private static RMApp lastApp() {
    return yarn.getResourceManager().getRMContext().getRMApps().values().stream()
        .max((x, y) -> x.getApplicationId().compareTo(y.getApplicationId())).orElseThrow();
  }

  private static Map<String, String> partFile(FileSystem fs, String file) throws Exception {
    Map<String, String> m = new HashMap<>();
    try (var in = fs.open(new org.apache.hadoop.fs.Path(file))) {
      for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String[] kv = l.split("\t", 2);
        m.put(kv[0], kv[1]);
      }
    }
    return m;
  }

  private static String line(String text, String prefix) {
    List<String> found = text.lines().filter(l -> l.startsWith(prefix)).collect(Collectors.toList());
    assertEquals(1, found.size(), prefix + " in\n" + text);
    return found.get(0);
  }
}
