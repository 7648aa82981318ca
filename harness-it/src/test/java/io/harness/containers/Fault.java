package io.harness.containers;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static io.harness.testkit.RunAssertions.assertResultCountsSucceededTasks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * A harness run in the background while a test hurts the cluster under it, and the checks of what the run
 * then says: one {@code FAULT | cluster | case | exit | stderr lines | seconds} line, and the truth on the
 * terminal and in the run folder.
 */
final class Fault {
  private final CompletableFuture<Run> run;
  private final Path runDir;

  private Fault(Path runDir, String... args) {
    this.runDir = runDir;
    this.run = CompletableFuture.supplyAsync(() -> Cli.run(args));
  }

  static Fault start(Path runDir, String... args) {
    return new Fault(runDir, args);
  }

  /**
   * Waits until the datanodes' data directories (on the host) hold {@code bytes} more than when the run
   * started: the write is under way. Works for HDFS and Ozone alike (an Ozone key is listed only once closed).
   */
  Fault awaitOnDisk(ClusterContainers cluster, long base, long bytes) throws Exception {
    while (!run.isDone() && onDisk(cluster) - base < bytes) {
      Thread.sleep(200);
    }
    assertFalse(run.isDone(), () -> "the write ended before the fault: " + run.join().all());
    return this;
  }

  static long onDisk(ClusterContainers cluster) {
    long sum = 0;
    for (String dn : cluster.datanodes()) {
      try (Stream<Path> s = Files.walk(cluster.service(dn).dataDir())) {
        sum += s.mapToLong(p -> {
          try {
            return Files.isRegularFile(p) ? Files.size(p) : 0;
          } catch (IOException gone) {
            return 0;
          }
        }).sum();
      } catch (IOException | UncheckedIOException racing) {
        // a file went away while walking: count the next time
      }
    }
    return sum;
  }

  /** The run's end (at most {@code minutes}), reported as one FAULT line plus what it printed. */
  Run await(String cluster, String name, int minutes) throws Exception {
    Run r = run.get(minutes, TimeUnit.MINUTES);
    report(cluster, name, r);
    return r;
  }

  static void report(String cluster, String name, Run r) {
    System.out.printf("FAULT | %s | %s | exit %d | %d stderr line(s) | %.1f s%n", cluster, name, r.code(),
        r.err().lines().count(), r.seconds());
    System.out.println("--- stdout\n" + r.out() + "--- stderr\n" + r.err() + "---");
  }

  /** The checks every faulted run passes: no stack trace, result.json and records saved, its exit code. */
  JsonNode assertTruthful(Run r) throws Exception {
    assertNoStackTrace(r);
    JsonNode json = Runs.latestResult(runDir);
    Path last = Runs.latest(runDir);
    assertTrue(Files.isRegularFile(last.resolve("records.jsonl.gz")), "records saved in " + last);
    assertResultCountsSucceededTasks(r, json);
    return json;
  }

  /** A failed run: exit 1, each failed task's reason on the terminal; returns the tasks that succeeded. */
  Set<String> assertFailedTruthfully(Run r) throws Exception {
    JsonNode json = assertTruthful(r);
    assertExit(r, 1);
    assertTrue(r.err().contains("task(s) failed:"), r.err());
    assertTrue(json.get("failedTasks").size() > 0, json.toString());
    Set<String> ok = new HashSet<>();
    for (JsonNode t : json.get("tasks")) {
      if (t.get("error").isNull()) {
        ok.add(t.get("name").asText());
      } else {
        assertTrue(r.err().contains(t.get("name").asText()), "failed task named: " + r.err());
      }
    }
    return ok;
  }

  /**
   * The files the run reported as written: all of them after exit 0 (the aggregate counts {@code bytes}), else
   * the tasks without an error after a truthful failure (exit 1, the failed tasks named).
   */
  Set<String> written(Run r, long bytes) throws Exception {
    if (r.code() != 0) {
      return assertFailedTruthfully(r);
    }
    assertEquals(bytes, assertTruthful(r).get("aggregate").get("bytes").asLong(), r.all());
    return succeeded(runDir);
  }

  /** The files of a dfsio write: under {@code root}/io_data, {@code test_io_<i>} holds {@code SeededData(seed, i)}. */
  record DfsioFiles(String root, int files, long fileSize, long seed) {}

  /**
   * What a read afterwards finds. Every file written: {@code dfsio -read --verify} ({@code read}, the command
   * line) reads each whole and byte-exact. Fewer: the harness's read refuses a root with missing or short files
   * before it starts, so each file the write reported as written is read here through the file system and
   * compared with the seeded data dfsio writes, computed here. No file the run counted may be short or differ.
   */
  void readBackFinds(Set<String> written, ClusterContainers cluster, DfsioFiles f, String label, String name,
      String... read) throws Exception {
    if (written.size() == f.files()) {
      Run r = Cli.run(read);
      report(label, name, r);
      assertExit(r, 0);
      assertEquals(f.files() * f.fileSize(), Runs.latestResult(runDir).get("aggregate").get("bytes").asLong());
      return;
    }
    long t0 = System.nanoTime();
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      for (String file : written) {
        int index = Integer.parseInt(file.substring(file.lastIndexOf('_') + 1));
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(f.root() + "/io_data/" + file);
        try (FSDataInputStream in = fs.open(p)) {
          SeededContent.assertStream(p.toString(), in, f.seed(), index, 0, f.fileSize());
        }
      }
    }
    System.out.printf("FAULT | %s | %s | the %d file(s) the write counted read back byte for byte | %.1f s%n", label,
        name, written.size(), (System.nanoTime() - t0) / 1e9);
  }

  /** Case 4: {@code service} killed, and started again on its data 5 s later (the run goes on meanwhile). */
  static void killedAndStartedAgain(Service service) throws InterruptedException {
    service.kill();
    Thread.sleep(5000);
    service.start(Duration.ofMinutes(3));
  }

  /** Case 2: the first two datanodes killed; the run fails truthfully (within 15 minutes). */
  void twoDatanodesKilled(ClusterContainers cluster, String label, String files) throws Exception {
    cluster.datanode(0).kill();
    cluster.datanode(1).kill();
    Run r = await(label, "2: dn1, dn2 killed during dfsio -write " + files, 15);
    Set<String> ok = assertFailedTruthfully(r);
    assertTrue(ok.size() < 4, ok.toString());
  }

  /** Case 3: the first datanode paused until the run and {@code then} (given the run's end) are over. */
  void onePaused(ClusterContainers cluster, String label, String files, ThrowingConsumer<Run> then)
      throws Throwable {
    cluster.datanode(0).pause();
    try {
      then.accept(await(label, "3: dn1 paused during dfsio -write " + files, 15));
    } finally {
      cluster.datanode(0).unpause();
    }
  }

  /** The tasks of the newest run that ended without an error. */
  static Set<String> succeeded(Path runDir) throws Exception {
    Set<String> ok = new HashSet<>();
    for (JsonNode t : Runs.latestResult(runDir).get("tasks")) {
      if (t.get("error").isNull()) {
        ok.add(t.get("name").asText());
      }
    }
    return ok;
  }
}
