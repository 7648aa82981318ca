package io.harness.io500;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness io500} on the local file system: one rank, its own directory removed; bad input. */
class Io500LocalTest {
  @TempDir
  Path work;

  @Test
  void oneRankReadsItsOwnFilesAndTheRunsDirectoryGoes() throws Exception {
    Path data = work.resolve("data");
    Files.createDirectories(data);
    Path runs = work.resolve("runs");
    Run r = Cli.run("io500", "--path", data.toString(), "-t", "1", "--stonewall", "1s", "--ior-easy-transfer", "256KB",
        "--ior-easy-block", "8MB", "--ior-hard-segments", "100", "--run-dir", runs.toString(), "--no-report");
    assertExit(r, 0);
    assertTrue(r.out().contains("io500: one rank: every read, stat and find is of the writer's own files"), r.out());
    JsonNode json = Runs.latestResult(runs);
    JsonNode easy = json.at("/figures/phases/0");
    assertEquals("ior-easy-write", easy.get("name").asText());
    // the block caps the write (32 transfers of 256 KB) unless the stonewall came first
    assertTrue(easy.get("items").asLong() <= 32, easy.toString());
    assertEquals(easy.get("items").asLong() * 256 * 1024, easy.get("bytes").asLong());
    assertEquals(1, json.at("/figures/ranks").asInt());
    // the run's own directory is gone, the --path it went under stays
    try (var left = Files.list(data)) {
      assertEquals(List.of(), left.toList());
    }
  }

  /**
   * Two clients of one rank each (the maps of a job on Hadoop's local job runner, started together, meeting before
   * every phase): each reads the other's files, every phase's calls are both clients', the files are capped (the
   * stonewall is not reached, so the run is marked invalid for it).
   */
  @Test
  void twoClientsReadEachOthersFiles() throws Exception {
    Path data = work.resolve("clients");
    Files.createDirectories(data);
    Path runs = work.resolve("runs");
    Run r = Cli.run("io500", "--engine", "mapreduce", "--clients", "2", "-t", "1", "--stonewall", "30s",
        "--ior-easy-transfer", "256KB", "--ior-easy-block", "2MB", "--ior-hard-segments", "40", "--mdtest-easy-n", "10",
        "--mdtest-hard-n", "10", "--path", data.toString(), "-fs", "file:///", "-D", "mapreduce.framework.name=local",
        "-D", "hadoop.tmp.dir=" + work.resolve("tmp"), "--run-dir", runs.toString(), "--no-report");
    assertExit(r, 0);
    assertTrue(r.out().contains("io500: 2 ranks; each reads and stats the next rank's files"), r.out());
    assertTrue(r.out().contains("ior-easy-write ran "), r.out());
    JsonNode json = Runs.latestResult(runs);
    assertEquals(2, json.at("/clients/count").asInt(), json.path("clients").toString());
    Map<String, Long> items = new LinkedHashMap<>();
    json.at("/figures/phases").forEach(p -> {
      assertEquals(0, p.get("failed").asLong(), p.toString());
      items.put(p.get("name").asText(), p.get("items").asLong());
    });
    assertEquals(Map.ofEntries(Map.entry("ior-easy-write", 16L), Map.entry("mdtest-easy-write", 20L),
        Map.entry("timestamp", 1L), Map.entry("ior-hard-write", 80L), Map.entry("mdtest-hard-write", 20L),
        Map.entry("find", 5L), Map.entry("ior-easy-read", 16L), Map.entry("mdtest-easy-stat", 20L),
        Map.entry("ior-hard-read", 80L), Map.entry("mdtest-hard-stat", 20L), Map.entry("mdtest-easy-delete", 20L),
        Map.entry("mdtest-hard-read", 20L), Map.entry("mdtest-hard-delete", 20L)), items);
    // find looked at every file the phases before it left: 2 + 2 ior files, 20 + 20 mdtest files, the timestamp's
    // file is not under the directories it walks
    assertEquals(44, json.at("/figures/findScanned").asLong());
  }

