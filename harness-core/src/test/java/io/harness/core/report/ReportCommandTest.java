package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.cli.Harness;
import io.harness.core.records.RecordsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness report}: what it writes, and the bad input it refuses before writing anything. */
class ReportCommandTest {
  @TempDir
  Path dir;

  record Result(int code, String out, String err) {}

  private static Result harness(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private List<Path> files() throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).sorted().toList();
    }
  }

  @Test
  void oneRunsReportGoesIntoItsFolderAndSeveralIntoTheFileNamed() throws Exception {
    Path run = SampleRun.save(dir.resolve("a"), true).dir();
    Result one = harness("report", run.toString());
    assertEquals(0, one.code(), one.err());
    Path report = run.resolve(HtmlReport.FILE);
    assertEquals("Report: " + report.toAbsolutePath(), one.out().strip());
    assertTrue(Files.readString(report).contains("data-json=\"/cluster/liveDatanodes\">3<"));

    Path other = SampleRun.save(dir.resolve("b"), false).dir();
    Path out = dir.resolve("new/both.html");
    Result both = harness("report", run.toString(), other.toString(), "-o", out.toString(), "--skip", "1s");
    assertEquals(0, both.code(), both.err());
    String page = Files.readString(out);
    assertTrue(page.contains("<section class=\"run\" id=\"run-1\">"), "a part per run");
    assertTrue(page.contains("Figures over the window from 1 s to the end of each run"));
  }

  @Test
  void badInputIsOneLineAndWritesNothing() throws Exception {
    Path run = SampleRun.save(dir.resolve("a"), false).dir();
    Path other = SampleRun.save(dir.resolve("b"), false).dir();
    Path broken = SampleRun.save(dir.resolve("broken"), false).dir();
    Files.delete(broken.resolve(RecordsFile.RECORDS));
    Path corrupt = SampleRun.save(dir.resolve("corrupt"), false).dir();
    Files.write(corrupt.resolve(RecordsFile.RECORDS), new byte[] {31, -117, 8, 0, 1, 2});
    Files.createDirectories(dir.resolve("empty"));
    Files.createDirectories(dir.resolve("taken.html"));
    List<Path> before = files();
    String[][] bad = {
        {"report"},
        {"report", dir.resolve("missing").toString()},
        {"report", dir.resolve("empty").toString()},
        {"report", broken.toString()},
        {"report", corrupt.toString()},
        {"report", run.toString(), other.toString()},
        {"report", run.toString(), "-o", dir.resolve("taken.html").toString()},
        {"report", run.toString(), "-o", dir.resolve("r.html").toString(), "--skip", "5s", "--until", "2s"},
        {"report", run.toString(), broken.toString(), "-o", dir.resolve("r.html").toString()},
    };
    String[] why = {"RUN_DIR", "is not a directory", "not a run's folder", "has no records", "records",
        "-o: is needed with several runs", "-o: ", "--until: must be after --skip", "has no records"};
    for (int i = 0; i < bad.length; i++) {
      Result r = harness(bad[i]);
      assertEquals(2, r.code(), String.join(" ", bad[i]) + ": " + r.err());
      assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
      assertTrue(r.err().contains(why[i]), why[i] + " in " + r.err());
      assertFalse(r.err().contains("\tat "), "no stack trace");
      assertEquals("", r.out());
    }
    assertEquals(before, files(), "nothing written");
  }
}
