package io.harness.freon.dfsg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window of a freon dfsg run counts the files that were closed inside it, in every figure: checked against a
 * count made here from the run's saved records file, read as plain JSON lines. An empty window is bad input.
 */
class DfsgWindowTest {
  private static final long TICK = 100_000_000L;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private String[] harness(String... args) {
    io.harness.testkit.Run r = io.harness.testkit.Cli.run(args);
    return new String[] {String.valueOf(r.code()), r.out(), r.err()};
  }

  /** The run's first line and its task lines, from records.jsonl.gz. */
  private static List<JsonNode> records(Path run) throws Exception {
    List<JsonNode> lines = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(run.resolve("records.jsonl.gz"))), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(JSON.readTree(line));
      }
    }
    return lines;
  }

  /** Whether a 100 ms tick is in the window [from, to): its middle is, as the harness counts a tick's bytes. */
  private static boolean inside(long tick, long from, long to) {
    long middle = tick * TICK + TICK / 2;
    return middle >= from && middle < to;
  }

  @Test
  void aWindowCountsTheFilesClosedInsideIt() throws Exception {
    Path base = dir.resolve("fs");
    String[] r = harness("freon", "dfsg", "-n", "400", "-s", "4KB", "-t", "2", "--path", base.toString(), "-p", "p",
        "--run-dir", dir.resolve("runs").toString(), "--no-report");
    assertEquals("0", r[0], r[1] + r[2]);
    Path run;
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      run = s.sorted().reduce((a, b) -> b).orElseThrow();
    }
    List<JsonNode> lines = records(run);
    JsonNode first = lines.get(0);
    List<JsonNode> tasks = lines.subList(1, lines.size());
    long origin = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long allFiles = 0;
    for (JsonNode t : tasks) {
      origin = Math.min(origin, t.get("startEpochNanos").asLong());
      last = Math.max(last, t.get("endEpochNanos").asLong());
      allFiles += t.get("extra").get("items").asLong();
    }
    assertEquals(400, allFiles);
    // the middle third of the run, in whole milliseconds
    long length = last - origin;
    long skipMs = length / 3 / 1_000_000;
    long untilMs = 2 * length / 3 / 1_000_000;
    assertTrue(untilMs > skipMs, "a run long enough for a window: " + length + " ns");
    long from = origin + skipMs * 1_000_000;
    long to = origin + untilMs * 1_000_000;

    // by hand: each file counts in the 100 ms tick it was closed in; and its bytes are in that tick too
    long files = 0;
    long bytes = 0;
    for (JsonNode t : tasks) {
      JsonNode items = t.get("extra").get("totalsPerTick").get("items");
      long firstTick = items.get("first").asLong();
      JsonNode counts = items.get("counts");
      for (int i = 0; i < counts.size(); i++) {
        if (inside(firstTick + i, from, to)) {
          files += counts.get(i).asLong();
        }
      }
      long firstByteTick = t.get("firstTick").asLong();
      JsonNode perTick = t.get("bytesPerTick");
      for (int i = 0; i < perTick.size(); i++) {
        if (inside(firstByteTick + i, from, to)) {
          bytes += perTick.get(i).asLong();
        }
      }
    }
    assertTrue(files > 0 && files < 400, "the window holds some of the files: " + files);
    assertEquals(files * 4096, bytes, "each file's bytes in the tick it was closed in");
    double seconds = (Math.min(first.get("engineEndEpochNanos").asLong(), to)
        - Math.max(first.get("engineStartEpochNanos").asLong(), from)) / 1e9;

    Path json = dir.resolve("window.json");
    String[] a = harness("analyze", run.toString(), "--skip", skipMs + "ms", "--until", untilMs + "ms",
        "--json", json.toString());
    assertEquals("0", a[0], a[1] + a[2]);
    JsonNode w = JSON.readTree(json.toFile());
    JsonNode f = w.get("figures");
    assertEquals(files, f.get("files").asLong(), a[1]);
    assertEquals(0, f.get("failedFiles").asLong());
    assertEquals(seconds, f.get("seconds").asDouble(), 1e-9);
    assertEquals(files / seconds, f.get("filesPerSecond").asDouble(), 1e-6 * Math.max(1, files / seconds));
    assertEquals(files * 4096 / (double) (1 << 20) / seconds, f.get("mbPerSec").asDouble(), 1e-9);
    assertEquals(bytes, w.get("aggregate").get("bytes").asLong());
    assertTrue(a[1].contains("Files written: " + files + " (0 failed)"), a[1]);
    assertTrue(a[1].contains(String.format(Locale.ROOT, "Files/second: %.1f ", files / seconds)), a[1]);

    // the report draws the same window
    String[] rep = harness("report", run.toString(), "--skip", skipMs + "ms", "--until", untilMs + "ms", "-o",
        dir.resolve("window.html").toString());
    assertEquals("0", rep[0], rep[1] + rep[2]);
    String html = Files.readString(dir.resolve("window.html"));
    assertTrue(html.contains("Files written: " + files + " (0 failed)"), "the report's block");
  }

  @Test
  void anEmptyWindowIsBadInput() throws Exception {
    String[] r = harness("freon", "dfsg", "-n", "5", "-s", "1KB", "-t", "1", "--path", dir.resolve("fs").toString(),
        "-p", "p", "--run-dir", dir.resolve("runs").toString(), "--no-report");
    assertEquals("0", r[0], r[1] + r[2]);
    Path run;
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      run = s.sorted().reduce((a, b) -> b).orElseThrow();
    }
    for (String command : List.of("analyze", "report")) {
      String[] a = harness(command, run.toString(), "--skip", "1h", "--until", "2h");
      assertEquals("2", a[0], command + ": " + a[1] + a[2]);
      assertEquals(1, a[2].strip().lines().count(), a[2]);
      assertTrue(a[2].contains("--skip") && a[2].contains("lasted"), a[2]);
      assertEquals("", a[1], "nothing printed");
    }
    assertFalse(Files.exists(run.resolve("report.html")), "report wrote nothing");
  }
}
