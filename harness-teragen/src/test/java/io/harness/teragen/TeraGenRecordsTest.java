package io.harness.teragen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.cli.Harness;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** teragen (both engines) and teravalidate save their records; analyze gives back the runs' own figures. */
class TeraGenRecordsTest {
  @TempDir
  Path dir;

  private String[] harness(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new String[] {String.valueOf(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
  }

  private void analyzeLastRun() throws Exception {
    Path last;
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      last = s.sorted().reduce((a, b) -> b).orElseThrow();
    }
    String[] a = harness("analyze", last.toString(), "--check");
    assertEquals("0", a[0], last + "\n" + a[1] + a[2]);
    assertTrue(a[1].contains("equal the run's own, field by field"), a[1]);
  }

  @Test
  void analyzeGivesEachRunsOwnFigures() throws Exception {
    String runs = dir.resolve("runs").toString();
    String[] local = harness("teragen", "30000", dir.resolve("a").toString(), "-m", "3", "-fs", "file:///",
        "--run-dir", runs);
    assertEquals("0", local[0], local[1] + local[2]);
    analyzeLastRun();
    String[] mr = harness("teragen", "20000", dir.resolve("b").toString(), "-m", "2", "--engine", "mapreduce",
        "-fs", "file:///", "--run-dir", runs);
    assertEquals("0", mr[0], mr[1] + mr[2]);
    analyzeLastRun();
    // the maps' calls per second of the run, merged into its latency.hlog.gz: every call of each map once
    Path last;
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      last = s.sorted().reduce((a, b) -> b).orElseThrow();
    }
    Map<String, Long> fromTasks = new java.util.TreeMap<>();
    for (var t : new com.fasterxml.jackson.databind.ObjectMapper().readTree(last.resolve("result.json").toFile())
        .get("tasks")) {
      t.get("latency").fields().forEachRemaining(e -> fromTasks.merge(e.getKey(), e.getValue().get("count").asLong(),
          Long::sum));
    }
    Map<String, Long> fromSeconds = new java.util.TreeMap<>();
    for (var i : io.harness.core.run.RecordsFile.read(last).intervals()) {
      fromSeconds.merge(i.kind(), i.histogram().getTotalCount(), Long::sum);
    }
    assertTrue(fromTasks.getOrDefault("write", 0L) >= 2, fromTasks.toString());
    assertEquals(fromTasks, fromSeconds);
    String checksum = local[1].lines().filter(l -> l.startsWith("teragen: checksum ")).findFirst().orElseThrow()
        .substring("teragen: checksum ".length());
    String[] v = harness("teravalidate", dir.resolve("a").toString(), "--checksum-only", "--expect-checksum",
        checksum, "--expect-rows", "30000", "-fs", "file:///", "--run-dir", runs);
    assertEquals("0", v[0], v[1] + v[2]);
    analyzeLastRun();
  }
}
