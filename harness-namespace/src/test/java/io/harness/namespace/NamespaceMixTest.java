package io.harness.namespace;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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

/** {@code harness namespace --mix} for a duration, closed and open loop, on the local file system. */
class NamespaceMixTest {
  @TempDir
  Path dir;

  private Run namespace(String... args) {
    List<String> all = new ArrayList<>(List.of("namespace", "-fs", "file:///", "--path", dir.resolve("ns").toString(),
        "--run-dir", dir.resolve("runs").toString(), "--no-report"));
    all.addAll(List.of(args));
    return Cli.run(all.toArray(new String[0]));
  }

  private static long files(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.filter(p -> !p.getFileName().toString().startsWith(".")).count();
    }
  }

  @Test
  void theMixLeavesWhatItsCallsSay() throws Exception {
    Run r = namespace("--mix", "create=30,stat=30,list=10,rename=10,delete=20", "--duration", "2s", "-n", "40",
        "-t", "2", "--prefix", "m", "--keep");
    assertExit(r, 0);
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    JsonNode phases = j.at("/figures/phases");
    assertEquals("populate", phases.get(0).get("name").asText());
    assertEquals(40, phases.get(0).get("items").asLong());
    assertEquals("mix", phases.get(1).get("name").asText());
    long sum = 0;
    for (String op : List.of("create", "stat", "list", "rename", "delete")) {
      long calls = j.at("/figures/mix/" + op + "/items").asLong();
      assertEquals(calls, j.at("/aggregate/latency/" + op + "/count").asLong(), op);
      sum += calls;
    }
    assertEquals(phases.get(1).get("items").asLong(), sum, "the mix's calls, by operation");
    assertTrue(j.at("/figures/mix/stat/items").asLong() > 0, j.at("/figures/mix").toString());
    // on disk: the populated files, plus the mix's creates, minus its deletes
    long left = files(dir.resolve("ns/m/t0")) + files(dir.resolve("ns/m/t1"));
    assertEquals(40 + j.at("/figures/mix/create/items").asLong() - j.at("/figures/mix/delete/items").asLong(), left);
  }

  /**
   * Open loop against a paced namespace (each stat takes at least 20 ms; calls due every 5 ms): the calls issued are
   * late, and each one's latency counts from when it was due, so the last call's latency holds the whole backlog: at
   * least n x 20 ms - (n - 1) x 5 ms for n calls, however fast the machine. The run ends at its duration: of the 100
   * calls due in 500 ms at most 26 can start (20 ms each), the others are owed, counted and never issued.
   */
  @Test
  void anOpenLoopAboveWhatTheFileSystemSustainsShowsTheBacklogAndEndsAtItsDuration() throws Exception {
    Run r = namespace("-D", "fs.file.impl=" + PacedFileSystem.class.getName(), "-D", "fs.file.impl.disable.cache=true",
        "--mix", "stat=100", "--duration", "500ms", "--rate", "200", "-n", "5", "-t", "1", "--prefix", "paced");
    assertExit(r, 0);
    assertTrue(r.out().contains("open loop at 200.0 calls/s"), r.out());
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    long n = j.at("/figures/mix/stat/items").asLong();
    JsonNode mix = j.at("/figures/phases/1");
    assertTrue(n <= 26, "no call after the deadline: " + mix);
    assertEquals(100, n + mix.get("owed").asLong(), "every call due in 500 ms at 200/s: issued, or owed " + mix);
    assertTrue(mix.get("late").asLong() > 0, mix.toString());
    assertTrue(r.out().contains(mix.get("owed").asLong() + " owed at the deadline"), r.out());
    long floorNanos = n * PacedFileSystem.PACE_MILLIS * 1_000_000L - (n - 1) * 5_000_000L;
    assertTrue(j.at("/aggregate/latency/stat/maxNanos").asLong() >= floorNanos,
        j.at("/aggregate/latency/stat").toString() + " floor " + floorNanos);
  }

  /**
   * A rate whose schedule cannot be kept is bad input, in every form a rate takes: mix or phases, one JVM or many
   * clients, the command line or the Java API: fewer calls in --duration than threads (over every client) to share
   * them, or more calls a second per thread than the harness can issue. One line naming --rate, nothing made.
   */
  @Test
  void ratesWhoseScheduleCannotBeKept() throws Exception {
    String[][] cases = {
        {"--mix", "stat=100", "--duration", "1s", "--rate", "1e9", "-n", "20"},
        {"--phases", "create,stat", "--rate", "1e9", "-n", "20"},
        {"--phases", "create,stat", "--rate", "1e-300", "-n", "20"},
        {"--mix", "stat=100", "--duration", "1s", "--rate", "0.5", "-t", "2", "-n", "20"},
        {"--mix", "stat=100", "--duration", "1s", "--rate", "5", "-t", "10", "-n", "20"},
        {"--mix", "stat=100", "--duration", "10ms", "--rate", "150", "-t", "2", "-n", "20"},
        // 19 calls over 2 clients x 10 threads
        {"--mix", "stat=100", "--duration", "1s", "--rate", "19", "-t", "10", "-n", "20", "--engine", "mapreduce",
            "--clients", "2"},
    };
    for (String[] c : cases) {
      io.harness.testkit.FileTree before = io.harness.testkit.FileTree.of(dir);
      Run r = namespace(c);
      io.harness.testkit.RunAssertions.assertUsageError(r, "--rate");
      before.assertUnchanged(String.join(" ", c));
    }
    io.harness.core.base.UsageException api = org.junit.jupiter.api.Assertions.assertThrows(
        io.harness.core.base.UsageException.class, () -> Namespace.items(20).mix("stat=100",
            java.time.Duration.ofSeconds(1)).rate(1e9).path(dir.resolve("api").toUri().toString()).run(
                new org.apache.hadoop.conf.Configuration()));
    assertTrue(api.getMessage().startsWith("--rate: "), api.getMessage());
    assertTrue(!Files.exists(dir.resolve("api")));
  }

  @Test
  void badMixesAndRates() throws Exception {
    String[][] cases = {
        {"--mix", "create=50,stat=40", "--duration", "1s"}, {"--mix", "create=50,mkdir=50", "--duration", "1s"},
        {"--mix", "create=100"}, {"--duration", "1s"}, {"--mix", "create=100", "--duration", "1s", "--phases", "create"},
        {"--rate", "0"}, {"--rate", "fast"}, {"--mix", "create=100", "--duration", "0s"},
    };
    for (String[] c : cases) {
      Run r = namespace(c);
      assertExit(r, 2);
      assertEquals(1, r.err().strip().lines().count(), String.join(" ", c) + ": " + r.err());
      assertTrue(!Files.exists(dir.resolve("ns")), "nothing made for " + String.join(" ", c));
    }
  }
}
