package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringTokenizer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analyzer against the peer: Hadoop's own TestDFSIO (local job runner) writes and reads on a
 * MiniDFSCluster; {@code harness dfsio analyze} on the part files it wrote must print the same
 * Throughput, Average IO rate and std deviation as TestDFSIO printed, and both must equal the
 * figures computed here by hand from the raw sums.
 */
class TestDfsioPeerTest {
  private static MiniDFSCluster cluster;
  private static Configuration conf;

  @TempDir
  static Path work;

  @BeforeAll
  static void start() throws Exception {
    conf = new Configuration();
    cluster = new MiniDFSCluster.Builder(conf, work.resolve("dfs").toFile()).numDataNodes(2).build();
    cluster.waitActive();
    conf = new Configuration(cluster.getConfiguration(0));
    conf.set("fs.defaultFS", cluster.getURI().toString());
    conf.set("mapreduce.framework.name", "local");
    conf.set("test.build.data", "/peer/TestDFSIO");
    conf.set("hadoop.tmp.dir", work.resolve("tmp").toString());
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  /** Runs the real TestDFSIO and returns the figures of the block it appended to its result file. */
  private static Map<String, String> peer(String op, File resFile) throws Exception {
    long before = resFile.exists() ? Files.readAllLines(resFile.toPath()).size() : 0;
    int rc = ToolRunner.run(new Configuration(conf), new TestDFSIO(), new String[] {
        op, "-nrFiles", "3", "-fileSize", "2MB", "-bufferSize", "65536", "-resFile", resFile.getPath()});
    assertEquals(0, rc);
    List<String> lines = Files.readAllLines(resFile.toPath());
    Map<String, String> figures = new HashMap<>();
    for (String line : lines.subList((int) before, lines.size())) {
      int colon = line.indexOf(": ");
      if (colon > 0) {
        figures.put(line.substring(0, colon).trim(), line.substring(colon + 2).trim());
      }
    }
    return figures;
  }

  private static Map<String, String> analyze(String dir) {
    Run r = Cli.run("dfsio", "analyze", cluster.getURI() + "/peer/TestDFSIO/" + dir);
    assertExit(r, 0);
    Map<String, String> figures = new HashMap<>();
    for (String line : r.out().split("\n")) {
      int colon = line.indexOf(": ");
      if (colon > 0) {
        figures.put(line.substring(0, colon).trim(), line.substring(colon + 2).trim());
      }
    }
    return figures;
  }

  /** Throughput, mean rate and std deviation from the raw part-file sums. */
  private static void assertHandComputed(String dir, Map<String, String> printed) throws Exception {
    Map<String, String> raw = new HashMap<>();
    FileSystem fs = cluster.getFileSystem();
    try (var in = fs.open(new org.apache.hadoop.fs.Path("/peer/TestDFSIO/" + dir + "/part-00000"))) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        StringTokenizer t = new StringTokenizer(line, " \t");
        raw.put(t.nextToken(), t.nextToken());
      }
    }
    long tasks = Long.parseLong(raw.get("l:tasks"));
    double mb = Long.parseLong(raw.get("l:size")) / 1048576.0;
    double seconds = Long.parseLong(raw.get("l:time")) / 1000.0;
    // in float, as the part file's sums are: the variance is the difference of two near squares, and the same sums
    // divided in double differ from it by more than the print's rounding when the rates are high and close
    float rate = Float.parseFloat(raw.get("f:rate"));
    float sqrate = Float.parseFloat(raw.get("f:sqrate"));
    double mean = rate / 1000 / tasks;
    double std = Math.sqrt(Math.abs(sqrate / 1000 / tasks - mean * mean));
    assertEquals(3, tasks);
    assertEquals(6.0, mb);
    DecimalFormat df = new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
    // the printed values are rounded to 2 decimals
    assertEquals(Double.parseDouble(df.format(mb / seconds)),
        Double.parseDouble(printed.get("Throughput mb/sec")), 0.011);
    assertEquals(Double.parseDouble(df.format(mean)),
        Double.parseDouble(printed.get("Average IO rate mb/sec")), 0.011);
    assertEquals(Double.parseDouble(df.format(std)),
        Double.parseDouble(printed.get("IO rate std deviation")), 0.011);
  }

  @Test
  void analyzerPrintsWhatTestDfsioPrintedForItsOwnPartFiles() throws Exception {
    File resFile = work.resolve("TestDFSIO_results.log").toFile();
    for (String[] op : new String[][] {{"-write", "io_write", "write"}, {"-read", "io_read", "read"}}) {
      Map<String, String> peer = peer(op[0], resFile);
      Map<String, String> ours = analyze(op[1]);
      assertEquals(op[2], peer.get("----- TestDFSIO -----"), peer.toString());
      assertEquals(op[2], ours.get("----- TestDFSIO -----"), ours.toString());
      for (String key : new String[] {"Number of files", "Total MBytes processed", "Throughput mb/sec",
          "Average IO rate mb/sec", "IO rate std deviation"}) {
        assertTrue(peer.get(key) != null && !peer.get(key).isEmpty(), key + " missing in " + peer);
        assertEquals(peer.get(key), ours.get(key), op[2] + ": " + key);
        System.out.printf("peer-check %s %s: TestDFSIO %s, harness analyze %s%n", op[2], key, peer.get(key),
            ours.get(key));
      }
      assertEquals("3", ours.get("Number of files"));
      assertEquals("n/a (not in the part file)", ours.get("Test exec time sec"));
      assertHandComputed(op[1], ours);
    }
  }

  /** The {@code key value} lines of a part file on the cluster. */
  private static Map<String, String> partFile(String path) throws Exception {
    Map<String, String> raw = new HashMap<>();
    try (var in = cluster.getFileSystem().open(new org.apache.hadoop.fs.Path(path))) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        StringTokenizer t = new StringTokenizer(line, " \t");
        raw.put(t.nextToken(), t.nextToken());
      }
    }
    return raw;
  }

  /** The lengths of the files under {@code dir}, by name. */
  private static Map<String, Long> lengths(String dir) throws Exception {
    Map<String, Long> out = new java.util.TreeMap<>();
    for (var st : cluster.getFileSystem().listStatus(new org.apache.hadoop.fs.Path(dir))) {
      out.put(st.getPath().getName(), st.getLen());
    }
    return out;
  }

  /**
   * Both live, side by side on the same cluster with the same shape (3 files of 2 MB, 64 KB buffers): TestDFSIO
   * under one root, the harness's dfsio under another. Counts and bytes must be equal, not speed: the files each
   * leaves (names and lengths), the tasks and bytes in their part files, the files and MB each prints, and the
   * bytes in the harness's result.json.
   */
  @Test
  void aLiveRunWritesAndReadsWhatTestDfsioDoesOnTheSameCluster() throws Exception {
    Configuration peerConf = new Configuration(conf);
    peerConf.set("test.build.data", "/live/TestDFSIO");
    File resFile = work.resolve("live_TestDFSIO_results.log").toFile();
    for (String[] op : new String[][] {{"-write", "io_write"}, {"-read", "io_read"}}) {
      int rc = ToolRunner.run(new Configuration(peerConf), new TestDFSIO(), new String[] {
          op[0], "-nrFiles", "3", "-fileSize", "2MB", "-bufferSize", "65536", "-resFile", resFile.getPath()});
      assertEquals(0, rc);
      Path json = work.resolve("live" + op[1] + ".json");
      Run ours = Cli.run("dfsio", op[0], "-nrFiles", "3", "-fileSize", "2MB",
          "-bufferSize", "65536", "-fs", cluster.getURI().toString(), "--root", "/live/harness",
          "--run-dir", work.resolve("live-runs").toString(), "-resFile", work.resolve("live_harness.log").toString(),
          "--json", json.toString());
      assertExit(ours, 0);

      Map<String, String> peerPart = partFile("/live/TestDFSIO/" + op[1] + "/part-00000");
      Map<String, String> ourPart = partFile("/live/harness/" + op[1] + "/part-00000");
      assertEquals("3", peerPart.get("l:tasks"), op[0]);
      assertEquals(peerPart.get("l:tasks"), ourPart.get("l:tasks"), op[0] + ": tasks");
      assertEquals(Long.toString(3L * (2 << 20)), peerPart.get("l:size"), op[0]);
      assertEquals(peerPart.get("l:size"), ourPart.get("l:size"), op[0] + ": bytes");
      var result = io.harness.core.result.ResultWriter.mapper().readTree(json.toFile());
      assertEquals(3L * (2 << 20), result.at("/aggregate/bytes").asLong(), op[0]);
      assertEquals(3, result.at("/aggregate/tasks").asInt(), op[0]);
      assertEquals(0, result.at("/aggregate/failedTasks").asInt(), op[0]);

      String peerText = Files.readString(resFile.toPath());
      Map<String, String> peerBlock = DfsioAnalyzeTest.block(peerText.substring(
          peerText.lastIndexOf("----- TestDFSIO -----")));
      Map<String, String> ourBlock = DfsioAnalyzeTest.block(ours.out());
      for (String key : new String[] {"Number of files", "Total MBytes processed"}) {
        assertEquals(DfsioAnalyzeTest.number(peerBlock, key), DfsioAnalyzeTest.number(ourBlock, key),
            op[0] + ": " + key);
      }
    }
    // the same files, of the same lengths: test_io_0 .. test_io_2 of 2 MB under each root's io_data
    Map<String, Long> peerFiles = lengths("/live/TestDFSIO/io_data");
    assertEquals(Map.of("test_io_0", 2L << 20, "test_io_1", 2L << 20, "test_io_2", 2L << 20), peerFiles);
    assertEquals(peerFiles, lengths("/live/harness/io_data"));
  }
}
