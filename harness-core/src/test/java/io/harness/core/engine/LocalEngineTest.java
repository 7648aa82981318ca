package io.harness.core.engine;

import io.harness.core.records.EpochClock;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.Window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LocalEngineTest {
  @Test
  void everyTaskRunsOnceWithinThePoolSize() throws Exception {
    AtomicInteger running = new AtomicInteger();
    AtomicInteger maxRunning = new AtomicInteger();
    int[] runs = new int[10];
    LocalEngine.Result r = LocalEngine.run(10, 3, i -> "t" + i, (i, rec) -> {
      int now = running.incrementAndGet();
      maxRunning.accumulateAndGet(now, Math::max);
      long t = System.nanoTime();
      Thread.sleep(5);
      rec.call("io", t, 100 + i);
      runs[i]++;
      running.decrementAndGet();
    });
    assertEquals(10, r.records().size());
    for (int i = 0; i < 10; i++) {
      TaskRecord rec = r.records().get(i);
      assertEquals(1, runs[i]);
      assertEquals(i, rec.index());
      assertEquals("t" + i, rec.name());
      assertEquals(100 + i, rec.bytes());
      assertNull(rec.error());
      assertEquals(1, rec.latency().get("io").getTotalCount());
      assertTrue(rec.latency().get("io").getMaxValue() >= 5_000_000L);
      assertTrue(rec.startEpochNanos() >= r.startEpochNanos());
      assertTrue(rec.endEpochNanos() <= r.endEpochNanos());
      assertTrue(rec.durationNanos() >= 5_000_000L);
    }
    assertTrue(maxRunning.get() <= 3, "at most 3 tasks at once, saw " + maxRunning.get());
  }

  @Test
  void aFailedTaskIsRecordedAndTheOthersGoOn() throws Exception {
    LocalEngine.Result r = LocalEngine.run(4, 2, i -> "t" + i, (i, rec) -> {
      rec.addBytes(10);
      if (i == 2) {
        throw new IOException("disk full\nsecond line");
      }
    });
    assertEquals(1, r.failed().size());
    assertEquals("t2", r.failed().get(0).name());
    assertEquals("java.io.IOException: disk full", r.failed().get(0).error());
    assertEquals(10, r.records().get(2).bytes());
    assertEquals(3, r.records().stream().filter(x -> !x.failed()).count());
  }

  @Test
  void warmupCallsCountForNothingAndTheDeadlineEndsTimeBoundedTasks() throws Exception {
    long warmup = 200_000_000L;
    long duration = 300_000_000L;
    // per task: each call's start, and when the task first saw its deadline passed (epoch ns)
    List<List<Long>> starts = List.of(new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>());
    long[] sawExpired = new long[2];
    LocalEngine.Result r = LocalEngine.run(2, 2, i -> "t" + i, new Window(warmup, duration), (i, rec) -> {
      assertTrue(rec.timeBounded());
      while (!rec.expired()) {
        long t = System.nanoTime();
        Thread.sleep(10);
        rec.call("io", t, 1000);
        starts.get(i).add(EpochClock.toEpochNanos(t));
      }
      sawExpired[i] = EpochClock.nowEpochNanos();
    });
    long returned = EpochClock.nowEpochNanos();
    for (int i = 0; i < 2; i++) {
      TaskRecord rec = r.records().get(i);
      long measured = rec.latency().get("io").getTotalCount();
      // every call either counted (1000 bytes, one latency value) or fell in the warm-up
      assertEquals(measured * 1000, rec.bytes());
      assertTrue(measured > 0 && measured < starts.get(i).size(), measured + " of " + starts.get(i).size());
      // the measured time starts where the warm-up ends: exactly the calls that started from then on count
      long from = rec.startEpochNanos();
      assertEquals(measured, starts.get(i).stream().filter(t -> t >= from).count(), "calls from the warm-up's end");
      assertTrue(from - r.startEpochNanos() >= warmup, "starts after the warm-up");
      // and ends with the task, after the deadline the task saw pass, before the engine returned
      assertEquals(rec.endEpochNanos() - from, rec.durationNanos());
      assertTrue(sawExpired[i] - from >= duration, "the task saw its deadline pass after the duration");
      assertTrue(rec.endEpochNanos() >= sawExpired[i], "the task ends after it saw its deadline");
      assertTrue(rec.endEpochNanos() <= r.endEpochNanos() && r.endEpochNanos() <= returned, "ends in the run");
      assertEquals(rec.bytes(), rec.bytesPerTick().values().stream().mapToLong(Long::longValue).sum());
    }
  }

  @Test
  void aTaskThatEndsInItsWarmupMeasuresNothing() throws Exception {
    TaskRecord rec = LocalEngine.runSingle(0, "t0", new Window(10_000_000_000L, 0), (i, r) -> {
      assertTrue(!r.timeBounded() && !r.expired());
      r.call("io", System.nanoTime(), 500);
      r.addBytes(7);
      assertEquals(507, r.warmupBytes());
    });
    assertEquals(0, rec.bytes());
    assertEquals(0, rec.durationNanos());
    assertTrue(rec.latency().isEmpty());
    assertTrue(rec.bytesPerTick().isEmpty());
  }

  @Test
  void epochNanosAreCloseToTheWallClock() {
    long ms = System.currentTimeMillis();
    long ns = EpochClock.nowEpochNanos();
    assertTrue(Math.abs(ns / 1_000_000 - ms) < 1000, ns + " vs " + ms);
  }
}
