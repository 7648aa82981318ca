package io.harness.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.cli.Harness;
import io.harness.core.result.ResultWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dfsio analyze} on the part files the harness writes, and its bad input. */
class DfsioAnalyzeTest {
  @TempDir
  Path dir;

  private String[] run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new String[] {String.valueOf(rc), out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8)};
  }

  @Test
  void harnessPartFileGivesTheRunsFigures() throws Exception {
    Path root = dir.resolve("root");
    String[] w = run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "3MB", "-fs", "file:///",
        "--root", root.toString(), "--run-dir", dir.resolve("runs").toString(),
        "-resFile", dir.resolve("res.log").toString(), "--json", dir.resolve("run.json").toString());
    assertEquals("0", w[0], w[2]);
    Path part = root.resolve("io_write/part-00000");
    String text = Files.readString(part);
    assertTrue(text.contains("l:tasks\t2\n"), text);
    assertTrue(text.contains("l:size\t" + (6L << 20) + "\n"), text);

    String[] a = run("dfsio", "analyze", root.resolve("io_write").toString());
    assertEquals("0", a[0], a[2]);
    JsonNode json = ResultWriter.mapper().readTree(dir.resolve("run.json").toFile());
    assertTrue(a[1].contains("----- TestDFSIO ----- : write"), a[1]);
    assertTrue(a[1].contains("        Number of files: 2"), a[1]);
    assertTrue(a[1].contains(" Total MBytes processed: 6"), a[1]);
    // first start and last end are stored in nanoseconds: the aggregate is the run's, exactly
    String aggregate = String.format(Locale.ROOT, "Aggregate throughput mb/sec: %.2f",
        json.get("aggregate").get("mbPerSec").asDouble());
    assertTrue(a[1].contains(aggregate), aggregate + " in\n" + a[1]);
    // the tasks' records travel in the part file: the per-second series is the run's, exactly
    String perSecond = w[1].lines().filter(l -> l.contains("Per-second throughput mb/sec:")).findFirst()
        .orElseThrow();
    assertTrue(a[1].contains(perSecond), perSecond + " in\n" + a[1]);
    long seriesBytes = 0;
    for (JsonNode sample : json.get("aggregate").get("timeSeries")) {
      seriesBytes += sample.get("bytes").asLong();
    }
    assertEquals(6L << 20, seriesBytes);
    assertTrue(text.contains("s:harness.bytes.per.second\t"), text);
    long writeCalls = json.get("aggregate").get("latency").get("write").get("count").asLong();
    assertTrue(a[1].contains("(" + writeCalls + " calls)"), a[1]);
    // the mean IO rate comes from float sums: equal to the JSON's double within the 2-decimal print
    String printed = a[1].lines().filter(l -> l.startsWith(" Average IO rate mb/sec: ")).findFirst()
        .orElseThrow().substring(" Average IO rate mb/sec: ".length());
    assertEquals(json.get("figures").get("legacy").get("averageIoRateMbSec").asDouble(),
        Double.parseDouble(printed), 0.0051, a[1]);
  }

  @Test
  void badPathsExitTwoWithOneLine() throws Exception {
    String[] missing = run("dfsio", "analyze", dir.resolve("nothing").toString());
    assertEquals("2", missing[0]);
    assertTrue(missing[2].contains("PATH: no such file"), missing[2]);
    assertEquals(1, missing[2].strip().lines().count(), missing[2]);

    Path notPart = dir.resolve("notes.txt");
    Files.writeString(notPart, "hello\tworld\n");
    String[] wrong = run("dfsio", "analyze", notPart.toString());
    assertEquals("2", wrong[0]);
    assertTrue(wrong[2].contains("is not a TestDFSIO part file"), wrong[2]);

    String[] none = run("dfsio", "analyze");
    assertEquals("2", none[0]);
    assertTrue(none[2].contains("Missing required parameter: 'PATH'"), none[2]);
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
    List<Path> before = tree();
    String[] a = run("dfsio", "analyze", part.toString(), "-resFile", dir.resolve("res.log").toString());
    assertEquals("2", a[0], a[1] + a[2]);
    assertEquals("harness dfsio analyze: PATH: " + part + expected, a[2].strip());
    assertEquals("", a[1]);
    assertEquals(before, tree(), "nothing created");
  }

  private List<Path> tree() throws java.io.IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.sorted().toList();
    }
  }

  @Test
  void wellFormedPartFilesAreAnalyzed() throws Exception {
    Path part = Files.createDirectories(dir.resolve("io_write")).resolve("part-00000");
    Files.writeString(part, LEGACY);
    String[] a = run("dfsio", "analyze", part.toString());
    assertEquals("0", a[0], a[2]);
    assertTrue(a[1].contains("Throughput mb/sec: 1"), a[1]);
    Files.writeString(part, LEGACY + harnessKeys(histogram(), "1:1048576"));
    a = run("dfsio", "analyze", part.toString());
    assertEquals("0", a[0], a[2]);
    assertTrue(a[1].contains("(1 calls)"), a[1]);
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