  /**
   * A target that fills: the ior writes end once its free space is half what it was at the start (the local file
   * system saying it is a 64 MB disk), well before the stonewall; the run says so, is invalid for it, and still ends
   * with every phase and exit 0.
   */
  @Test
  void theIorWritesEndWhenHalfTheFreeSpaceIsUsed() throws Exception {
    Path data = work.resolve("small");
    Files.createDirectories(data);
    Path runs = work.resolve("runs");
    Run r = Cli.run("io500", "--path", data.toString(), "-t", "2", "--stonewall", "60s", "--ior-easy-transfer", "1MB",
        "--mdtest-easy-n", "3", "--mdtest-hard-n", "3", "-D", "fs.file.impl=" + SmallDiskFileSystem.class.getName(),
        "-D", "fs.file.impl.disable.cache=true", "-D", "small.disk.root=" + data, "--run-dir", runs.toString(),
        "--no-report");
    assertExit(r, 0);
    assertTrue(r.out().contains("the ior writes end if its free space falls under 32 MB (half of it now)"), r.out());
    assertTrue(r.out().contains("ior-easy-write ended when the target's free space fell to half of what it had at "
        + "the start"), r.out());
    JsonNode easy = Runs.latestResult(runs).at("/figures/phases/0");
    // 32 MB and at most a second's writes more; the stonewall (60 s) did not end it
    assertTrue(easy.get("bytes").asLong() >= 32L << 20, easy.toString());
    assertTrue(easy.get("seconds").asDouble() < 60, easy.toString());
    assertEquals(13, Runs.latestResult(runs).at("/figures/phases").size());
  }

  @Test
  void badInputIsOneLineAndNothingIsMade() throws Exception {
    Path data = work.resolve("bad");
    Files.createDirectories(data.resolve("taken"));
    Map<List<String>, String> cases = new LinkedHashMap<>();
    cases.put(List.of("--stonewall", "0"), "--stonewall");
    cases.put(List.of("--stonewall", "500ms"), "--stonewall: must be at least 1 s");
    cases.put(List.of("--stonewall", "25h"), "--stonewall: must be at most a day");
    cases.put(List.of("--stonewall", "soon"), "--stonewall");
    cases.put(List.of("--ior-easy-block", "3m"), "--ior-easy-block: must be a whole number of transfers");
    cases.put(List.of("--ior-easy-transfer", "0"), "--ior-easy-transfer");
    cases.put(List.of("--ior-easy-transfer", "4g"), "--ior-easy-transfer: must be under 2 GiB");
    cases.put(List.of("--ior-easy-transfer", "1", "--ior-easy-block", "2TB"), "--ior-easy-block: must be at most 10^12");
    cases.put(List.of("--ior-hard-segments", "0"), "--ior-hard-segments");
    cases.put(List.of("--mdtest-easy-n", "-1"), "--mdtest-easy-n");
    cases.put(List.of("--mdtest-hard-n", "10000000000000"), "--mdtest-hard-n: must be at most 10^12");
    cases.put(List.of("-t", "0"), "-t");
    cases.put(List.of("--prefix", "a/b"), "--prefix");
    cases.put(List.of("--prefix", "taken"), "--prefix");
    int i = 0;
    for (Map.Entry<List<String>, String> c : cases.entrySet()) {
      Path runs = work.resolve("runs" + i++);
      List<String> args = new ArrayList<>(List.of("io500", "--path", data.toString(), "--run-dir", runs.toString()));
      args.addAll(c.getKey());
      Run r = Cli.run(args.toArray(new String[0]));
      assertUsageError(r, c.getValue());
      assertFalse(Files.exists(runs), "no run folder for " + c.getKey());
      try (var left = Files.list(data)) {
        assertEquals(List.of(data.resolve("taken")), left.toList(), "nothing made for " + c.getKey());
      }
    }
  }
}
