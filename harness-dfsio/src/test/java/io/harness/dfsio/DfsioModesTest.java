package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO's other modes (append, random / backward / skip read, truncate, clean) on the local file
 * system, run in-process through the real command line.
 *
 * <p>The default {@code file:} file system (LocalFileSystem, a ChecksumFileSystem) cannot append or
 * truncate; the tests that do use the raw local file system, as a user would, with
 * {@code -D fs.file.impl=org.apache.hadoop.fs.RawLocalFileSystem}.
 */
class DfsioModesTest {
  private static final String[] RAW = {"-D", "fs.file.impl=org.apache.hadoop.fs.RawLocalFileSystem",
      "-fs", "file:///"};

  @TempDir
  Path dir;

  private Run harness(String... args) {
    return Cli.run(Cli.concat(args, "--run-dir", dir.resolve("runs").toString(),
        "-resFile", dir.resolve("results.log").toString()));
  }

  private Run raw(Path root, String... args) {
    List<String> all = new ArrayList<>(Arrays.asList(RAW));
    all.add("dfsio");
    all.addAll(Arrays.asList(args));
    all.addAll(List.of("--root", root.toString()));
    return harness(all.toArray(new String[0]));
  }

  private static void flipByte(Path file, long at) throws Exception {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0x40);
    }
  }

  // ---------------------------------------------------------------------------------------- append

  @Test
  void appendContinuesTheSeededDataAndTheWholeFileVerifies() throws Exception {
    Path root = dir.resolve("append");
    int size = 300 * 1024;
    assertEquals(0, raw(root, "-write", "-nrFiles", "2", "-fileSize", "300K", "-bufferSize", "65536").code());

    Run a = raw(root, "-append", "-nrFiles", "2", "-fileSize", "300K", "-bufferSize", "65536");
    assertExit(a, 0);
    assertTrue(a.out().contains("----- TestDFSIO ----- : append"), a.out());
    for (int i = 0; i < 2; i++) {
      SeededContent.assertFile(root.resolve("io_data/test_io_" + i), Dfsio.DEFAULT_SEED, i, 2 * size);
    }
    JsonNode json = Runs.latestResult(dir.resolve("runs"));
    assertEquals("append", json.get("operation").asText());
    assertEquals(2L * size, json.get("aggregate").get("bytes").asLong());
    // the local file system's context: its own block size and one copy, nothing unknown, printed first
    assertEquals(List.of("cluster: local file system, block size 32 MB, replication 1",
        "client settings: io.file.buffer.size=4096"), a.out().lines().limit(2).toList(), a.out());
    JsonNode cluster = json.get("cluster");
    assertEquals("local file system", cluster.get("system").asText());
    assertEquals("file:" + root, cluster.get("root").asText());
    assertEquals(32L << 20, cluster.get("blockSize").asLong());
    assertEquals(1, cluster.get("replication").asInt());
    assertTrue(cluster.get("unknown") == null && cluster.get("servers") == null, cluster.toString());
    // 300 KiB in 65536-byte calls: 4 full calls and one of 45056 bytes per file
    assertEquals(5, json.get("tasks").get(0).get("latency").get("write").get("count").asLong());
    assertEquals(1, json.get("tasks").get(0).get("latency").get("append").get("count").asLong());
    assertTrue(Files.isRegularFile(root.resolve("io_append/part-00000")));

    Run r = raw(root, "-read", "--verify", "-nrFiles", "2", "-fileSize", "600K");
    assertExit(r, 0);
    assertEquals(4L * size, Runs.latestResult(dir.resolve("runs")).get("aggregate").get("bytes").asLong());
  }

  @Test
  void appendAndTruncateThroughTheRawLocalFileSystemDropTheStaleChecksumsOfAChecksummedWrite()
      throws Exception {
    Path root = dir.resolve("mixed-local");
    int size = 200 * 1024;
    assertEquals(0, harness("dfsio", "-write", "-nrFiles", "2", "-fileSize", "200K", "-fs", "file:///",
        "--root", root.toString()).code());
    assertTrue(Files.exists(root.resolve("io_data/.test_io_1.crc")));
    Run a = raw(root, "-append", "-nrFiles", "2", "-fileSize", "200K");
    assertExit(a, 0);
    assertTrue(a.out().contains("dfsio append: removed 2 .crc checksum file(s) under file:" + root
        + "/io_data"), a.out());
    assertFalse(Files.exists(root.resolve("io_data/.test_io_1.crc")));
    // the checksummed local file system reads the appended files again, and every byte is right
    Run r = harness("dfsio", "-read", "--verify", "-nrFiles", "2", "-fileSize", "400K", "-fs", "file:///",
        "--root", root.toString());
    assertExit(r, 0);

    assertEquals(0, harness("dfsio", "-write", "-nrFiles", "2", "-fileSize", "200K", "-fs", "file:///",
        "--root", root.toString()).code());
    Run t = raw(root, "-truncate", "-nrFiles", "2", "-size", "100K");
    assertExit(t, 0);
    assertTrue(t.out().contains("dfsio truncate: removed 2 .crc checksum file(s)"), t.out());
    Run r2 = harness("dfsio", "-read", "-backward", "--verify", "-nrFiles", "2", "-fileSize", "100K",
        "-fs", "file:///", "--root", root.toString());
    assertExit(r2, 0);
    assertEquals(size / 2, Files.size(root.resolve("io_data/test_io_0")));
  }

  @Test
  void appendWithoutDataExitsOneAfterChecking() throws Exception {
    Run r = raw(dir.resolve("none"), "-append", "-nrFiles", "2");
    assertExit(r, 1);
    assertTrue(r.err().contains("-append: 2 of 2 data file(s) missing"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertFalse(Files.exists(dir.resolve("none")));
    assertEquals(0, Runs.count(dir.resolve("runs")));
  }

  @Test
  void appendAndTruncateOnTheChecksummedLocalFileSystemFailWithOneLineNamingIt() throws Exception {
    Path root = dir.resolve("crc");
    assertEquals(0, harness("dfsio", "-write", "-fileSize", "64K", "-fs", "file:///",
        "--root", root.toString()).code());
    byte[] before = Files.readAllBytes(root.resolve("io_data/test_io_0"));
    long runs = Runs.count(dir.resolve("runs"));
    for (String op : new String[] {"-append", "-truncate"}) {
      Run r = harness("dfsio", op, "-fileSize", "32K", "-fs", "file:///", "--root", root.toString());
      assertExit(r, 1);
      String call = op.substring(1);
      assertTrue(r.err().contains(op + ": the file system file:/// (LocalFileSystem) does not support "
          + call), r.err());
      assertTrue(r.err().contains("fs.file.impl=org.apache.hadoop.fs.RawLocalFileSystem"), r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
    }
    assertArrayEquals(before, Files.readAllBytes(root.resolve("io_data/test_io_0")));
    assertFalse(Files.exists(root.resolve("io_append")));
    assertFalse(Files.exists(root.resolve("io_truncate")));
    assertEquals(runs, Runs.count(dir.resolve("runs")));
  }

  // ------------------------------------------------------------------------- random/backward/skip

  /**
   * The read calls and bytes of one RandomReadMapper task, from TestDFSIO's rules: the positions come
   * from its nextOffset (backward: start at len - buffer, then buffer less each time, never below 0;
   * skip: start at 0, then buffer + skip further each time; random: anywhere a whole buffer fits),
   * reads go on while fewer than total bytes have been read; the harness asks for no more than what
   * is left of total and stops a skip read at the end of the file.
   */
  private static long[] expectedReads(String mode, long len, long total, long buffer, long skip) {
    long calls = 0;
    long bytes = 0;
    long pos = mode.equals("backward") ? Math.max(0, len - buffer) : 0;
    while (bytes < total && pos < len) {
      long want = Math.min(buffer, total - bytes);
      long got = Math.min(want, len - pos);
      calls++;
      bytes += got;
      pos = switch (mode) {
        case "backward" -> Math.max(0, pos - buffer);
        case "skip" -> pos + buffer + skip;
        default -> 0; // random: any position in [0, len - buffer] gives a whole buffer
      };
    }
    return new long[] {calls, bytes};
  }

  @Test
  void positionedReadsVerifyAndReadWhatTestDfsioReads() throws Exception {
    Path root = dir.resolve("positioned");
    long len = 1000 * 1024; // not a multiple of the buffer
    int buffer = 300_000;
    assertEquals(0, harness("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1000K", "-bufferSize",
        "" + buffer, "-fs", "file:///", "--root", root.toString()).code());

    Object[][] cases = {
        // flags, TestDFSIO test type, mode, skip bytes
        {new String[] {"-random"}, "random read", "random", 0L},
        {new String[] {"-backward"}, "backward read", "backward", 0L},
        {new String[] {"-skip"}, "skip read", "skip", (long) buffer}, // default: one buffer
        {new String[] {"-skip", "-skipSize", "100K"}, "skip read", "skip", 100 * 1024L},
        {new String[] {"-skip", "-skipSize", "0"}, "skip read", "skip", (long) buffer},
        {new String[] {"-SKIP", "-SKIPSIZE", "1"}, "skip read", "skip", 1024L * 1024}, // bare = MB
    };
    for (Object[] c : cases) {
      List<String> args = new ArrayList<>(List.of("dfsio", "-read"));
      args.addAll(Arrays.asList((String[]) c[0]));
      args.addAll(List.of("--verify", "-nrFiles", "2", "-fileSize", "1000K", "-bufferSize", "" + buffer,
          "-fs", "file:///", "--root", root.toString()));
      Run r = harness(args.toArray(new String[0]));
      String what = String.join(" ", (String[]) c[0]);
      assertExit(r, 0);
      assertTrue(r.out().contains("----- TestDFSIO ----- : " + c[1]), what + ": " + r.out());
      long[] expected = expectedReads((String) c[2], len, len, buffer, (Long) c[3]);
      JsonNode json = Runs.latestResult(dir.resolve("runs"));
      assertEquals(c[1], json.get("operation").asText(), what);
      for (JsonNode task : json.get("tasks")) {
        assertEquals(expected[0], task.get("latency").get("read").get("count").asLong(), what);
        assertEquals(expected[1], task.get("bytes").asLong(), what);
      }
      assertEquals(2 * expected[1], json.get("aggregate").get("bytes").asLong(), what);
      assertEquals(2 * expected[1], json.get("figures").get("legacy").get("size").asLong(), what);
      assertTrue(Files.isRegularFile(root.resolve("io_random_read/part-00000")), what);
    }
    // the expectations are not trivially equal: spot-check them by hand as well
    assertArrayEquals(new long[] {4, len}, expectedReads("backward", len, len, buffer, 0));
    assertArrayEquals(new long[] {2, 600_000}, expectedReads("skip", len, len, buffer, buffer));
    assertArrayEquals(new long[] {3, 819_200}, expectedReads("skip", len, len, buffer, 100 * 1024));
  }

  @Test
  void randomReadsAreRepeatableAndStayInsideTheFile() {
    // the positions of a file depend only on --seed and the file, and a whole buffer always fits
    long len = 1000 * 1024;
    int buffer = 300_000;
    for (int file = 0; file < 3; file++) {
      var a = PositionedReadTask.positions(Dfsio.DEFAULT_SEED, file);
      var b = PositionedReadTask.positions(Dfsio.DEFAULT_SEED, file);
      for (int i = 0; i < 1000; i++) {
        long p = a.nextLong(len - buffer + 1);
        assertEquals(p, b.nextLong(len - buffer + 1));
        assertTrue(p >= 0 && p + buffer <= len);
      }
    }
    var f0 = PositionedReadTask.positions(Dfsio.DEFAULT_SEED, 0);
    var f1 = PositionedReadTask.positions(Dfsio.DEFAULT_SEED, 1);
    assertFalse(f0.nextLong() == f1.nextLong(), "files get different positions");
  }

  @Test
  void backwardVerifyFindsOneWrongByteAndNamesTheTask() throws Exception {
    Path root = dir.resolve("corrupt");
    assertEquals(0, harness("dfsio", "-write", "-nrFiles", "3", "-fileSize", "1000K", "-bufferSize",
        "300000", "-fs", "file:///", "--root", root.toString()).code());
    // the local FS's own .crc goes, so the harness's check is the one that finds the flipped byte
    flipByte(root.resolve("io_data/test_io_1"), 123_457);
    Files.delete(root.resolve("io_data/.test_io_1.crc"));
    Run bad = harness("dfsio", "-read", "-backward", "--verify", "-nrFiles", "3", "-fileSize", "1000K",
        "-bufferSize", "300000", "-fs", "file:///", "--root", root.toString());
    assertExit(bad, 1);
    assertTrue(bad.err().contains("1 of 3 task(s) failed"), bad.err());
    assertTrue(bad.err().contains(
        "1x java.io.IOException: data mismatch in test_io_1 at byte 123457 (written with another --seed, or corrupted) [test_io_1]"), bad.err());
    JsonNode json = Runs.latestResult(dir.resolve("runs"));
    assertEquals("backward read", json.get("operation").asText());
    assertEquals(1, json.get("exitCode").asInt());
    assertEquals(2, json.get("figures").get("legacy").get("tasks").asLong());
    // without --verify the same read passes: the check is the harness's own
    assertEquals(0, harness("dfsio", "-read", "-backward", "-nrFiles", "3", "-fileSize", "1000K",
        "-bufferSize", "300000", "-fs", "file:///", "--root", root.toString()).code());
  }

  @Test
  void positionedReadOfMissingOrShortFilesExitsOne() throws Exception {
    Run none = harness("dfsio", "-read", "-random", "-fs", "file:///", "--root",
        dir.resolve("none").toString());
    assertExit(none, 1);
    assertTrue(none.err().contains("-read -random: 1 of 1 data file(s) missing"), none.err());
    Path root = dir.resolve("short");
    assertEquals(0, harness("dfsio", "-write", "-fileSize", "64K", "-fs", "file:///", "--root",
        root.toString()).code());
    Run shortRead = harness("dfsio", "-read", "-skip", "-fileSize", "1M", "-fs", "file:///", "--root",
        root.toString());
    assertExit(shortRead, 1);
    assertTrue(shortRead.err().contains("-read -skip: 1 file(s) shorter than -fileSize 1048576 bytes"),
        shortRead.err());
    assertFalse(Files.exists(root.resolve("io_random_read")));
  }

  // -------------------------------------------------------------------------------------- truncate

  @Test
  void truncateToHalfThenTheHalfVerifies() throws Exception {
    Path root = dir.resolve("truncate");
    int size = 600 * 1024;
    assertEquals(0, raw(root, "-write", "-nrFiles", "2", "-fileSize", "600K").code());

    Run t = raw(root, "-truncate", "-nrFiles", "2", "-size", "300K");
    assertExit(t, 0);
    assertTrue(t.out().contains("----- TestDFSIO ----- : truncate"), t.out());
    for (int i = 0; i < 2; i++) {
      SeededContent.assertFile(root.resolve("io_data/test_io_" + i), Dfsio.DEFAULT_SEED, i, size / 2);
    }
    JsonNode json = Runs.latestResult(dir.resolve("runs"));
    assertEquals("truncate", json.get("operation").asText());
    // TestDFSIO counts the bytes a truncate cut off
    assertEquals(2L * (size / 2), json.get("aggregate").get("bytes").asLong());
    assertEquals(1, json.get("tasks").get(1).get("latency").get("truncate").get("count").asLong());
    assertTrue(Files.isRegularFile(root.resolve("io_truncate/part-00000")));

    Run r = raw(root, "-read", "--verify", "-nrFiles", "2", "-fileSize", "300K");
    assertExit(r, 0);
    Run full = raw(root, "-read", "-nrFiles", "2", "-fileSize", "600K");
    assertExit(full, 1);
    assertTrue(full.err().contains("shorter than -fileSize"), full.err());

    // to zero bytes is a truncate too
    assertEquals(0, raw(root, "-truncate", "-nrFiles", "2", "-size", "0").code());
    assertEquals(0, Files.size(root.resolve("io_data/test_io_1")));
  }

  @Test
  void truncateLongerThanTheFileExitsTwoAndChangesNothing() throws Exception {
    Path root = dir.resolve("longer");
    assertEquals(0, raw(root, "-write", "-nrFiles", "2", "-fileSize", "300K").code());
    // file 1 is longer than the new length, file 0 shorter: nothing may be truncated
    assertEquals(0, raw(root, "-append", "-nrFiles", "2", "-fileSize", "300K").code());
    assertEquals(0, raw(root, "-truncate", "-nrFiles", "1", "-size", "100K").code());
    byte[][] before = {Files.readAllBytes(root.resolve("io_data/test_io_0")),
        Files.readAllBytes(root.resolve("io_data/test_io_1"))};
    Files.walk(root.resolve("io_truncate")).sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
    long runs = Runs.count(dir.resolve("runs"));

    Run r = raw(root, "-truncate", "-nrFiles", "2", "-size", "500K");
    assertUsageError(r, "-size: 1 of 2 file(s) are shorter than the new length 512000 bytes "
        + "(first: test_io_0, 102400 bytes)");
    assertArrayEquals(before[0], Files.readAllBytes(root.resolve("io_data/test_io_0")));
    assertArrayEquals(before[1], Files.readAllBytes(root.resolve("io_data/test_io_1")));
    assertFalse(Files.exists(root.resolve("io_truncate")));
    assertEquals(runs, Runs.count(dir.resolve("runs")));

    Run spelt = raw(root, "-truncate", "-nrFiles", "1", "-fileSize", "1G");
    assertExit(spelt, 2);
    assertTrue(spelt.err().contains("-fileSize: 1 of 1 file(s) are shorter"), spelt.err());
  }

  @Test
  void truncateWithoutDataExitsOne() throws Exception {
    Run r = raw(dir.resolve("none"), "-truncate", "-nrFiles", "3", "-size", "1K");
    assertExit(r, 1);
    assertTrue(r.err().contains("-truncate: 3 of 3 data file(s) missing"), r.err());
    assertFalse(Files.exists(dir.resolve("none")));
    assertEquals(0, Runs.count(dir.resolve("runs")));
  }

  // ----------------------------------------------------------------------------------------- clean

  @Test
  void cleanDeletesTheRunRootAndSaysWhat() throws Exception {
    Path root = dir.resolve("parent/clean");
    assertEquals(0, harness("dfsio", "-write", "-nrFiles", "2", "-fileSize", "64K", "-fs", "file:///",
        "--root", root.toString()).code());
    assertEquals(0, harness("dfsio", "-read", "-backward", "-nrFiles", "2", "-fileSize", "64K",
        "-fs", "file:///", "--root", root.toString()).code());
    long runs = Runs.count(dir.resolve("runs"));
    Run c = harness("dfsio", "-clean", "-fs", "file:///", "--root", root.toString());
    assertExit(c, 0);
    assertTrue(c.out().contains("dfsio cleanup: deleted file:" + root), c.out());
    assertTrue(c.out().contains("io_data") && c.out().contains("io_write")
        && c.out().contains("io_random_read"), c.out());
    assertFalse(Files.exists(root));
    assertTrue(Files.isDirectory(dir.resolve("parent")), "only the root goes");
    assertEquals(runs, Runs.count(dir.resolve("runs")), "-clean writes no run result");

    Run again = harness("dfsio", "-clean", "-fs", "file:///", "--root", root.toString());
    assertExit(again, 0);
    assertTrue(again.out().contains("does not exist; nothing deleted"), again.out());

    Path viaConf = dir.resolve("conf-root");
    assertEquals(0, harness("-D", "test.build.data=" + viaConf, "dfsio", "-write", "-fileSize", "1K",
        "-fs", "file:///").code());
    assertEquals(0, harness("-D", "test.build.data=" + viaConf, "dfsio", "-CLEAN", "-fs", "file:///").code());
    assertFalse(Files.exists(viaConf));
  }

  @Test
  void cleanRefusesARootWithForeignFilesTheFileSystemRootAndAnEmptyRoot() throws Exception {
    Path root = dir.resolve("mixed");
    assertEquals(0, harness("dfsio", "-write", "-fileSize", "64K", "-fs", "file:///",
        "--root", root.toString()).code());
    Files.writeString(root.resolve("notes.txt"), "mine");
    Run r = harness("dfsio", "-clean", "-fs", "file:///", "--root", root.toString());
    assertUsageError(r, "--root: file:" + root + " holds 1 entry dfsio did not make (first: "
        + "notes.txt)");
    assertTrue(Files.isRegularFile(root.resolve("notes.txt")));
    assertTrue(Files.isRegularFile(root.resolve("io_data/test_io_0")));
    assertTrue(Files.isRegularFile(root.resolve("io_write/part-00000")));

    Path file = dir.resolve("plain-file");
    Files.writeString(file, "x");
    Run f = harness("dfsio", "-clean", "-fs", "file:///", "--root", file.toString());
    assertExit(f, 2);
    assertTrue(f.err().contains("is a file, not a dfsio run root"), f.err());
    assertTrue(Files.isRegularFile(file));

    Run slash = harness("dfsio", "-clean", "-fs", "file:///", "--root", "/");
    assertExit(slash, 2);
    assertTrue(slash.err().contains("--root: must not be the root of the file system"), slash.err());
    Run empty = harness("dfsio", "-clean", "-fs", "file:///", "--root", " ");
    assertExit(empty, 2);
    assertTrue(empty.err().contains("--root: must not be empty"), empty.err());
    Run emptyConf = harness("-D", "test.build.data= ", "dfsio", "-clean", "-fs", "file:///");
    assertExit(emptyConf, 2);
    assertTrue(emptyConf.err().contains("test.build.data: must not be empty"), emptyConf.err());
    assertTrue(Files.isDirectory(root));
  }

  // ------------------------------------------------------------------------------------- bad input

  @Test
  void everyBadCombinationExitsTwoWithOneLineAndCreatesNothing() {
    Path root = dir.resolve("never");
    String[][] cases = {
        {"-random", "-random: only applies to -read"},
        {"-write -backward", "-backward: only applies to -read"},
        {"-append -skip", "-skip: only applies to -read"},
        {"-truncate -random", "-random: only applies to -read"},
        {"-read -skipSize 1M", "-skipSize: only applies to -read -skip"},
        {"-read -random -skipSize 1M", "-skipSize: only applies to -read -skip"},
        {"-read -backward -skipSize 1M", "-skipSize: only applies to -read -skip"},
        {"-read -random -backward", "-random/-backward: give one read mode, not both"},
        {"-read -backward -skip", "-backward/-skip: give one read mode, not both"},
        {"-read -random -backward -skip", "-random/-backward/-skip: give one read mode, not 3"},
        {"-read -skip -skipSize -1MB", "-skipSize: must be zero or more, was -1MB"},
        {"-read -skip -skipSize abc", "-skipSize: 'abc' is not a size"},
        {"-write -append", "-write/-append: give one operation, not both"},
        {"-read -truncate -clean", "-read/-truncate/-clean: give one operation, not 3"},
        {"-append -clean", "-append/-clean: give one operation, not both"},
        {"-append --verify", "--verify: only applies to -read"},
        {"-truncate --verify", "--verify: only applies to -read"},
        {"-clean --verify", "--verify: only applies to -read"},
        {"-truncate -size -5", "-size: must be zero or more, was -5"},
        {"-truncate -size 5Q", "-size: '5Q' has an unknown unit"},
        {"-append -fileSize 0", "-fileSize: must be positive, was 0"},
        {"-read -random -fileSize 0", "-fileSize: must be positive, was 0"},
        {"", "-write/-read/-append/-truncate/-clean: no operation given (use exactly one)"},
        {"-append -compression gzip", "-compression: applies to -write and (sequential) -read only, not -append"},
        {"-read -random -compression gzip", "-compression: applies to -write and (sequential) -read only, not "
            + "-read -random (a compressed stream cannot be read at positions)"},
        {"-write -compression nosuch", "-compression: unknown codec 'nosuch'; known: "},
        {"-write -compression java.lang.String", "-compression: unknown codec 'java.lang.String'"},
        {"-read -storagePolicy HOT", "-storagePolicy: applies to -write only"},
        {"-append -erasureCodePolicy RS-6-3-1024k", "-erasureCodePolicy: applies to -write only"},
        {"-write -storagePolicy HOT", "-storagePolicy: applies to HDFS (hdfs://) only; the target is file:///"},
        {"-write -erasureCodePolicy RS-6-3-1024k", "-erasureCodePolicy: applies to HDFS (hdfs://) only"},
        {"-write --replication RATIS/THREE", "--replication: applies to Ozone (ofs://, o3fs://) only; the target "
            + "is file:///"},
        {"-write --replication RATIS/TWO", "--replication: RATIS replication is ONE or THREE, was 'TWO'"},
        {"-write --replication EC/rs-3-2", "--replication: 'rs-3-2' is not an EC scheme"},
        {"-write --replication THREE", "--replication: 'THREE' has no TYPE/ (use RATIS/ONE, RATIS/THREE or EC/"},
        {"-write --replication ERASURE/rs-3-2-1024k", "--replication: unknown replication type 'ERASURE'"},
        {"-read --replication RATIS/ONE", "--replication: applies to -write only"},
        {"-write --duration 0", "--duration: must be positive, was 0"},
        {"-write --duration 5x", "--duration: '5x': unknown unit 'x'"},
        {"-read --warmup soon", "--warmup: 'soon' is not a time span"},
        {"-truncate -size 1M --duration 5s", "--duration: does not apply to -truncate"},
        {"-clean --warmup 5s", "--warmup: does not apply to -clean"},
        {"-write -fileSize 1G --duration 5s", "-fileSize: does not apply to -write --duration (each task writes "
            + "until the deadline)"},
        {"-append -size 1G --duration 5s", "-fileSize: does not apply to -append --duration"},
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("dfsio"));
      if (!c[0].isEmpty()) {
        args.addAll(Arrays.asList(c[0].split(" ")));
      }
      args.addAll(List.of("-fs", "file:///", "--root", root.toString()));
      Run r = harness(args.toArray(new String[0]));
      assertUsageError(r, "dfsio: " + c[1]);
      assertEquals("", r.out(), c[0]);
    }
    assertFalse(Files.exists(root));
    assertFalse(Files.exists(dir.resolve("runs")));
    assertFalse(Files.exists(dir.resolve("results.log")));
  }

  // ----------------------------------------------------------------- compression and time-bounded runs

  @Test
  void gzipWriteStoresAGzipStreamOfTheSeededDataAndTheReadVerifiesIt() throws Exception {
    Path root = dir.resolve("gz");
    Run w = raw(root, "-write", "-nrFiles", "2", "-fileSize", "3MB", "-bufferSize", "100000",
        "-compression", "org.apache.hadoop.io.compress.GzipCodec");
    assertExit(w, 0);
    for (int i = 0; i < 2; i++) {
      byte[] stored = Files.readAllBytes(root.resolve("io_data/test_io_" + i));
      assertEquals(0x1f, stored[0] & 0xff, "gzip magic");
      assertEquals(0x8b, stored[1] & 0xff, "gzip magic");
      try (java.io.InputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(stored))) {
        SeededContent.assertStream("gzip content of test_io_" + i, in, Dfsio.DEFAULT_SEED, i, 0, 3 << 20);
      }
    }
    JsonNode json = Runs.latestResult(dir.resolve("runs"));
    // sizes and rates count the bytes the tasks wrote, before compression (TestDFSIO's rule)
    assertEquals(6L << 20, json.get("aggregate").get("bytes").asLong());
    assertEquals("org.apache.hadoop.io.compress.GzipCodec", json.get("figures").get("compressionCodec").asText());
    Run r = raw(root, "-read", "--verify", "-nrFiles", "2", "-fileSize", "3MB", "-compression", "gzip");
    assertExit(r, 0);
    assertTrue(r.out().contains("compression GzipCodec"), r.out());
    assertEquals(6L << 20, Runs.latestResult(dir.resolve("runs")).get("aggregate").get("bytes").asLong());
    // read without the codec, the stored bytes are not the seeded data, and --verify says so
    Run plain = raw(root, "-read", "--verify", "-nrFiles", "1", "-fileSize", "1KB");
    assertExit(plain, 1);
    assertTrue(plain.err().contains("data mismatch in test_io_0 at byte 0"), plain.err());
  }

  @Test
  void timeBoundedWriteGrowsTheFilesAndATimeBoundedReadWrapsAroundVerifying() throws Exception {
    Path root = dir.resolve("timed");
    Run w = raw(root, "-write", "-nrFiles", "2", "--duration", "1s", "--warmup", "300ms",
        "-bufferSize", "65536");
    assertExit(w, 0);
    assertTrue(w.out().contains("2 file(s) until the deadline, buffer 65536 B, warm-up 300 ms, 1 s per task"),
        w.out());
    JsonNode json = Runs.latestResult(dir.resolve("runs"));
    assertEquals(0.3, json.get("figures").get("warmupSeconds").asDouble());
    assertEquals(1.0, json.get("figures").get("durationSeconds").asDouble());
    for (int i = 0; i < 2; i++) {
      JsonNode t = json.get("tasks").get(i);
      long length = Files.size(root.resolve("io_data/test_io_" + i));
      // the file holds the warm-up's writes too; the figures do not
      assertTrue(length > t.get("bytes").asLong(), length + " vs " + t);
      assertTrue(t.get("seconds").asDouble() >= 1.0, t.toString());
      assertEquals(1, t.get("latency").get("close").get("count").asLong());
      assertTrue(t.get("latency").get("create") == null, "create fell in the warm-up: " + t);
    }
    // reading 64 KiB files for a second means starting over many times; every byte still verifies
    Run r = raw(root, "-read", "--verify", "-nrFiles", "2", "-fileSize", "64KB", "-bufferSize", "8192",
        "--duration", "1s");
    assertExit(r, 0);
    JsonNode rj = Runs.latestResult(dir.resolve("runs"));
    for (int i = 0; i < 2; i++) {
      JsonNode t = rj.get("tasks").get(i);
      long seeks = t.get("latency").get("seek").get("count").asLong();
      assertTrue(seeks > 0, t.toString());
      // 8 reads per pass over 64 KiB; the bytes are whole passes plus the pass the deadline cut
      long reads = t.get("latency").get("read").get("count").asLong();
      assertEquals(reads * 8192, t.get("bytes").asLong());
      assertTrue(reads >= seeks * 8 && reads <= (seeks + 1) * 8, reads + " reads, " + seeks + " seeks");
    }
    // positioned reads range over the whole file: on 64 KiB files they soon start over
    Path small = dir.resolve("small");
    assertEquals(0, raw(small, "-write", "-nrFiles", "2", "-fileSize", "64KB").code());
    for (String mode : new String[] {"-backward", "-skip", "-random"}) {
      Run m = raw(small, "-read", mode, "--verify", "-nrFiles", "2", "-fileSize", "64KB", "-bufferSize", "8192",
          "--duration", "300ms");
      assertExit(m, 0);
      assertTrue(Runs.latestResult(dir.resolve("runs")).get("tasks").get(0).get("bytes").asLong() > 4 * (64 << 10), mode);
    }
  }

  @Test
  void helpListsTheModes() {
    Run r = harness("dfsio", "--help");
    assertExit(r, 0);
    for (String s : new String[] {"-append", "-truncate", "-clean", "-random", "-backward", "-skip",
        "-skipSize", "-size", "io_random_read"}) {
      assertTrue(r.out().contains(s), s + " in\n" + r.out());
    }
  }

  @Test
  void everyResultDirectoryIsOneCleanMayDelete() {
    for (DfsioOperation op : DfsioOperation.values()) {
      if (op != DfsioOperation.CLEANUP) {
        assertTrue(DfsioFiles.ROOT_ENTRIES.contains(op.resultDir()), op.toString());
      }
    }
  }
}
