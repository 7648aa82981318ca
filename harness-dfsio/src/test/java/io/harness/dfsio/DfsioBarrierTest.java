package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.RecordsFile;
import io.harness.core.records.RunRecords;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dfsio's maps at a start barrier ({@code --barrier}), on Hadoop's local job runner and the local file system: the
 * maps start together, the run counts from the release, and a map the runner could start only after the others
 * ended is late, kept, marked and left out of TestDFSIO's sums unless {@code --count-late}.
 */
class DfsioBarrierTest {
  @TempDir
  Path dir;

  private Run run(String... args) {
    return Cli.run(Cli.concat(args, "-fs", "file:///", "-D", "mapreduce.framework.name=local",
        "-D", "hadoop.tmp.dir=" + dir.resolve("tmp"), "--run-dir", dir.resolve("runs").toString(),
        "-resFile", dir.resolve("res.log").toString()));
  }

  @Test
  void mapsStartTogetherAndTheRunCountsFromTheRelease() throws Exception {
    Path root = dir.resolve("together");
    Run r = run("dfsio", "-write", "--engine", "mapreduce", "--barrier", "-nrFiles", "3", "-fileSize", "1MB",
        "-bufferSize", "65536", "--root", root.toString());
    assertExit(r, 0);
    assertTrue(r.out().contains("start barrier (waits 120 s at most)"), r.out());
    assertTrue(r.out().contains("3 MapReduce map(s) on 1 host(s); clients late: 0;"), r.out());
    for (int i = 0; i < 3; i++) {
      SeededContent.assertFile(root.resolve("io_data/test_io_" + i), Dfsio.DEFAULT_SEED, i, 1 << 20);
    }
    assertEquals("3", DfsioMapReduceTest.partFile(root.resolve("io_write/part-00000")).get("l:tasks"));
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    long release = j.at("/clients/releaseEpochNanos").asLong();
    assertEquals(3, j.at("/clients/count").asInt());
    assertEquals(0, j.at("/clients/late").asInt());
    // every map was ready before the release, and every task started at it or after (one JVM's clock here)
    assertEquals(3, j.at("/clients/readyEpochNanos").size(), j.get("clients").toString());
    j.at("/clients/readyEpochNanos").forEach(t -> assertTrue(t.asLong() < release, j.get("clients").toString()));
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    assertEquals(release, records.engineStartEpochNanos());
    for (TaskRecord t : records.tasks()) {
      assertTrue(t.startEpochNanos() >= release, t + " started before the release " + release);
      assertFalse(t.extra().containsKey("late"), t.toString());
    }
    // the run's time is the maps' time from the release: TestDFSIO's exec time is no longer than the job
    long lastEnd = records.tasks().stream().mapToLong(TaskRecord::endEpochNanos).max().orElseThrow();
    assertEquals(lastEnd, records.engineEndEpochNanos());
    // the seconds of the merged latency count from the release: 16 write calls a file, all in them
    long writes = records.intervals().stream().filter(i -> i.kind().equals("write"))
        .mapToLong(i -> i.histogram().getTotalCount()).sum();
    assertEquals(48, writes);
    assertFalse(Files.exists(root.resolve("_clients")), "the barrier's folder is removed");
  }

