package io.harness.namespace;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness namespace} on the local file system: what each phase did, counted back from the run's files. */
class NamespaceLocalTest {
  @TempDir
  Path dir;

  Run namespace(String... args) {
    List<String> all = new ArrayList<>(List.of("namespace", "-fs", "file:///", "--path", dir.resolve("ns").toString(),
        "--run-dir", dir.resolve("runs").toString()));
    all.addAll(List.of(args));
    return Cli.run(all.toArray(new String[0]));
  }

  @Test
  void everyPhaseOnEveryItem() throws Exception {
    Run r = namespace("--phases", "mkdir,create,stat,read,list,rename,delete,rmdir", "-n", "60", "-t", "4",
        "-s", "3KB", "--prefix", "run1", "--lists", "5");
    assertExit(r, 0);
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    assertEquals(0, j.get("exitCode").asInt());
    JsonNode phases = j.at("/figures/phases");
    List<String> names = new ArrayList<>();
    for (JsonNode p : phases) {
      names.add(p.get("name").asText());
      long expected = p.get("name").asText().equals("list") ? 4 * 5 : 60;
      assertEquals(expected, p.get("items").asLong(), p.toString());
      assertEquals(0, p.get("failed").asLong(), p.toString());
      // each phase's calls are a kind of call of their own, counted in the aggregate's latency
      assertEquals(expected, j.at("/aggregate/latency/" + p.get("name").asText() + "/count").asLong());
    }
    assertEquals(List.of("mkdir", "create", "stat", "read", "list", "rename", "delete", "rmdir"), names);
    // read brought back every byte create wrote
    assertEquals(2 * 60 * 3072L, j.at("/aggregate/bytes").asLong());
    // harness analyze computes the same figures from the saved records
    Path last = Runs.latest(dir.resolve("runs"));
    Run a = Cli.run("analyze", last.toString(), "--check");
    assertExit(a, 0);
    assertTrue(a.out().contains("equal the run's own, field by field"), a.out());
    // result.csv: a column of ops/s per phase, the phase's items over its seconds
    List<String> csv = Files.readAllLines(last.resolve("result.csv"));
    List<String> header = List.of(csv.get(0).split(","));
    List<String> row = List.of(csv.get(1).split(","));
    for (JsonNode p : phases) {
      int col = header.indexOf(p.get("name").asText() + "_ops_per_sec");
      assertTrue(col >= 0, header.toString());
      assertEquals(p.get("items").asDouble() / p.get("seconds").asDouble(), Double.parseDouble(row.get(col)), 1e-6);
    }
    // the report: a bar per phase, its ops/s the phase's items over its seconds
    String page = Files.readString(last.resolve("report.html"));
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("data-caption=\"Operations per second of each phase[^\"]*\""
        + "></canvas></div><script type=\"application/json\" class=\"chart-config\"[^>]*>(.*?)</script>").matcher(page);
    assertTrue(m.find(), "the phases' bars in the report");
    JsonNode bars = new ObjectMapper().readTree(m.group(1));
    for (int i = 0; i < phases.size(); i++) {
      JsonNode p = phases.get(i);
      assertEquals(p.get("name").asText(), bars.at("/data/labels/" + i).asText());
      assertEquals(p.get("items").asDouble() / p.get("seconds").asDouble(),
          bars.at("/data/datasets/0/data/" + i).asDouble(), 1e-6);
    }
    // the run deleted its own directory, and only it
    assertFalse(Files.exists(dir.resolve("ns/run1")));
    assertTrue(Files.isDirectory(dir.resolve("ns")));
  }

  @Test
  void keepLeavesWhatThePhasesMade() throws Exception {
    Run r = namespace("--phases", "create,rename", "-n", "10", "-t", "2", "--prefix", "kept", "--keep",
        "--rename-across");
    assertExit(r, 0);
    try (Stream<Path> s = Files.list(dir.resolve("ns/kept"))) {
      assertEquals(List.of("t0", "t0-moved", "t1", "t1-moved"), s.map(p -> p.getFileName().toString()).sorted()
          .toList());
    }
    try (Stream<Path> s = Files.list(dir.resolve("ns/kept/t1-moved"))) {
      assertEquals(List.of("r5", "r6", "r7", "r8", "r9"), s.map(p -> p.getFileName().toString())
          .filter(n -> !n.startsWith(".")).sorted().toList());
    }
    Run again = namespace("--phases", "create", "-n", "1", "--prefix", "kept");
    assertExit(again, 2);
    assertTrue(again.err().contains("--prefix"), again.err());
  }

  /** A tree of depth 2 and span 3 per thread: item i in leaf i mod 9, listed, renamed across and kept. */
  @Test
  void theFilesGoIntoTheLeavesOfATree() throws Exception {
    Run r = namespace("--phases", "create,stat,list,rename", "-n", "40", "-t", "2", "--depth", "2", "--span", "3",
        "--prefix", "tree", "--keep", "--rename-across", "--lists", "9");
    assertExit(r, 0);
    assertTrue(r.out().contains("a tree of depth 2 and span 3 (9 leaves)"), r.out());
    // thread 1 has items 20..39; item 31 is in leaf 31 mod 9 = 4: n1/n1
    assertTrue(Files.isRegularFile(dir.resolve("ns/tree/t1-moved/n1/n1/r31")));
    long moved = 0;
    for (int t = 0; t < 2; t++) {
      try (Stream<Path> s = Files.walk(dir.resolve("ns/tree/t" + t + "-moved"))) {
        moved += s.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().startsWith("r")).count();
      }
      try (Stream<Path> s = Files.walk(dir.resolve("ns/tree/t" + t))) {
        assertEquals(0, s.filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().startsWith(".")).count());
      }
      try (Stream<Path> s = Files.list(dir.resolve("ns/tree/t" + t))) {
        assertEquals(3, s.count(), "span 3 under the thread's directory");
      }
    }
    assertEquals(40, moved);
    assertEquals(0, Runs.latestResult(dir.resolve("runs")).at("/figures/failed").size(), Runs.latestResult(dir.resolve("runs")).at("/figures/failed").toString());
    Run big = namespace("--depth", "6", "--span", "10", "-n", "10", "-t", "1");
    assertExit(big, 2);
    assertTrue(big.err().contains("--depth"), big.err());
  }

  @Test
  void badInputNamesTheOption() throws Exception {
    String[][] cases = {
        {"--phases", "stat,create"}, {"--phases", "create,bogus"}, {"--phases", "create,create"},
        {"--phases", "create,delete,stat"}, {"--phases", "rmdir"}, {"-n", "0"}, {"-n", "2", "-t", "3"},
        {"--lists", "0"}, {"--prefix", "a/b"}, {"--phases", "mkdir", "-s", "1K"},
    };
    for (String[] c : cases) {
      Run r = namespace(c);
      assertExit(r, 2);
      assertEquals(1, r.err().strip().lines().count(), String.join(" ", c) + ": " + r.err());
      assertFalse(Files.exists(dir.resolve("ns")), "nothing made for " + String.join(" ", c));
    }
  }
}
