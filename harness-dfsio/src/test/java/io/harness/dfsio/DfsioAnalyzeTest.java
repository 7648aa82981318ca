package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.testkit.Cli;
import io.harness.testkit.FileTree;
import io.harness.testkit.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dfsio analyze} on the part files the harness writes, and its bad input. */
class DfsioAnalyzeTest {
  @TempDir
  Path dir;

  @Test
  void harnessPartFileGivesTheRunsFigures() throws Exception {
    Path root = dir.resolve("root");
    Run w = Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "3MB", "-fs", "file:///",
        "--root", root.toString(), "--run-dir", dir.resolve("runs").toString(),
        "-resFile", dir.resolve("res.log").toString(), "--json", dir.resolve("run.json").toString());
    assertExit(w, 0);
    Path part = root.resolve("io_write/part-00000");
    String text = Files.readString(part);
    assertTrue(text.contains("l:tasks\t2\n"), text);
    assertTrue(text.contains("l:size\t" + (6L << 20) + "\n"), text);

    Run a = Cli.run("dfsio", "analyze", root.resolve("io_write").toString());
    assertExit(a, 0);
    JsonNode json = ResultWriter.mapper().readTree(dir.resolve("run.json").toFile());
    Map<String, String> block = block(a.out());
    assertEquals("write", block.get("----- TestDFSIO -----"), a.out());
    assertEquals(2, number(block, "Number of files"));
    assertEquals(6, number(block, "Total MBytes processed"));
    // first start and last end are stored in nanoseconds: the aggregate is the run's, to its 2 printed decimals
    assertEquals(json.get("aggregate").get("mbPerSec").asDouble(), number(block, "Aggregate throughput mb/sec"),
        0.0051, a.out());
    assertEquals(2, number(block, "Tasks"));
    // the tasks' records travel in the part file: the per-second series is the run's, exactly
    assertEquals(block(w.out()).get("Per-second throughput mb/sec"), block.get("Per-second throughput mb/sec"));
    long seriesBytes = 0;
    for (JsonNode sample : json.get("aggregate").get("timeSeries")) {
      seriesBytes += sample.get("bytes").asLong();
    }
    assertEquals(6L << 20, seriesBytes);
    assertTrue(text.contains("s:harness.bytes.per.second\t"), text);
    long writeCalls = json.get("aggregate").get("latency").get("write").get("count").asLong();
    assertEquals(writeCalls, calls(block.get("write latency ms")), a.out());
    // the mean IO rate comes from float sums: equal to the JSON's double within the 2-decimal print
    assertEquals(json.get("figures").get("legacy").get("averageIoRateMbSec").asDouble(),
        number(block, "Average IO rate mb/sec"), 0.0051, a.out());
    // TestDFSIO's throughput: the part file's MB over its summed task milliseconds (whole ms, as its mappers add)
    long taskMillis = Long.parseLong(text.lines().filter(l -> l.startsWith("l:time\t")).findFirst().orElseThrow()
        .substring("l:time\t".length()));
    assertEquals(6 / (taskMillis / 1000.0), number(block, "Throughput mb/sec"), 0.0051, a.out());
  }

  /** The printed block's lines {@code name: value}, by name (leading spaces cut). */
  static Map<String, String> block(String out) {
    Map<String, String> lines = new java.util.LinkedHashMap<>();
    for (String line : out.lines().toList()) {
      int colon = line.indexOf(": ");
      if (colon > 0) {
        lines.putIfAbsent(line.substring(0, colon).strip(), line.substring(colon + 2).strip());
      }
    }
    return lines;
  }

  /** The number a line of the block starts its value with. */
  static double number(Map<String, String> block, String name) {
    String value = block.get(name);
    assertTrue(value != null, "no line '" + name + "' in " + block);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("^-?[0-9]+(\\.[0-9]+)?").matcher(value);
    assertTrue(m.find(), name + ": '" + value + "' does not start with a number");
    return Double.parseDouble(m.group());
  }

  /** The calls a latency line counts: its {@code (N calls)}. */
  static long calls(String latencyLine) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\((\\d+) calls\\)$").matcher(latencyLine);
    assertTrue(m.find(), latencyLine);
    return Long.parseLong(m.group(1));
  }

  @Test
  void badPathsExitTwoWithOneLine() throws Exception {
    assertUsageError(Cli.run("dfsio", "analyze", dir.resolve("nothing").toString()), "PATH: no such file");

    Path notPart = dir.resolve("notes.txt");
    Files.writeString(notPart, "hello\tworld\n");
    Run wrong = Cli.run("dfsio", "analyze", notPart.toString());
    assertExit(wrong, 2);
    assertTrue(wrong.err().contains("is not a TestDFSIO part file"), wrong.err());

    Run none = Cli.run("dfsio", "analyze");
    assertExit(none, 2);
    assertTrue(none.err().contains("Missing required parameter: 'PATH'"), none.err());
  }

  /** TestDFSIO's five keys, as its reducer writes them. */
  private static final String LEGACY = "f:rate\t1000.0\nf:sqrate\t1000.0\nl:size\t1048576\nl:time\t1000\n"
      + "l:tasks\t1\n";

  /** The harness's keys after TestDFSIO's: a one-second run with one write histogram. */
  private static String harnessKeys(String histogram, String series) {
    return "l:harness.failed.tasks\t0\nl:harness.first.start.epoch.ns\t1000000000\n"
        + "l:harness.last.end.epoch.ns\t2000000000\ns:harness.bytes.per.second\t" + series + "\n"
        + "s:harness.latency.write\t" + histogram + "\n";
  }

  private static String histogram() {
    org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
    h.recordValue(1_000_000);
    return io.harness.core.result.LatencySummary.of(h).histogram();
  }

  /**
   * Analyzes a part file holding {@code text}: exit 2, exactly {@code expected} as the one line on stderr
   * (after the command's name, the PATH argument and the file), nothing on stdout, nothing created.
   */
  private void damaged(String text, String expected) throws Exception {
    Path part = Files.createDirectories(dir.resolve("io_write")).resolve("part-00000");
    Files.writeString(part, text);
    FileTree before = FileTree.of(dir);
    Run a = Cli.run("dfsio", "analyze", part.toString(), "-resFile", dir.resolve("res.log").toString());
    assertExit(a, 2);
    assertEquals("harness dfsio analyze: PATH: " + part + expected, a.err().strip());
    assertEquals("", a.out());
    before.assertUnchanged("nothing created");
  }

  @Test
  void wellFormedPartFilesAreAnalyzed() throws Exception {
    Path part = Files.createDirectories(dir.resolve("io_write")).resolve("part-00000");
    Files.writeString(part, LEGACY);
    Run a = Cli.run("dfsio", "analyze", part.toString());
    assertExit(a, 0);
    // one task, 1 MB in 1000 ms at a rate of 1 MB/s
    Map<String, String> block = block(a.out());
    assertEquals(1, number(block, "Number of files"));
    assertEquals(1, number(block, "Total MBytes processed"));
    assertEquals(1, number(block, "Throughput mb/sec"));
    assertEquals(1, number(block, "Average IO rate mb/sec"));
    assertEquals(0, number(block, "IO rate std deviation"));
    assertEquals("n/a (not in the part file)", block.get("Test exec time sec"));
    assertEquals(null, block.get("Aggregate throughput mb/sec"), "no harness keys, no aggregate");

    Files.writeString(part, LEGACY + harnessKeys(histogram(), "1:1048576"));
    a = Cli.run("dfsio", "analyze", part.toString());
    assertExit(a, 0);
    block = block(a.out());
    // first start 1 s, last end 2 s after the epoch: 1 MB in 1 s, and the one write of 1 ms
    assertEquals(1, number(block, "Aggregate throughput mb/sec"));
    assertEquals(1, number(block, "Test exec time sec"));
    assertEquals(1, number(block, "Tasks"));
    assertEquals(1, calls(block.get("write latency ms")));
    assertEquals(1.0, Double.parseDouble(block.get("write latency ms").split("\\s+")[1]), 1e-3, "p50 ms");
  }

  /**
   * TestDFSIO's figures from a part file of two tasks (2 and 1 MB/s, 3 MB in 1500 ms of task time), computed here
   * the way its reducer's sums give them: throughput 3 MB / 1.5 s, the mean rate (2 + 1) / 2, the deviation
   * sqrt(|(4 + 1) / 2 - 1.5^2|).
   */
  @Test
  void theFiguresAreTestDfsiosArithmeticOnThePartFile() throws Exception {
    Path part = Files.createDirectories(dir.resolve("io_read")).resolve("part-00000");
    Files.writeString(part, "f:rate\t3000.0\nf:sqrate\t5000.0\nl:size\t" + 3 * 1048576 + "\nl:time\t1500\n"
        + "l:tasks\t2\n");
    Run a = Cli.run("dfsio", "analyze", part.toString());
    assertExit(a, 0);
    Map<String, String> block = block(a.out());
    assertEquals("read", block.get("----- TestDFSIO -----"), "the operation from the directory's name");
    assertEquals(2, number(block, "Number of files"));
    assertEquals(3, number(block, "Total MBytes processed"));
    assertEquals(3 / 1.5, number(block, "Throughput mb/sec"));
    assertEquals((2 + 1) / 2.0, number(block, "Average IO rate mb/sec"));
    assertEquals(Math.sqrt(Math.abs((4 + 1) / 2.0 - 1.5 * 1.5)), number(block, "IO rate std deviation"));
  }

  @Test
  void aValueThatIsNotANumber() throws Exception {
    damaged(LEGACY.replace("l:tasks\t1", "l:tasks\tabc"), " line 5: l:tasks: 'abc' is not a whole number");
    damaged(LEGACY.replace("f:rate\t1000.0", "f:rate\t1,5"), " line 1: f:rate: '1,5' is not a number");
  }

  @Test
  void aHistogramThatDoesNotDecode() throws Exception {
    damaged(LEGACY + harnessKeys("@@@", "1:1048576"), " line 10: s:harness.latency.write: '@@@' is not a latency "
        + "histogram (compressed HdrHistogram in Base64): Illegal base64 character 40");
  }

  @Test
  void aPerSecondSeriesThatDoesNotParse() throws Exception {
    damaged(LEGACY + harnessKeys(histogram(), "5:x,7"), " line 9: s:harness.bytes.per.second: '5:x' in '5:x,7' is "
        + "not second:bytes (whole numbers)");
  }

  @Test
  void aFileCutOffInAKey() throws Exception {
    damaged("f:rate\t1000.0\nf:sqrate\t1000.0\nl:si", " line 3: l:si: the file ends in the middle of this line "
        + "('l:si', no newline): it was cut off");
  }

  @Test
  void aFileCutOffInAValue() throws Exception {
    // "1" is a number: only the missing newline tells that "l:time 1000" was cut to "l:time 1"
    damaged(LEGACY.substring(0, LEGACY.indexOf("l:time\t1") + "l:time\t1".length()), " line 4: l:time: the file "
        + "ends in the middle of this line ('l:time 1', no newline): it was cut off");
  }

  @Test
  void aFileCutOffBetweenLines() throws Exception {
    damaged("f:rate\t1000.0\nf:sqrate\t1000.0\nl:size\t1048576\n", ": l:tasks is missing from its 3 line(s) "
        + "(a TestDFSIO part file has l:tasks, l:size, l:time, f:rate and f:sqrate)");
  }

  @Test
  void ratesThatAreNotFinite() throws Exception {
    damaged(LEGACY.replace("f:rate\t1000.0", "f:rate\tNaN"), " line 1: f:rate: 'NaN' is not a finite number");
    damaged(LEGACY.replace("f:sqrate\t1000.0", "f:sqrate\tInfinity"),
        " line 2: f:sqrate: 'Infinity' is not a finite number");
    damaged(LEGACY.replace("f:rate\t1000.0", "f:rate\t-1.0"), " line 1: f:rate: must not be negative, was -1.0");
  }

  @Test
  void negativeSizeOrTime() throws Exception {
    damaged(LEGACY.replace("l:size\t1048576", "l:size\t-1048576"),
        " line 3: l:size: must not be negative, was -1048576");
    damaged(LEGACY.replace("l:time\t1000", "l:time\t-5"), " line 4: l:time: must not be negative, was -5");
  }

  @Test
  void noTasks() throws Exception {
    damaged(LEGACY.replace("l:tasks\t1", "l:tasks\t0"), " line 5: l:tasks: must be at least 1, was 0");
    // a harness run whose every task failed says so
    damaged(LEGACY.replace("l:tasks\t1", "l:tasks\t0") + harnessKeys(histogram(), "")
        .replace("l:harness.failed.tasks\t0", "l:harness.failed.tasks\t2"), " line 5: l:tasks: must be at least 1, "
        + "was 0 (no task succeeded; l:harness.failed.tasks is 2): TestDFSIO's figures average over the successful "
        + "tasks");
  }

  @Test
  void aRunThatEndsBeforeItStarts() throws Exception {
    damaged(LEGACY + harnessKeys(histogram(), "1:1").replace("last.end.epoch.ns\t2000000000", "last.end.epoch.ns\t5"),
        " line 8: l:harness.last.end.epoch.ns: 5 is before l:harness.first.start.epoch.ns 1000000000 (line 7)");
  }
}
