package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the shipped bin/harness: exit 2, one line naming the argument, nothing created. */
class BadInputIT {
  @TempDir
  Path work;

  private void expectUsage(String expected, String... args) throws Exception {
    Cli.Run r = Cli.process(work, 120, args);
    assertEquals(2, r.code(), String.join(" ", args) + ": " + r.all());
    assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
    assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    try (Stream<Path> s = Files.list(work)) {
      assertEquals(0, s.count(), "nothing may be created by: " + String.join(" ", args));
    }
  }

  @Test
  void everyBadArgumentExitsTwo() throws Exception {
    String root = work.resolve("root").toString();
    expectUsage("-fileSize: 'abc' is not a size", "dfsio", "-write", "-fileSize", "abc", "--root", root);
    expectUsage("-fileSize: must be positive, was -1MB", "dfsio", "-write", "-fileSize", "-1MB", "--root", root);
    expectUsage("-nrFiles: must be at least 1, was 0", "dfsio", "-write", "-nrFiles", "0", "--root", root);
    expectUsage("-nrFiles: must be at least 1, was -3", "dfsio", "-write", "-nrFiles", "-3", "--root", root);
    expectUsage("-bufferSize: must be positive, was 0", "dfsio", "-write", "-bufferSize", "0", "--root", root);
    expectUsage("no operation given", "dfsio", "-nrFiles", "2", "--root", root);
    expectUsage("give one operation, not both", "dfsio", "-write", "-read", "--root", root);
    expectUsage("-fs: no file system for scheme 'gopher'", "dfsio", "-write", "-fs", "gopher://x/", "--root", root);
  }

  @Test
  void readWithoutDataExitsOneAfterChecking() throws Exception {
    Cli.Run r = Cli.process(work, 120, "dfsio", "-read", "-nrFiles", "3", "--root",
        work.resolve("nothing").toString());
    assertEquals(1, r.code(), r.all());
    assertTrue(r.err().contains("-read: 3 of 3 data file(s) missing"), r.err());
    assertTrue(Files.notExists(work.resolve("nothing")));
  }

  /** The time limit guards against a hang (the probe gives up after 45 s); it is not a speed check. */
  @Test
  void unreachableNamenodeFailsWithAClearMessage() throws Exception {
    Cli.Run r = Cli.process(work, 90, "dfsio", "-write", "-fs", "hdfs://127.0.0.1:1");
    assertEquals(1, r.code(), r.all());
    assertTrue(r.err().contains("cannot reach hdfs://127.0.0.1:1"), r.err());
  }
}
