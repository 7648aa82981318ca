package io.harness.freon.dfsg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.base.SeededData;
import io.harness.core.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** harness freon dfsg on the local file system: the files, their bytes, the figures, bad input. */
class DfsgCommandTest {
  @TempDir
  Path dir;

  private static String[] concat(String[] a, String[] b) {
    return java.util.stream.Stream.concat(Arrays.stream(a), Arrays.stream(b)).toArray(String[]::new);
  }

  private String[] run(String... args) {
    List<String> all = new ArrayList<>(List.of("freon", "dfsg"));
    all.addAll(Arrays.asList(args));
    all.addAll(List.of("--run-dir", dir.resolve("runs").toString(), "--json", dir.resolve("last.json").toString()));
    io.harness.testkit.Run r = io.harness.testkit.Cli.run(all.toArray(new String[0]));
    return new String[] {String.valueOf(r.code()), r.out(), r.err()};
  }

  @Test
  void createsTheFilesWithTheBufferAndReportsThem() throws Exception {
    Path base = dir.resolve("fs");
    String[] r = run("-n", "25", "-s", "100KB", "-t", "4", "--buffer", "30000", "--copy-buffer", "7000",
        "--sync", "hflush", "--path", base.toUri().toString(), "-p", "run1");
    assertEquals("0", r[0], r[1] + r[2]);
    assertTrue(r[1].contains("freon dfsg: 25 file(s) x 100 KB, 4 thread(s), buffer 30000 B, 7000 B per write, sync "
        + "HFLUSH"), r[1]);
    assertTrue(r[1].contains("Files written: 25 (0 failed)"), r[1]);
    assertTrue(r[1].contains("file latency ms: p50 "), r[1]);
    // every file: 100 KB of the 30000-byte seeded buffer, over and over
    byte[] buffer = new byte[30000];
    new SeededData(24301, 0).fill(buffer, 0, buffer.length, 0);
    byte[] expected = new byte[100 << 10];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = buffer[i % buffer.length];
    }
    try (Stream<Path> s = Files.list(base.resolve("run1"))) {
      List<Path> files = s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
      assertEquals(25, files.size());
      for (int i = 0; i < 25; i++) {
        assertArrayEquals(expected, Files.readAllBytes(base.resolve("run1/" + i)), "file " + i);
      }
    }
    JsonNode j = ResultWriter.mapper().readTree(dir.resolve("last.json").toFile());
    assertEquals("dfsg", j.get("operation").asText());
    assertEquals(25, j.get("figures").get("files").asLong());
    assertEquals(0, j.get("figures").get("failedFiles").asLong());
    assertEquals(25L * (100 << 10), j.get("aggregate").get("bytes").asLong());
    assertEquals(25, j.get("aggregate").get("latency").get("file").get("count").asLong());
    assertEquals(4, j.get("tasks").size());
  }

  @Test
  void aRandomPrefixPerRunAndTenThreadsByDefault() throws Exception {
    Path base = dir.resolve("fs");
    String[] r = run("-n", "3", "-s", "1KB", "--path", base.toString());
    assertEquals("0", r[0], r[1] + r[2]);
    assertTrue(r[1].contains(", 10 thread(s), "), r[1]);
    try (Stream<Path> s = Files.list(base)) {
      List<Path> prefixes = s.toList();
      assertEquals(1, prefixes.size());
      assertTrue(prefixes.get(0).getFileName().toString().matches("[a-z0-9]{10}"), prefixes.toString());
    }
  }

  @Test
  void failuresAreCountedNamedAndExitOne() throws Exception {
    Path base = dir.resolve("fs");
    // file "1" cannot be created: the file system refuses it
    String[] failing = {"-D", "fs.file.impl=" + FailingLocalFileSystem.class.getName(), "-D",
        FailingLocalFileSystem.NAMES + "=1"};
    String[] r = run(concat(new String[] {"-n", "4", "-s", "1KB", "-t", "1", "--path", base.toString(), "-p", "p",
        "-f"}, failing));
    assertEquals("1", r[0], r[1] + r[2]);
    assertTrue(r[1].contains("Files written: 3 (1 failed)"), r[1]);
    assertTrue(r[2].contains("freon dfsg: 1 file(s) failed:") && r[2].contains("  1x java.io.IOException: refused by "
        + "the test's file system: 1 [file 1]"), r[2]);
    // without -f the run stops at the first failure
    String[] stop = run(concat(new String[] {"-n", "4", "-s", "1KB", "-t", "1", "--path", base.toString(), "-p", "q"},
        failing));
    assertEquals("1", stop[0]);
    assertTrue(stop[1].contains("Files written: 1 (1 failed)"), stop[1]);
  }

  @Test
  void badInputExitsTwoWithOneLineAndCreatesNothing() {
    Path base = dir.resolve("never");
    String p = base.toString();
    String[][] cases = {
        {"-n", "0", "--path", p}, {"-s", "lots", "--path", p}, {"--copy-buffer", "20000", "--path", p},
        {"--buffer", "0", "--path", p}, {"-p", "a/b", "--path", p}, {"--sync", "sometimes", "--path", p},
        {"--duration", "soon", "--path", p}, {"-t", "0", "--path", p},
        // a buffer is one Java array: 2 GB and more is refused, not cut down to what an array holds
        {"--buffer", "3GB", "--path", p}, {"--buffer", "2GB", "--copy-buffer", "1KB", "--path", p},
        {"--buffer", "1GB", "--copy-buffer", "9TB", "--path", p}};
    String[] names = {"-n", "-s", "--copy-buffer", "--buffer", "--prefix", "--sync", "--duration", "--threads",
        "--buffer: must be below 2 GB, was 3GB", "--buffer: must be below 2 GB, was 2GB",
        "--copy-buffer: must be below 2 GB, was 9TB"};
    for (int i = 0; i < cases.length; i++) {
      String[] r = run(cases[i]);
      assertEquals("2", r[0], String.join(" ", cases[i]) + "\n" + r[1] + r[2]);
      assertEquals(1, r[2].strip().lines().count(), r[2]);
      assertTrue(r[2].contains(names[i]), names[i] + " in " + r[2]);
    }
    assertFalse(Files.exists(base));
  }

  /** Without -t dfsg runs Freon's 10 threads, and its help says so (not the other workloads' default). */
  @Test
  void theThreadsDefaultIsTheOneItRunsWith() throws Exception {
    String[] r = run("-n", "3", "-s", "1KB", "--path", dir.resolve("fs").toUri().toString(), "-p", "t");
    assertEquals("0", r[0], r[1] + r[2]);
    assertTrue(r[1].contains("freon dfsg: 3 file(s) x 1 KB, " + Dfsg.DEFAULT_THREADS + " thread(s)"), r[1]);
    assertEquals(Dfsg.DEFAULT_THREADS, ResultWriter.mapper().readTree(dir.resolve("last.json").toFile())
        .at("/plan/threads").asInt());
    io.harness.testkit.Run helpRun = io.harness.testkit.Cli.run("freon", "dfsg", "--help");
    assertEquals(0, helpRun.code(), helpRun.toString());
    String help = helpRun.out().replaceAll("\\s+", " ");
    assertTrue(help.contains("-t, --threads=N Threads creating the files (default: " + Dfsg.DEFAULT_THREADS
        + ", as Freon's dfsg)."), help);
  }
}
