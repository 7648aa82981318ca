package io.harness.core.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.TaskRecord;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class AggregateTest {
  private static final long MB = 1 << 20;

  private static TaskRecord task(long startSec, long endSec, Map<Long, Long> perSecond) {
    long bytes = perSecond.values().stream().mapToLong(Long::longValue).sum();
    return new TaskRecord(0, "t", bytes, startSec * 1_000_000_000L, endSec * 1_000_000_000L, Map.of(),
        new TreeMap<>(perSecond), null);
  }

  @Test
  void wallClockThroughputAndPerSecondSeriesOverAllTasks() {
    // task A: 100 s .. 104 s, task B: 102 s .. 106 s; B is idle in second 104
    TaskRecord a = task(100, 104, Map.of(100L, 10 * MB, 101L, 10 * MB, 102L, 10 * MB, 103L, 10 * MB));
    TaskRecord b = task(102, 106, Map.of(102L, 20 * MB, 103L, 20 * MB, 105L, 20 * MB));
    Aggregate agg = Aggregate.of(List.of(a, b));
    assertEquals(100 * MB, agg.bytes());
    assertEquals(6.0, agg.wallSeconds(), 1e-9);
    assertEquals(100.0 / 6, agg.mbPerSec(), 1e-9);
    assertEquals(6, agg.timeSeries().size(), agg.timeSeries().toString());
    long[] expected = {10 * MB, 10 * MB, 30 * MB, 30 * MB, 0, 20 * MB};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(100 + i, agg.timeSeries().get(i).epochSecond());
      assertEquals(expected[i], agg.timeSeries().get(i).bytes(), "second " + (100 + i));
    }
    // first and last seconds are partial: left out of the steady figures, which come sorted
    assertArrayEquals(new double[] {0, 10, 30, 30}, agg.steadySeconds(), 1e-9);
  }

  @Test
  void theEnginesSeriesAddsUpToTheBytesMoved() throws Exception {
    LocalEngine.Result r = LocalEngine.run(3, 3, i -> "t" + i, (i, rec) -> {
      long end = System.nanoTime() + 1_300_000_000L;
      while (System.nanoTime() < end) {
        long t = System.nanoTime();
        Thread.sleep(50);
        rec.call("io", t, 1000 + i);
      }
    });
    Aggregate agg = Aggregate.of(r.records());
    long sum = agg.timeSeries().stream().mapToLong(SecondSample::bytes).sum();
    assertEquals(agg.bytes(), sum);
    assertTrue(agg.timeSeries().size() >= 2, agg.timeSeries().toString());
    for (int i = 1; i < agg.timeSeries().size(); i++) {
      assertEquals(agg.timeSeries().get(i - 1).epochSecond() + 1, agg.timeSeries().get(i).epochSecond());
    }
    long firstSecond = agg.firstStartEpochNanos() / 1_000_000_000L;
    long lastSecond = agg.lastEndEpochNanos() / 1_000_000_000L;
    assertTrue(agg.timeSeries().get(0).epochSecond() >= firstSecond);
    assertTrue(agg.timeSeries().get(agg.timeSeries().size() - 1).epochSecond() <= lastSecond);
  }

  @Test
  void failedTasksCountInNoFigure() {
    TaskRecord ok = task(100, 104, Map.of(100L, 10 * MB, 101L, 10 * MB));
    TaskRecord bad = new TaskRecord(1, "bad", 500 * MB, 99_000_000_000L, 110_000_000_000L, Map.of(),
        new TreeMap<>(Map.of(99L, 500 * MB)), "java.io.IOException: gone");
    Aggregate agg = Aggregate.of(List.of(ok, bad));
    assertEquals(2, agg.tasks());
    assertEquals(1, agg.failedTasks());
    assertEquals(20 * MB, agg.bytes());
    assertEquals(4.0, agg.wallSeconds(), 1e-9);
    assertEquals(5.0, agg.mbPerSec(), 1e-9);
    assertEquals(100, agg.timeSeries().get(0).epochSecond());

    Aggregate none = Aggregate.of(List.of(bad));
    assertEquals(0, none.bytes());
    assertEquals(null, none.mbPerSec());
    assertTrue(TextReport.aggregateLines("write", none).contains(
        "   Aggregate throughput mb/sec: n/a (no task succeeded)"), TextReport.aggregateLines("write", none).toString());
  }
}
