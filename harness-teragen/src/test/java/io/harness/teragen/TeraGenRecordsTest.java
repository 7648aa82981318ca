package io.harness.teragen;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** teragen (both engines) and teravalidate save their records; analyze gives back the runs' own figures. */
class TeraGenRecordsTest {
  @TempDir
  Path dir;

  private void analyzeLastRun() throws Exception {
    Run a = Cli.run("analyze", Runs.latest(dir.resolve("runs")).toString(), "--check");
    assertExit(a, 0);
    assertTrue(a.out().contains("equal the run's own, field by field"), a.out());
  }

  @Test
  void analyzeGivesEachRunsOwnFigures() throws Exception {
    String runs = dir.resolve("runs").toString();
    Run local = Cli.run("teragen", "30000", dir.resolve("a").toString(), "-m", "3", "-fs", "file:///",
        "--run-dir", runs);
    assertExit(local, 0);
    analyzeLastRun();
    Run mr = Cli.run("teragen", "20000", dir.resolve("b").toString(), "-m", "2", "--engine", "mapreduce",
        "-fs", "file:///", "--run-dir", runs);
    assertExit(mr, 0);
    analyzeLastRun();
    // the maps' calls per second of the run, merged into its latency.hlog.gz: every call of each map once
    Path last = Runs.latest(dir.resolve("runs"));
    Map<String, Long> fromTasks = new java.util.TreeMap<>();
    for (var t : Runs.result(last).get("tasks")) {
      t.get("latency").fields().forEachRemaining(e -> fromTasks.merge(e.getKey(), e.getValue().get("count").asLong(),
          Long::sum));
    }
    Map<String, Long> fromSeconds = new java.util.TreeMap<>();
    for (var i : io.harness.core.records.RecordsFile.read(last).intervals()) {
      fromSeconds.merge(i.kind(), i.histogram().getTotalCount(), Long::sum);
    }
    assertTrue(fromTasks.getOrDefault("write", 0L) >= 2, fromTasks.toString());
    assertEquals(fromTasks, fromSeconds);
    String checksum = PrintedChecksum.of(local);
    Run v = Cli.run("teravalidate", dir.resolve("a").toString(), "--checksum-only", "--expect-checksum",
        checksum, "--expect-rows", "30000", "-fs", "file:///", "--run-dir", runs);
    assertExit(v, 0);
    analyzeLastRun();
  }
}
