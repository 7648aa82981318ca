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
import java.util.Locale;
import java.util.Map;
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
    // the per-second series travels through the part file unchanged
    StringBuilder series = new StringBuilder();
    for (JsonNode sample : json.get("aggregate").get("timeSeries")) {
      series.append(series.length() == 0 ? "" : ",").append(sample.get("epochSecond").asLong()).append(':')
          .append(sample.get("bytes").asLong());
    }
    assertTrue(series.length() > 0);
    assertTrue(text.contains("s:harness.bytes.per.second\t" + series + "\n"), text);
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
}