  /**
   * A map is late as on a cluster with fewer free containers than files: the local job runner runs two at a time
   * (-D), the first two wait the barrier's second for the third, start, and the third runs after them.
   */
  @Test
  void aMapTheRunnerStartsAfterTheOthersIsLateAndLeftOut() throws Exception {
    Path root = dir.resolve("late");
    Run r = run("dfsio", "-write", "--engine", "mapreduce", "--barrier-timeout", "1s", "-nrFiles", "3",
        "-fileSize", "1MB", "--root", root.toString(), "-D", "mapreduce.local.map.tasks.maximum=2");
    assertExit(r, 0);
    assertTrue(r.out().contains("clients late: 1 (left out of the figures)"), r.out());
    assertTrue(r.out().contains("Number of files: 2"), r.out());
    // the late map wrote its file all the same; TestDFSIO's sums leave it out
    for (int i = 0; i < 3; i++) {
      SeededContent.assertFile(root.resolve("io_data/test_io_" + i), Dfsio.DEFAULT_SEED, i, 1 << 20);
    }
    Map<String, String> part = DfsioMapReduceTest.partFile(root.resolve("io_write/part-00000"));
    assertEquals("2", part.get("l:tasks"));
    assertEquals(String.valueOf(2L << 20), part.get("l:size"));
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    assertEquals(1, j.at("/clients/late").asInt());
    int late = j.at("/clients/lateClients/0").asInt();
    assertEquals(3, j.get("tasks").size());
    assertEquals(2, j.at("/figures/legacy/tasks").asInt());
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    List<TaskRecord> marked = records.tasks().stream().filter(t -> Boolean.TRUE.equals(t.extra().get("late")))
        .toList();
    assertEquals(List.of("test_io_" + late), marked.stream().map(TaskRecord::name).toList());
    assertEquals(1L << 20, marked.get(0).bytes());
    long othersEnd = records.tasks().stream().filter(t -> t != marked.get(0)).mapToLong(TaskRecord::endEpochNanos)
        .max().orElseThrow();
    assertTrue(marked.get(0).startEpochNanos() >= othersEnd, records.tasks().toString());
  }

  @Test
  void aLateMapCountsWithCountLate() throws Exception {
    Path root = dir.resolve("counted");
    Run r = run("dfsio", "-write", "--engine", "mapreduce", "--barrier-timeout", "1s", "--count-late",
        "-nrFiles", "3", "-fileSize", "1MB", "--root", root.toString(), "-D", "mapreduce.local.map.tasks.maximum=2");
    assertExit(r, 0);
    assertTrue(r.out().contains("clients late: 1 (counted)"), r.out());
    assertTrue(r.out().contains("Number of files: 3"), r.out());
    assertEquals("3", DfsioMapReduceTest.partFile(root.resolve("io_write/part-00000")).get("l:tasks"));
  }

  @Test
  void aStartTimeThatPassedMakesEveryMapLateAndTheRunFails() throws Exception {
    Path root = dir.resolve("passed");
    Run r = run("dfsio", "-write", "--engine", "mapreduce", "--start-at",
        java.time.Instant.now().minusSeconds(60).toString(), "-nrFiles", "2",
        "-fileSize", "1MB", "--root", root.toString());
    assertExit(r, 1);
    assertTrue(r.err().contains("every client was late (2 of 2"), r.err());
    // measured and saved all the same: both files written, both tasks marked
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    assertEquals(2, records.tasks().stream().filter(t -> Boolean.TRUE.equals(t.extra().get("late"))).count());
    assertTrue(Files.isRegularFile(root.resolve("io_data/test_io_1")));
  }

  private static void bad(Run r, String option, String why) {
    assertUsageError(r, option);
    assertTrue(r.err().contains(why), r.err());
  }

  @Test
  void theBarrierIsTheMapReduceEnginesAndItsOptionsAreChecked() {
    Path root = dir.resolve("bad");
    bad(run("dfsio", "-write", "--engine", "local", "--barrier", "--root", root.toString()),
        "--barrier", "MapReduce engine");
    bad(run("dfsio", "-write", "--count-late", "--root", root.toString()), "--count-late",
        "MapReduce engine");
    bad(run("dfsio", "-write", "--engine", "mapreduce", "--start-at", "tomorrow", "--root",
        root.toString()), "--start-at", "ISO-8601");
    bad(run("dfsio", "-write", "--engine", "mapreduce", "--start-at", "2030-01-01T00:00:00Z", "--root",
        root.toString()), "--start-at", "within a day of now");
    bad(run("dfsio", "-write", "--engine", "mapreduce", "--barrier-timeout", "0", "--root",
        root.toString()), "--barrier-timeout", "positive");
    bad(run("dfsio", "-clean", "--engine", "mapreduce", "--barrier", "--root", root.toString()),
        "--barrier", "-clean");
    assertFalse(Files.exists(root), "nothing is created on bad input");
  }
}
