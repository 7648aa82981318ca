package io.harness.io500;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness io500} on a MiniDFSCluster: IO500's lines in its order and layout, the score recomputed here from
 * the printed phase figures, each phase's figure from its bytes or calls, the files each phase made counted by the
 * NameNode itself, the bytes the ior phases left (with {@code --keep}) read back, find's matches counted here from
 * mdtest-hard's files, and the NameNode's directory limit as bad input before anything is made.
 */
class Io500HdfsTest {
  private static final Pattern RESULT = Pattern.compile(
      "^\\[(RESULT|      )\\] +([a-z-]+) +(\\d+\\.\\d{6}) (GiB/s|kIOPS) : time (\\d+\\.\\d{3}) seconds( \\[INVALID\\])?$");
  private static final Pattern SCORE = Pattern.compile(
      "^\\[SCORE \\] Bandwidth (\\d+\\.\\d{6}) GiB/s : IOPS (\\d+\\.\\d{6}) kiops : TOTAL (\\d+\\.\\d{6})( \\[INVALID\\])?$");

  @TempDir
  static java.nio.file.Path work;
  private static MiniDFSCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = new MiniDFSCluster.Builder(new Configuration(), work.resolve("dfs").toFile()).numDataNodes(1).build();
    cluster.waitActive();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  void theSuiteOnHdfsScoresAsIo500AndLeavesWhatItsPhasesWrote() throws Exception {
    java.nio.file.Path runs = work.resolve("runs");
    int ranks = 3;
    Map<String, Long> before = io.harness.testkit.NameNodeCounters.of(
        org.apache.hadoop.hdfs.server.namenode.NameNode.getNameNodeMetrics());
    Run r = Cli.run("io500", "-fs", cluster.getURI().toString(), "--path", "/io500", "-p", "suite", "-t", "" + ranks, "--mdtest-hard-n", "100000",
        "--stonewall", "2s", "--keep", "--run-dir", runs.toString(), "--no-report");
    assertExit(r, 0);
    Map<String, Long> after = io.harness.testkit.NameNodeCounters.of(
        org.apache.hadoop.hdfs.server.namenode.NameNode.getNameNodeMetrics());

    // IO500's lines: the phases in its order, then the score, recomputed here from the printed figures
    List<String> names = new ArrayList<>();
    List<Double> ior = new ArrayList<>();
    List<Double> md = new ArrayList<>();
    Matcher score = null;
    for (String line : r.out().lines().toList()) {
      Matcher m = RESULT.matcher(line);
      if (m.matches()) {
        names.add(m.group(2));
        double v = Double.parseDouble(m.group(3));
        if (m.group(1).equals("RESULT")) {
          (m.group(2).startsWith("ior") ? ior : md).add(v);
        }
        assertEquals(m.group(2).startsWith("ior") ? "GiB/s" : "kIOPS", m.group(4), line);
      }
      Matcher s = SCORE.matcher(line);
      if (s.matches()) {
        score = s;
      }
    }
    assertEquals(List.of("ior-easy-write", "mdtest-easy-write", "timestamp", "ior-hard-write", "mdtest-hard-write",
        "find", "ior-easy-read", "mdtest-easy-stat", "ior-hard-read", "mdtest-hard-stat", "mdtest-easy-delete",
        "mdtest-hard-read", "mdtest-hard-delete"), names, r.out());
    assertTrue(score != null, r.out());
    assertEquals(4, ior.size());
    assertEquals(8, md.size());
    double bw = Math.pow(ior.stream().reduce(1.0, (a, b) -> a * b), 1.0 / 4);
    double iops = Math.pow(md.stream().reduce(1.0, (a, b) -> a * b), 1.0 / 8);
    assertEquals(bw, Double.parseDouble(score.group(1)), bw * 1e-5 + 1e-6, r.out());
    assertEquals(iops, Double.parseDouble(score.group(2)), iops * 1e-5 + 1e-6, r.out());
    assertEquals(Math.sqrt(bw * iops), Double.parseDouble(score.group(3)), Math.sqrt(bw * iops) * 1e-5 + 1e-6);
    // a 2 s stonewall is not IO500's: the score says invalid, and why
    assertEquals(" [INVALID]", score.group(4));
    assertTrue(r.out().contains("invalid as IO500 judges it: stonewall 2 s (IO500's is 300 s)"), r.out());
    assertTrue(r.out().contains("IO500-style, not a valid IO500 submission"), r.out());

    JsonNode json = Runs.latestResult(runs);
    JsonNode phases = json.at("/figures/phases");
    assertEquals(13, phases.size());
    Map<String, JsonNode> byName = new LinkedHashMap<>();
    phases.forEach(p -> byName.put(p.get("name").asText(), p));
    for (JsonNode p : phases) {
      assertEquals(0, p.get("failed").asLong(), p.toString());
      double seconds = p.get("seconds").asDouble();
      double expected = p.get("name").asText().startsWith("ior") ? p.get("bytes").asDouble() / seconds / (1L << 30)
          : p.get("name").asText().equals("timestamp") ? 0
          : p.get("name").asText().equals("find") ? json.at("/figures/findScanned").asDouble() / seconds / 1000
          : p.get("items").asDouble() / seconds / 1000;
      assertEquals(expected, p.get("score").asDouble(), expected * 1e-9, p.toString());
      assertTrue(p.get("firstDoneSeconds").asDouble() <= p.get("lastDoneSeconds").asDouble(), p.toString());
    }
    // the wear-out: every rank wrote as many transfers and files as the most any had when the stonewall struck
    long easy = byName.get("ior-easy-write").get("items").asLong();
    long hard = byName.get("ior-hard-write").get("items").asLong();
    long easyFiles = byName.get("mdtest-easy-write").get("items").asLong();
    long hardFiles = byName.get("mdtest-hard-write").get("items").asLong();
    for (long n : new long[] {easy, hard, easyFiles, hardFiles}) {
      assertEquals(0, n % ranks, "a count per rank: " + n);
      assertTrue(n > 0);
    }
    assertEquals(easy * (2L << 20), byName.get("ior-easy-write").get("bytes").asLong());
    assertEquals(hard * 47008, byName.get("ior-hard-write").get("bytes").asLong());
    assertTrue(byName.get("ior-easy-write").get("stonewallItems").asLong() <= easy);
    // each read phase read what its write wrote; each stat and delete took every file
    assertEquals(easy, byName.get("ior-easy-read").get("items").asLong());
    assertEquals(hard, byName.get("ior-hard-read").get("items").asLong());
    for (String p : List.of("mdtest-easy-stat", "mdtest-easy-delete")) {
      assertEquals(easyFiles, byName.get(p).get("items").asLong(), p);
    }
    for (String p : List.of("mdtest-hard-stat", "mdtest-hard-read", "mdtest-hard-delete")) {
      assertEquals(hardFiles, byName.get(p).get("items").asLong(), p);
    }

    // the NameNode's own count: a file per rank of each ior phase, every mdtest file, the timestamp file
    assertEquals(2L * ranks + easyFiles + hardFiles + 1,
        after.get("CreateFileOps") - before.get("CreateFileOps"));
    assertEquals(easyFiles + hardFiles, after.get("DeleteFileOps") - before.get("DeleteFileOps"));

    // find: the files of mdtest-hard with 01 in their name, counted here
    long matches = 0;
    for (int rank = 0; rank < ranks; rank++) {
      for (long i = 0; i < hardFiles / ranks; i++) {
        matches += ("file.mdtest." + rank + "." + i).contains("01") ? 1 : 0;
      }
    }
    assertEquals(matches, json.at("/figures/findMatched").asLong());
    assertEquals(matches, json.at("/figures/findExpected").asLong());

    // what the ior phases left (--keep): each rank's files, their bytes as written
    try (FileSystem fs = FileSystem.newInstance(cluster.getURI(), new Configuration())) {
      for (int rank = 0; rank < ranks; rank++) {
        Path e = new Path(String.format("/io500/suite/ior-easy/ior_file_easy.%08d", rank));
        SeededContent.assertFile(fs, e, 500, rank, easy / ranks * (2L << 20));
        Path h = new Path(String.format("/io500/suite/ior-hard/file.%08d", rank));
        SeededContent.assertFile(fs, h, 501, rank, hard / ranks * 47008);
      }
      assertEquals(0, fs.listStatus(new Path("/io500/suite/mdtest-hard")).length);
      fs.delete(new Path("/io500"), true);
    }

    // analyze recomputes the same figures from the records
    Run check = Cli.run("analyze", Runs.latest(runs).toString(), "--check");
    assertExit(check, 0);
    assertTrue(check.out().contains(score.group()), check.out());
  }

  /** mdtest-hard's one directory would outgrow the NameNode's limit: bad input naming the key, nothing made. */
  @Test
  void mdtestHardPastTheDirectoryLimitIsBadInput() throws Exception {
    java.nio.file.Path runs = work.resolve("limit-runs");
    Run r = Cli.run("io500", "-fs", cluster.getURI().toString(), "--path", "/limit", "-t", "4", "--mdtest-hard-n",
        "300", "-D", "dfs.namenode.fs-limits.max-directory-items=1000", "--run-dir", runs.toString());
    assertUsageError(r, "dfs.namenode.fs-limits.max-directory-items (1000): give at most 250");
    assertTrue(r.err().contains("--mdtest-hard-n"), r.err());
    try (FileSystem fs = FileSystem.newInstance(cluster.getURI(), new Configuration())) {
      assertFalse(fs.exists(new Path("/limit")));
    }
    assertFalse(java.nio.file.Files.exists(runs));
  }
}
