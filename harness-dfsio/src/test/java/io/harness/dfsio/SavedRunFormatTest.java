package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.core.result.ResultFormat;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs saved by the harness before {@code result.json} named its format (format 1: {@code --instrument}'s reports
 * and {@code --profile}'s flame graph inside {@code figures}), kept as they were written (a dfsio write with
 * {@code --instrument --profile cpu} and a plain read, 2 files of 1 MB on the local file system, under
 * {@code saved-runs/format1}): {@code analyze --check}, {@code report} and {@code compare} read them as they read a
 * new run. The expected numbers come from the saved files themselves, read here as plain JSON.
 */
class SavedRunFormatTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;
  private Path write;
  private Path read;

  /** The fixture's folders copied under the test's own folder (the commands may write into a run's folder). */
  @BeforeEach
  void copy() throws IOException, URISyntaxException {
    Path saved = Path.of(getClass().getResource("/saved-runs/format1").toURI());
    try (Stream<Path> all = Files.walk(saved)) {
      for (Path p : all.toList()) {
        Path to = dir.resolve(saved.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    write = dir.resolve("dfsio-write");
    read = dir.resolve("dfsio-read");
  }

  @Test
  void theFixtureIsAFormatOneFile() throws IOException {
    JsonNode w = Runs.result(write);
    assertFalse(w.has("format"), "a file written before the format was named");
    assertEquals(1, ResultFormat.of(w));
    assertTrue(w.at("/figures/instrumentation/0/counters/write.call").isNumber(), w.toString());
    assertEquals("flamegraph-cpu.html", w.at("/figures/profile/flameGraph").asText());
  }

  @Test
  void analyzeCheckRecomputesTheSavedFigures() {
    for (Path run : List.of(write, read)) {
      Run a = Cli.run("analyze", run.toString(), "--check");
      assertExit(a, 0);
      assertTrue(a.out().contains("equal the run's own, field by field"), a.out());
      assertEquals("", a.err());
    }
  }

  @Test
  void reportShowsTheSavedCountersAndFlameGraph() throws IOException {
    Path page = dir.resolve("both.html");
    Run r = Cli.run("report", write.toString(), read.toString(), "-o", page.toString());
    assertExit(r, 0);
    String html = Files.readString(page);
    long writeCalls = Runs.result(write).at("/figures/instrumentation/0/counters/write.call").asLong();
    Matcher m = Pattern.compile(Pattern.quote("data-json=\"/instrumentation/0/counters/write.call\"")
        + "[^>]*>([^<]*)<").matcher(html);
    assertTrue(m.find(), "the counters' table of the format 1 run");
    assertEquals(String.valueOf(writeCalls), m.group(1));
    assertTrue(html.contains("flamegraph-cpu.html"), "the flame graph's link");
  }

  @Test
  void compareReadsTheSavedRunBesideANewOne() throws IOException {
    Run fresh = Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "-fs", "file:///", "--root",
        dir.resolve("root").toString(), "--run-dir", dir.resolve("runs").toString(), "-resFile",
        dir.resolve("res.log").toString(), "--no-report");
    assertExit(fresh, 0);
    Path now = Runs.latest(dir.resolve("runs"));
    assertEquals(ResultFormat.CURRENT, Runs.result(now).path("format").asInt(), "a new run names its format");
    assertFalse(Runs.result(now).path("figures").has("instrumentation"));

    Path csv = dir.resolve("compare.csv");
    Run c = Cli.run("compare", write.toString(), now.toString(), "--csv", csv.toString(),
        "-o", dir.resolve("compare.html").toString());
    assertExit(c, 0);
    List<String> rows = Files.readAllLines(csv);
    assertEquals(Runs.result(write).at("/aggregate/mbPerSec").asDouble(), cell(rows, "aggregate MB/s", "dfsio-write"), 0);
    assertEquals(Runs.result(now).at("/aggregate/mbPerSec").asDouble(),
        cell(rows, "aggregate MB/s", now.getFileName().toString()), 0);
    assertEquals(Runs.result(write).at("/figures/instrumentation/0/counters/write.call").asDouble(),
        cell(rows, "write calls", "dfsio-write"), 0);
    Run r = Cli.run("compare", write.toString(), read.toString(), "--force", "--csv", csv.toString(),
        "-o", dir.resolve("compare2.html").toString());
    assertExit(r, 0);
    assertEquals(Runs.result(read).at("/aggregate/mbPerSec").asDouble(),
        cell(Files.readAllLines(csv), "aggregate MB/s", "dfsio-read"), 0);
  }

  /**
   * A part file written by the harness before a task's value was the records file's line (pipe-separated fields)
   * is still read by {@code dfsio analyze}: its aggregate comes from its merged keys, the same numbers as from the
   * tasks' lines of the part file as it is written now.
   */
  @Test
  void anOlderPartFileIsAnalyzedFromItsMergedKeys() throws IOException {
    Run write = Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "-fs", "file:///", "--root",
        dir.resolve("root").toString(), "--run-dir", dir.resolve("runs").toString(), "-resFile",
        dir.resolve("res.log").toString(), "--no-report");
    assertExit(write, 0);
    Path part = dir.resolve("root/io_write/part-00000");
    Run now = Cli.run("dfsio", "analyze", part.toString(), "-resFile", dir.resolve("a.log").toString());
    assertExit(now, 0);
    List<String> lines = Files.readAllLines(part);
    int tasks = 0;
    for (int i = 0; i < lines.size(); i++) {
      String[] kv = lines.get(i).split("\t", 2);
      if (kv[0].startsWith(PartFile.TASK_PREFIX)) {
        assertTrue(kv[1].startsWith("{"), "a task's value is its JSON line: " + kv[1]);
        JsonNode t = JSON.readTree(kv[1]);
        lines.set(i, kv[0] + "\t" + t.get("index").asInt() + "|" + t.get("bytes").asLong() + "|"
            + t.get("startEpochNanos").asLong() + "|" + t.get("endEpochNanos").asLong() + "|||");
        tasks++;
      }
    }
    assertEquals(2, tasks);
    Files.write(part, lines);
    Files.deleteIfExists(part.resolveSibling(".part-00000.crc"));
    Run older = Cli.run("dfsio", "analyze", part.toString(), "-resFile", dir.resolve("b.log").toString());
    assertExit(older, 0);
    assertEquals(aggregateLines(now.out()), aggregateLines(older.out()));
    assertFalse(aggregateLines(now.out()).isEmpty(), now.out());
  }

  /** The block analyze prints from the harness's aggregate, after TestDFSIO's. */
  private static List<String> aggregateLines(String out) {
    return out.lines().dropWhile(l -> !l.startsWith("----- harness")).sorted().toList(); // kinds in any order
  }

  /** The median of {@code figure} in {@code group}'s row of the comparison's CSV. */
  private static double cell(List<String> rows, String figure, String group) {
    for (String row : rows) {
      String[] f = row.split(",");
      if (f[0].equals(figure) && f[1].equals(group)) {
        return Double.parseDouble(f[3]);
      }
    }
    throw new AssertionError("no row " + figure + " / " + group + " in " + rows);
  }
}
