package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dfsio on the MapReduce engine (Hadoop's local job runner) with {@code --live-csv}: the submitting client feeds the
 * live view from the job's file system counters, so its rows end with at least the run's bytes written (the local
 * job runner has no maps' reports: the maps by state come from a cluster's).
 */
class DfsioMapReduceLiveTest {
  @TempDir
  Path dir;

  @Test
  void theJobsCountersFeedTheLiveRows() throws Exception {
    Path csv = dir.resolve("live.csv");
    Run w = Cli.run("dfsio", "-write", "--engine", "mapreduce", "-nrFiles", "3", "-fileSize", "4MB", "--root",
        dir.resolve("d").toString(), "--run-dir", dir.resolve("runs").toString(), "--no-report", "--live-csv",
        csv.toString());
    assertExit(w, 0);
    JsonNode result = Runs.latestResult(dir.resolve("runs"));
    long bytes = result.at("/aggregate/bytes").asLong();
    assertEquals(3 * 4L << 20, bytes);
    List<String[]> rows = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",")).toList();
    String[] last = rows.stream().filter(r -> r[3].equals("fs_written")).reduce((a, b) -> b).orElseThrow(
        () -> new AssertionError("no fs_written row: " + rows.size() + " rows"));
    // the maps' data, and the control and part files beside it
    assertTrue(Long.parseLong(last[4]) >= bytes, String.join(",", last));
    // the rows' totals never go down
    long before = 0;
    for (String[] r : rows.stream().filter(r -> r[3].equals("fs_written")).toList()) {
      assertTrue(Long.parseLong(r[4]) >= before, String.join(",", r));
      before = Long.parseLong(r[4]);
    }
  }
}
