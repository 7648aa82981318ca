package io.harness.teragen;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * teragen's maps at a start barrier ({@code --barrier}) on Hadoop's local job runner and the local file system: the
 * same rows as without it, the run counting from the release, and a late map left out of the figures.
 */
class TeraGenBarrierTest {
  @TempDir
  Path dir;

  private Run run(String... args) {
    return Cli.run(Cli.concat(args, "-fs", "file:///", "-D", "mapreduce.framework.name=local", "-D",
        "hadoop.tmp.dir=" + dir.resolve("tmp"), "--run-dir", dir.resolve("runs").toString()));
  }

  @Test
  void theSameRowsWithMapsThatStartTogether() throws Exception {
    Run plain = run("teragen", "3000", dir.resolve("plain").toString(), "-m", "3");
    assertExit(plain, 0);
    Path out = dir.resolve("together");
    Run r = run("teragen", "3000", out.toString(), "-m", "3", "--engine", "mapreduce", "--barrier");
    assertExit(r, 0);
    assertTrue(r.out().contains("MapReduce engine (local)"), r.out());
    assertTrue(r.out().contains("clients late: 0;"), r.out());
    assertEquals(PrintedChecksum.of(plain), PrintedChecksum.of(r));
    for (int i = 0; i < 3; i++) {
      assertEquals(-1, Files.mismatch(dir.resolve("plain").resolve(RowRange.fileName(i)),
          out.resolve(RowRange.fileName(i))), "file " + i);
    }
    // the job's committer's _SUCCESS; the barrier's folder is gone from the output directory
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
    assertFalse(Files.exists(out.resolve("_clients")));
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    long release = j.at("/clients/releaseEpochNanos").asLong();
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    assertEquals(release, records.engineStartEpochNanos());
    for (TaskRecord t : records.tasks()) {
      assertTrue(t.startEpochNanos() >= release, t + " started before the release");
    }
    // teravalidate reads the directory as it reads TeraGen's
    Run v = run("teravalidate", out.toString(), "--checksum-only", "--expect-rows", "3000", "--expect-checksum",
        PrintedChecksum.of(plain));
    assertExit(v, 0);
    // --overwrite takes a directory a barrier run left (its _clients folder too)
    Files.createDirectories(out.resolve("_clients/ready"));
    assertExit(run("teragen", "3000", out.toString(), "-m", "3", "--overwrite"), 0);
  }

  /** Two maps at a time (-D): the third starts after the others ended, late. */
  @Test
  void aLateMapIsLeftOutOfTheRowsAndTheChecksumUnlessCounted() throws Exception {
    Run plain = run("teragen", "3000", dir.resolve("plain").toString(), "-m", "3");
    Run r = run("teragen", "3000", dir.resolve("late").toString(), "-m", "3", "--engine", "mapreduce",
        "--barrier-timeout", "1s", "-D", "mapreduce.local.map.tasks.maximum=2");
    assertExit(r, 0);
    assertTrue(r.out().contains("clients late: 1 (left out of the figures)"), r.out());
    assertTrue(r.out().contains("teragen: 2000 rows, 200000 bytes, 2 file(s) in "), r.out());
    assertTrue(r.out().contains("1 late map(s) left out: --count-late counts them"), r.out());
    // every file was written whole all the same
    for (int i = 0; i < 3; i++) {
      assertEquals(-1, Files.mismatch(dir.resolve("plain").resolve(RowRange.fileName(i)),
          dir.resolve("late").resolve(RowRange.fileName(i))), "file " + i);
    }
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    List<TaskRecord> late = records.tasks().stream().filter(t -> Boolean.TRUE.equals(t.extra().get("late")))
        .toList();
    assertEquals(1, late.size(), records.tasks().toString());

    Run counted = run("teragen", "3000", dir.resolve("counted").toString(), "-m", "3", "--engine", "mapreduce",
        "--barrier-timeout", "1s", "--count-late", "-D", "mapreduce.local.map.tasks.maximum=2");
    assertExit(counted, 0);
    assertTrue(counted.out().contains("clients late: 1 (counted)"), counted.out());
    assertEquals(PrintedChecksum.of(plain), PrintedChecksum.of(counted));
  }

  @Test
  void theBarrierNeedsTheMapReduceEngine() {
    Run r = run("teragen", "3000", dir.resolve("bad").toString(), "--barrier");
    assertUsageError(r, "--barrier");
    assertTrue(r.err().contains("MapReduce engine"), r.err());
    assertUsageError(run("teragen", "3000", dir.resolve("bad").toString(), "--engine", "mapreduce", "--start-at",
        "noon"), "--start-at");
    assertFalse(Files.exists(dir.resolve("bad")));
  }
}
