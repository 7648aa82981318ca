package io.harness.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.core.cli.Harness;
import io.harness.core.result.ResultFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

  private record Run(int code, String out, String err) {}

  private static Run harness(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

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

  private static JsonNode saved(Path run) throws IOException {
    return JSON.readTree(run.resolve("result.json").toFile());
  }

  @Test
  void theFixtureIsAFormatOneFile() throws IOException {
    JsonNode w = saved(write);
    assertFalse(w.has("format"), "a file written before the format was named");
    assertEquals(1, ResultFormat.of(w));
    assertTrue(w.at("/figures/instrumentation/0/counters/write.call").isNumber(), w.toString());
    assertEquals("flamegraph-cpu.html", w.at("/figures/profile/flameGraph").asText());
  }

  @Test
  void analyzeCheckRecomputesTheSavedFigures() {
    for (Path run : List.of(write, read)) {
      Run a = harness("analyze", run.toString(), "--check");
      assertEquals(0, a.code(), a.out() + a.err());
      assertTrue(a.out().contains("equal the run's own, field by field"), a.out());
      assertEquals("", a.err());
    }
  }

  @Test
  void reportShowsTheSavedCountersAndFlameGraph() throws IOException {
    Path page = dir.resolve("both.html");
    Run r = harness("report", write.toString(), read.toString(), "-o", page.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    String html = Files.readString(page);
    long writeCalls = saved(write).at("/figures/instrumentation/0/counters/write.call").asLong();
    Matcher m = Pattern.compile(Pattern.quote("data-json=\"/instrumentation/0/counters/write.call\"")
        + "[^>]*>([^<]*)<").matcher(html);
    assertTrue(m.find(), "the counters' table of the format 1 run");
    assertEquals(String.valueOf(writeCalls), m.group(1));
    assertTrue(html.contains("flamegraph-cpu.html"), "the flame graph's link");
  }

  @Test
  void compareReadsTheSavedRunBesideANewOne() throws IOException {
    Run fresh = harness("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "-fs", "file:///", "--root",
        dir.resolve("root").toString(), "--run-dir", dir.resolve("runs").toString(), "-resFile",
        dir.resolve("res.log").toString(), "--no-report");
    assertEquals(0, fresh.code(), fresh.out() + fresh.err());
    Path now;
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      now = s.findFirst().orElseThrow();
    }
    assertEquals(ResultFormat.CURRENT, saved(now).path("format").asInt(), "a new run names its format");
    assertFalse(saved(now).path("figures").has("instrumentation"));

    Path csv = dir.resolve("compare.csv");
    Run c = harness("compare", write.toString(), now.toString(), "--csv", csv.toString(),
        "-o", dir.resolve("compare.html").toString());
    assertEquals(0, c.code(), c.out() + c.err());
    List<String> rows = Files.readAllLines(csv);
    assertEquals(saved(write).at("/aggregate/mbPerSec").asDouble(), cell(rows, "aggregate MB/s", "dfsio-write"), 0);
    assertEquals(saved(now).at("/aggregate/mbPerSec").asDouble(),
        cell(rows, "aggregate MB/s", now.getFileName().toString()), 0);
    assertEquals(saved(write).at("/figures/instrumentation/0/counters/write.call").asDouble(),
        cell(rows, "write calls", "dfsio-write"), 0);
    Run r = harness("compare", write.toString(), read.toString(), "--force", "--csv", csv.toString(),
        "-o", dir.resolve("compare2.html").toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals(saved(read).at("/aggregate/mbPerSec").asDouble(),
        cell(Files.readAllLines(csv), "aggregate MB/s", "dfsio-read"), 0);
  }

  /**
   * A part file written by the harness before a task's value was the records file's line (pipe-separated fields)
   * is still read by {@code dfsio analyze}: its aggregate comes from its merged keys, the same numbers as from the
   * tasks' lines of the part file as it is written now.
   */
  @Test
  void anOlderPartFileIsAnalyzedFromItsMergedKeys() throws IOException {
    Run write = harness("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "-fs", "file:///", "--root",
        dir.resolve("root").toString(), "--run-dir", dir.resolve("runs").toString(), "-resFile",
        dir.resolve("res.log").toString(), "--no-report");
    assertEquals(0, write.code(), write.out() + write.err());
    Path part = dir.resolve("root/io_write/part-00000");
    Run now = harness("dfsio", "analyze", part.toString(), "-resFile", dir.resolve("a.log").toString());
    assertEquals(0, now.code(), now.out() + now.err());
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
    Run older = harness("dfsio", "analyze", part.toString(), "-resFile", dir.resolve("b.log").toString());
    assertEquals(0, older.code(), older.out() + older.err());
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
