package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dfsio on the local file system, run in-process through the real command line. */
class DfsioCommandTest {
  @TempDir
  Path dir;

  private Run harness(String... args) {
    return Cli.run(Cli.concat(args, "--run-dir", dir.resolve("runs").toString(),
        "-resFile", dir.resolve("results.log").toString()));
  }

  /** A qualified --root is the target, whatever -fs says (here a port nothing listens on). */
  @Test
  void aQualifiedRootNamesTheFileSystem() throws Exception {
    Path root = dir.resolve("qualified");
    Run w = harness("dfsio", "-write", "-nrFiles", "2", "-fileSize", "64K", "-fs", "hdfs://127.0.0.1:1",
        "--root", root.toUri().toString());
    assertExit(w, 0);
    assertEquals(64 * 1024, Files.size(root.resolve("io_data/test_io_1")));
    JsonNode target = Runs.latestResult(dir.resolve("runs")).get("target");
    assertTrue(target.asText().startsWith("file:"), target.asText());
  }

  @Test
  void writeThenVerifiedReadOnTheLocalFileSystem() throws Exception {
    Path root = dir.resolve("root");
    Run w = harness("dfsio", "-write", "-nrFiles", "3", "-fileSize", "1536K", "-bufferSize", "100000",
        "-fs", "file:///", "--root", root.toString(), "-t", "2");
    assertExit(w, 0);
    for (int i = 0; i < 3; i++) {
      SeededContent.assertFile(root.resolve("io_data/test_io_" + i), Dfsio.DEFAULT_SEED, i, 1536 * 1024);
    }
    assertTrue(w.out().contains("----- TestDFSIO ----- : write"), w.out());
    assertTrue(w.out().contains("        Number of files: 3"), w.out());
    assertTrue(w.out().contains(" Total MBytes processed: 4.5"), w.out());
    assertTrue(w.out().contains("Aggregate throughput mb/sec: "), w.out());
    assertTrue(w.out().contains("write latency ms: p50 "), w.out());

    JsonNode json = Runs.latestResult(dir.resolve("runs"));
    assertEquals("dfsio", json.get("workload").asText());
    assertEquals("write", json.get("operation").asText());
    assertEquals(3, json.get("tasks").size());
    // 1536 KiB in 100000-byte calls: 15 full calls and one of 72864 bytes per file
    assertEquals(16, json.get("tasks").get(0).get("latency").get("write").get("count").asLong());
    assertEquals(3L * 1536 * 1024, json.get("aggregate").get("bytes").asLong());
    assertEquals(3, json.get("figures").get("legacy").get("tasks").asLong());
    assertEquals("2", json.get("options").get("--threads").asText());
    assertFalse(json.get("versions").get("hadoop").asText().isEmpty());

    Run r = harness("dfsio", "-read", "--verify", "-nrFiles", "3", "-fileSize", "1536K",
        "-fs", "file:///", "--root", root.toString());
    assertExit(r, 0);
    assertTrue(r.out().contains("----- TestDFSIO ----- : read"), r.out());
    String log = Files.readString(dir.resolve("results.log"));
    assertTrue(log.contains("----- TestDFSIO ----- : write") && log.contains("----- TestDFSIO ----- : read"));

    // one flipped byte fails that task (the local FS's own .crc is removed so the harness's check
    // is the one that finds it), names it, and the run still writes its figures
    try (RandomAccessFile f = new RandomAccessFile(root.resolve("io_data/test_io_1").toFile(), "rw")) {
      f.seek(777_777);
      int b = f.read();
      f.seek(777_777);
      f.write(b ^ 0x40);
    }
    Files.delete(root.resolve("io_data/.test_io_1.crc"));
    Run bad = harness("dfsio", "-read", "--verify", "-nrFiles", "3", "-fileSize", "1536K",
        "-fs", "file:///", "--root", root.toString());
    assertExit(bad, 1);
    assertTrue(bad.err().contains("1 of 3 task(s) failed"), bad.err());
    assertTrue(bad.err().contains("1x java.io.IOException: data mismatch in test_io_1 at byte 777777 (written with another --seed, or corrupted) [test_io_1]"),
        bad.err());
    JsonNode badJson = Runs.latestResult(dir.resolve("runs"));
    assertEquals(1, badJson.get("exitCode").asInt());
    assertEquals(2, badJson.get("figures").get("legacy").get("tasks").asLong());
    assertEquals(1, badJson.get("aggregate").get("failedTasks").asInt());
  }

  @Test
  void badInputExitsTwoWithOneLineAndCreatesNothing() {
    Path root = dir.resolve("never");
    String[][] cases = {
        {"-fileSize", "abc", "-fileSize: 'abc' is not a size"},
        {"-fileSize", "-1MB", "-fileSize: must be positive"},
        {"-nrFiles", "0", "-nrFiles: must be at least 1, was 0"},
        {"-nrFiles", "-3", "-nrFiles: must be at least 1, was -3"},
        {"-bufferSize", "0", "-bufferSize: must be positive"},
        {"-fs", "nosuch://x/", "-fs: no file system for scheme 'nosuch'"},
        {"--threads", "0", "--threads: must be at least 1"},
        {"--embedded", "cassandra", "--embedded: unknown cluster kind 'cassandra'"},
        {"--embedded", "hdfs:0", "--embedded: datanode count must be between 1 and 16"},
    };
    for (String[] c : cases) {
      assertUsageError(harness("dfsio", "-write", c[0], c[1], "--root", root.toString()), c[2]);
    }
    Run none = harness("dfsio", "--root", root.toString());
    assertExit(none, 2);
    assertTrue(none.err().contains("no operation given"), none.err());
    Run both = harness("dfsio", "-write", "-read", "--root", root.toString());
    assertExit(both, 2);
    assertTrue(both.err().contains("give one operation, not both"), both.err());
    assertFalse(Files.exists(root));
    assertFalse(Files.exists(dir.resolve("runs")));
    assertFalse(Files.exists(dir.resolve("results.log")));
  }

  @Test
  void readWithoutDataExitsOneAfterChecking() {
    Run r = harness("dfsio", "-read", "-nrFiles", "2", "-fs", "file:///", "--root",
        dir.resolve("empty").toString());
    assertExit(r, 1);
    assertTrue(r.err().contains("-read: 2 of 2 data file(s) missing"), r.err());
    assertFalse(Files.exists(dir.resolve("runs")));
  }

  @Test
  void optionsAreCaseInsensitiveAndGenericOptionsGoAnywhere() {
    Path root = dir.resolve("ci");
    Run r = harness("-D", "test.build.data=" + root, "dfsio", "-WRITE", "-nrfiles", "1", "-filesize", "1",
        "-Dio.file.buffer.size=65536", "-fs", "file:///");
    assertExit(r, 0);
    assertTrue(Files.isRegularFile(root.resolve("io_data/test_io_0")));
  }

  @Test
  void helpListsEveryOptionWithItsDefault() {
    Run r = harness("dfsio", "--help");
    assertExit(r, 0);
    for (String s : new String[] {"-write", "-read", "-nrFiles", "-fileSize", "-bufferSize", "-resFile",
        "--root", "--verify", "--seed", "--embedded", "--threads", "--json", "--run-dir",
        "default: 1000000", "default: 1MB", "default: TestDFSIO_results.log"}) {
      assertTrue(r.out().contains(s), s + " in\n" + r.out());
    }
  }
}
