package io.harness.core.engine;

import io.harness.core.records.EpochClock;
import io.harness.core.records.Intervals;
import io.harness.core.records.PackedLatency;
import io.harness.core.records.Stopping;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.result.Aggregate;
import io.harness.core.result.TaskResult;
import io.harness.core.records.RecordsFile;
import io.harness.core.records.RunRecords;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a finished task keeps: its histograms compressed (the same values as the live ones), and so little that
 * 20,000 tasks with a create of tens of milliseconds each (a live histogram of ~130 KB) fit in a 64 MB heap, from
 * the first call to the saved records and the result's per-task entries.
 */
class FinishedTaskMemoryTest {
  @TempDir
  Path dir;

  @Test
  void aFinishedTaskKeepsItsHistogramsCompressedWithTheSameValues() throws Exception {
    TaskRecorder r = new TaskRecorder(0, "t", Window.NONE, Stopping.manual(), null);
    r.begin();
    long start = System.nanoTime();
    Thread.sleep(20);
    r.call("create", start, 0);
    r.call("write", System.nanoTime(), 4096);
    r.call("close", System.nanoTime(), 0);
    // the live histograms, as the recorder holds them until the task ends
    Histogram create = r.toRecord().latency().get("create");
    r.end(null);
    TaskRecord rec = r.toRecord();
    PackedLatency packed = assertInstanceOf(PackedLatency.class, rec.latency());
    assertEquals(List.of("create", "write", "close"), List.copyOf(packed.keySet()));
    assertEquals(create, rec.latency().get("create"));
    assertTrue(create.getMaxValue() >= 20_000_000L, "a 20 ms create: " + create.getMaxValue());
    int kept = 0;
    for (String kind : packed.keySet()) {
      assertEquals(1, packed.compact(kind).totalCount());
      kept += packed.compact(kind).compressedBytes();
    }
    // one value each: a few dozen bytes per kind, where the live 20 ms histogram's counts take ~130 KB
    assertTrue(kept < 300, "compressed histograms of one call each: " + kept + " bytes");
    assertTrue(create.getEstimatedFootprintInBytes() > 100_000, "the live one: " + create.getEstimatedFootprintInBytes());
    assertEquals(4096, rec.bytes());
    assertEquals(4096L, rec.bytesPerTick().values().stream().mapToLong(Long::longValue).sum());
    assertSame(rec, r.toRecord());
  }

  private static void assertSame(Object a, Object b) {
    org.junit.jupiter.api.Assertions.assertSame(a, b, "the record is made once, when the task ends");
  }

  @Test
  void twentyThousandFinishedTasksFitInA64MbHeap() throws Exception {
    int tasks = 20_000;
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
        ManyTasks.class.getName(), dir.toString(), String.valueOf(tasks))
        .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the child JVM did not end");
    String log = Files.readString(dir.resolve("child.log"));
    assertEquals(0, p.exitValue(), log);
    assertTrue(log.contains("done " + tasks), log);
    // the outcome: every task's record saved, each with its create call
    long lines = 0;
    long creates = 0;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(dir.resolve(RecordsFile.RECORDS))), StandardCharsets.UTF_8))) {
      in.readLine();
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines++;
        if (line.contains("\"create\":")) {
          creates++;
        }
      }
    }
    assertEquals(tasks, lines);
    assertEquals(tasks, creates);
  }

  /**
   * The child JVM: {@code tasks} tasks, each with a create of at least 30 ms (its recorder began a batch before),
   * a write and a close, as the local engine keeps them (every recorder and every record until the run ends);
   * then what a run does at its end: the records saved, the aggregate, and each task's entry of the result.
   */
  public static final class ManyTasks {
    public static void main(String[] args) throws Exception {
      Path out = Path.of(args[0]);
      int tasks = Integer.parseInt(args[1]);
      Intervals intervals = new Intervals();
      List<TaskRecorder> recorders = new ArrayList<>();
      List<TaskRecord> records = new ArrayList<>();
      long engineStart = EpochClock.nowEpochNanos();
      int batch = 1000;
      for (int from = 0; from < tasks; from += batch) {
        int n = Math.min(batch, tasks - from);
        long[] starts = new long[n];
        List<TaskRecorder> these = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          TaskRecorder r = new TaskRecorder(from + i, "test_io_" + (from + i), Window.NONE, Stopping.manual(),
              intervals);
          r.begin();
          starts[i] = System.nanoTime();
          these.add(r);
        }
        Thread.sleep(30);
        for (int i = 0; i < n; i++) {
          TaskRecorder r = these.get(i);
          r.call("create", starts[i], 0);
          r.call("write", System.nanoTime(), 4096);
          r.call("close", System.nanoTime(), 0);
          r.end(null);
          records.add(r.toRecord());
        }
        recorders.addAll(these);
        intervals.tick();
      }
      RunRecords run = new RunRecords(records, intervals.intervals(), engineStart, EpochClock.nowEpochNanos(), false);
      RecordsFile.write(out, run);
      Aggregate a = Aggregate.of(run.tasks());
      List<TaskResult> results = new ArrayList<>();
      for (TaskRecord t : run.tasks()) {
        results.add(TaskResult.of(t));
      }
      if (a.latency().get("create").count() != tasks || results.size() != tasks || recorders.size() != tasks) {
        throw new AssertionError("counted " + a.latency().get("create").count() + " creates");
      }
      System.out.println("done " + tasks);
    }
  }
}
