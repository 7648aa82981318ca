package io.harness.freon.dfsg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** freon dfsg saves its records; analyze gives back the run's own figures, failed files included. */
class DfsgRecordsTest {
  @TempDir
  Path dir;

  private String[] harness(String... args) {
    io.harness.testkit.Run r = io.harness.testkit.Cli.run(args);
    return new String[] {String.valueOf(r.code()), r.out(), r.err()};
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
