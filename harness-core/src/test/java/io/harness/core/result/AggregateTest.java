package io.harness.core.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecord;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class AggregateTest {
  private static final long MB = 1 << 20;

  /** A task whose bytes of each epoch second were moved in the middle of that second. */
  private static TaskRecord task(long startSec, long endSec, Map<Long, Long> perSecond) {
    long bytes = perSecond.values().stream().mapToLong(Long::longValue).sum();
    TreeMap<Long, Long> ticks = new TreeMap<>();
    perSecond.forEach((sec, b) -> ticks.put(sec * 10 + 5, b));
    return new TaskRecord(0, "t", bytes, startSec * 1_000_000_000L, endSec * 1_000_000_000L, Map.of(), ticks, null);
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
      assertEquals(i, agg.timeSeries().get(i).second());
      assertEquals(expected[i], agg.timeSeries().get(i).bytes(), "second " + i);
      assertEquals(false, agg.timeSeries().get(i).partial());
    }
    // the seconds count from the first task's start: all six are whole, and the steady figures come sorted
    assertArrayEquals(new double[] {0, 10, 10, 20, 30, 30}, agg.steadySeconds(), 1e-9);
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
    for (int i = 0; i < agg.timeSeries().size(); i++) {
      assertEquals(i, agg.timeSeries().get(i).second());
    }
    // every second from the first task's start to the last one's end, the last one cut short: as long as what is
    // left of the run, or up to half a tick longer when it counts a tick that began before it (a remainder shorter
    // than a tick joins the second before it)
    double span = (agg.lastEndEpochNanos() - agg.firstStartEpochNanos()) / 1e9;
    double rest = span - Math.floor(span);
    assertEquals((int) Math.ceil(span) - (rest > 0 && rest < 0.1 ? 1 : 0), agg.timeSeries().size());
    SecondSample last = agg.timeSeries().get(agg.timeSeries().size() - 1);
    if (rest >= 0.1) {
      assertTrue(last.partial(), last.toString());
      assertTrue(last.seconds() >= rest - 1e-6 && last.seconds() <= rest + 0.05 + 1e-6, rest + ": " + last);
    }
  }

  /** A run shorter than a second has one partial second, whose MB/s is over its own length. */
  @Test
  void aRunShorterThanASecondHasOnePartialSecondScaledToItsLength() {
    long start = 100_000_000_000L;
    TaskRecord t = new TaskRecord(0, "t", 3 * MB, start, start + 750_000_000L, Map.of(),
        new TreeMap<>(Map.of(1000L, MB, 1003L, 2 * MB)), null);
    Aggregate agg = Aggregate.of(List.of(t));
    assertEquals(1, agg.timeSeries().size());
    SecondSample only = agg.timeSeries().get(0);
    assertTrue(only.partial());
    assertEquals(0.75, only.seconds(), 1e-9);
    assertEquals(4.0, only.mbPerSec(), 1e-9);
    assertTrue(agg.steadyIsPartial());
    assertTrue(TextReport.aggregateLines("write", agg).contains(
        "  Per-second throughput mb/sec: 4.00  (the run's one partial second, 0.750 s long)"),
        TextReport.aggregateLines("write", agg).toString());
  }

  @Test
  void failedTasksCountInNoFigure() {
    TaskRecord ok = task(100, 104, Map.of(100L, 10 * MB, 101L, 10 * MB));
    TaskRecord bad = new TaskRecord(1, "bad", 500 * MB, 99_000_000_000L, 110_000_000_000L, Map.of(),
        new TreeMap<>(Map.of(995L, 500 * MB)), "java.io.IOException: gone");
    Aggregate agg = Aggregate.of(List.of(ok, bad));
    assertEquals(2, agg.tasks());
    assertEquals(1, agg.failedTasks());
    assertEquals(20 * MB, agg.bytes());
    assertEquals(4.0, agg.wallSeconds(), 1e-9);
    assertEquals(5.0, agg.mbPerSec(), 1e-9);
    assertEquals(0, agg.timeSeries().get(0).second());
    assertEquals(20 * MB, agg.timeSeries().stream().mapToLong(SecondSample::bytes).sum());

    Aggregate none = Aggregate.of(List.of(bad));
    assertEquals(0, none.bytes());
    assertEquals(null, none.mbPerSec());
    assertTrue(TextReport.aggregateLines("write", none).contains(
        "   Aggregate throughput mb/sec: n/a (no task succeeded)"), TextReport.aggregateLines("write", none).toString());
  }
}
