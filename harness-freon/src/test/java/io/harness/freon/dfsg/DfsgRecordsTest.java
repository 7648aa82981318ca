package io.harness.freon.dfsg;

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

/** freon dfsg saves its records; analyze gives back the run's own figures, failed files included. */
class DfsgRecordsTest {
  @TempDir
  Path dir;

  private String[] harness(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new String[] {String.valueOf(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
  }

  @Test
  void analyzeGivesTheRunsOwnFiguresEvenWithFailedFiles() throws Exception {
    Path base = dir.resolve("fs");
    // file "3" cannot be created: the file system refuses it
    String[] r = harness("freon", "dfsg", "-n", "20", "-s", "10KB", "-t", "3", "--path", base.toString(), "-p", "p",
        "-f", "--run-dir", dir.resolve("runs").toString(), "-D", "fs.file.impl=" + FailingLocalFileSystem.class.getName(),
        "-D", FailingLocalFileSystem.NAMES + "=3");
    assertEquals("1", r[0], r[1] + r[2]);
    assertTrue(r[1].contains("Files written: 19 (1 failed)"), r[1]);
    Path last;
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      last = s.sorted().reduce((a, b) -> b).orElseThrow();
    }
    String[] a = harness("analyze", last.toString(), "--check");
    assertEquals("0", a[0], a[1] + a[2]);
    assertTrue(a[1].contains("Files written: 19 (1 failed)"), a[1]);
  }
}
