package io.harness.teragen;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraChecksum;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * teragen and teravalidate against the peer on one MiniDFSCluster: Hadoop's own TeraGen (local job
 * runner) and the harness write the same rows with the same maps; every part file must be byte-identical
 * and the checksum the harness prints must equal Hadoop's TeraChecksum of TeraGen's output. Hadoop's
 * TeraSort then sorts it, and teravalidate and Hadoop's TeraValidate must agree on it.
 */
class TeraGenPeerTest {
  private static final long ROWS = 1000;
  private static MiniDFSCluster cluster;
  private static Configuration conf;
  private static FileSystem fs;

  @TempDir
  static Path work;

  @BeforeAll
  static void start() throws Exception {
    cluster = new MiniDFSCluster.Builder(new Configuration(), work.resolve("dfs").toFile()).numDataNodes(1).build();
    cluster.waitActive();
    conf = new Configuration(cluster.getConfiguration(0));
    conf.set("fs.defaultFS", cluster.getURI().toString());
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", work.resolve("tmp").toString());
    fs = FileSystem.newInstance(conf);
  }

  @AfterAll
  static void stop() throws Exception {
    if (fs != null) {
      fs.close();
    }
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  private static Run harness(String... args) {
    return Cli.run(Cli.concat(args, "-fs", cluster.getURI().toString(), "-D", "mapreduce.framework.name=local",
        "-D", "hadoop.tmp.dir=" + work.resolve("tmp"), "--run-dir", work.resolve("runs").toString()));
  }

  /**
   * Hadoop's TeraGen on the local job runner, which always runs one map (it sets mapreduce.job.maps to 1
   * when a job connects): one file with every row. Files split over more maps are compared with it by
   * their concatenation here, and file by file against TeraGen on YARN in the integration tests.
   */
  private static void peerTeraGen(long rows, String out) throws Exception {
    assertEquals(0, ToolRunner.run(new Configuration(conf), new TeraGen(), new String[] {String.valueOf(rows), out}));
  }

  private static String read(String file) throws Exception {
    try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(file))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static byte[] bytes(org.apache.hadoop.fs.Path p) throws Exception {
    try (FSDataInputStream in = fs.open(p)) {
      return in.readAllBytes();
    }
  }

  /** Our part files, concatenated in name order, are the peer's one file; there are {@code maps} of them. */
  private static void assertSameRows(String peer, String ours, long rows, int maps) throws Exception {
    FileStatus[] p = fs.globStatus(new org.apache.hadoop.fs.Path(peer, "part-m-*"));
    FileStatus[] h = fs.globStatus(new org.apache.hadoop.fs.Path(ours, "part-m-*"));
    assertEquals(1, p.length);
    assertEquals(maps, h.length);
    java.io.ByteArrayOutputStream concat = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < maps; i++) {
      assertEquals(RowRange.fileName(i), h[i].getPath().getName());
      // each file holds its split of the rows: TeraGen's ceil(rows * (i + 1) / maps) boundaries
      RowRange r = RowRange.split(rows, maps).get(i);
      assertEquals(r.count() * 100, h[i].getLen(), h[i].getPath().toString());
      concat.write(bytes(h[i].getPath()));
    }
    assertArrayEquals(bytes(p[0].getPath()), concat.toByteArray());
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path(ours, "_SUCCESS")));
  }

  private static String teraChecksum(String dir, String sumDir) throws Exception {
    assertEquals(0, ToolRunner.run(new Configuration(conf), new TeraChecksum(), new String[] {dir, sumDir}));
    return read(sumDir + "/part-r-00000").strip();
  }

  @Test
  void localEngineWritesTeraGensRowsForSeveralMapCounts() throws Exception {
    for (long rows : new long[] {1000, 1001}) {
      String peer = "/peer/gen-" + rows;
      peerTeraGen(rows, peer);
      String peerSum = teraChecksum(peer, "/peer/sum-" + rows);
      for (int maps : new int[] {1, 3, 7}) {
        String ours = "/harness/gen-" + rows + "-" + maps;
        Run r = harness("teragen", String.valueOf(rows), ours, "-m", String.valueOf(maps));
        assertExit(r, 0);
        assertTrue(r.out().contains("teragen: " + rows + " rows, " + rows * 100 + " bytes, " + maps + " file(s)"),
            r.out());
        assertSameRows(peer, ours, rows, maps);
        // Hadoop's TeraChecksum of TeraGen's own output is the checksum the harness printed
        assertEquals(peerSum, PrintedChecksum.of(r));
      }
    }
  }

  @Test
  void mapReduceEngineWritesTheSameRows() throws Exception {
    peerTeraGen(ROWS, "/peer/mr");
    Run r = harness("teragen", String.valueOf(ROWS), "/harness/mr-3", "-m", "3", "--engine", "mapreduce");
    assertExit(r, 0);
    assertTrue(r.out().contains("MapReduce engine (local)"), r.out());
    assertSameRows("/peer/mr", "/harness/mr-3", ROWS, 3);
    // the maps' side records are gone: the directory holds what TeraGen's holds
    assertEquals(0, fs.globStatus(new org.apache.hadoop.fs.Path("/harness/mr-3/_harness-*")).length);
    assertEquals(teraChecksum("/peer/mr", "/peer/mr-sum"), PrintedChecksum.of(r));
    Run v = harness("teravalidate", "/harness/mr-3", "--checksum-only", "--expect-rows", "1k",
        "--expect-checksum", PrintedChecksum.of(r));
    assertExit(v, 0);
    assertEquals(PrintedChecksum.of(r), PrintedChecksum.of(v));
  }

  @Test
  void teravalidateAgreesWithTeraValidateOnTeraSortOutput() throws Exception {
    Run gen = harness("teragen", String.valueOf(ROWS), "/harness/to-sort", "-m", "4");
    assertExit(gen, 0);
    // teragen's output is not sorted: without --checksum-only that is a misorder, exit 1
    Run unsorted = harness("teravalidate", "/harness/to-sort");
    assertExit(unsorted, 1);
    assertTrue(unsorted.err().contains("teravalidate: misorder in part-m-00000: row "), unsorted.err());
    // and says why: TeraGen's output is never sorted
    assertTrue(unsorted.err().contains("teravalidate: the rows are out of order because part-m-* files are TeraGen's "
        + "map output, which TeraGen never sorts (TeraSort does): give --checksum-only"), unsorted.err());

    Configuration c = new Configuration(conf);
    c.setInt("mapreduce.job.reduces", 3);
    assertEquals(0, ToolRunner.run(c, new TeraSort(), new String[] {"/harness/to-sort", "/peer/sorted"}));
    assertEquals(0, ToolRunner.run(new Configuration(conf), new TeraValidate(),
        new String[] {"/peer/sorted", "/peer/validated"}));
    String report = read("/peer/validated/part-r-00000");
    assertTrue(report.contains("checksum\t" + PrintedChecksum.of(gen)), report);
    assertTrue(!report.contains("error"), report);

    Run sorted = harness("teravalidate", "/peer/sorted", "--expect-rows", String.valueOf(ROWS),
        "--expect-checksum", PrintedChecksum.of(gen));
    assertExit(sorted, 0);
    assertTrue(sorted.out().contains("teravalidate: OK (sorted, rows and checksum as expected)"), sorted.out());
    assertTrue(sorted.out().contains("teravalidate: " + ROWS + " rows, "), sorted.out());

    Run wrongSum = harness("teravalidate", "/peer/sorted", "--expect-checksum", "1234");
    assertExit(wrongSum, 1);
    assertTrue(wrongSum.err().contains("checksum: " + PrintedChecksum.of(gen) + ", expected 1234"), wrongSum.err());
  }
}
