package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.RunRecords;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RunSeriesTest {
  private static final long S = 1_000_000_000L;
  /** A start on a whole second of the epoch, so ticks and seconds line up by hand. */
  private static final long T0 = 1_700_000_000L * S;

  private static TreeMap<Long, Long> ticks(long... secondAndBytes) {
    TreeMap<Long, Long> m = new TreeMap<>();
    for (int i = 0; i < secondAndBytes.length; i += 2) {
      // one tick in the middle of that second
      m.put((T0 + secondAndBytes[i] * S) / TaskRecord.TICK_NANOS + 5, secondAndBytes[i + 1]);
    }
    return m;
  }

  private static Histogram calls(long... nanos) {
    Histogram h = new Histogram(3);
    for (long n : nanos) {
      h.recordValue(n);
    }
    return h;
  }

  @Test
  void seriesOnTheFirstTasksClockWithFailedTasksOnlyInTheirOwnLines() {
    TaskRecord fast = new TaskRecord(0, "t0", 3L << 20, T0, T0 + 3 * S, Map.of("write", calls(1_000_000, 3_000_000)),
        ticks(0, 1L << 20, 1, 1L << 20, 2, 1L << 20), null);
    TaskRecord slow = new TaskRecord(1, "t1", 1L << 20, T0 + S, T0 + 3 * S, Map.of("write", calls(9_000_000)),
        ticks(2, 1L << 20), null);
    TaskRecord failed = new TaskRecord(2, "t2", 5L << 20, T0, T0 + 2 * S, Map.of("write", calls(500_000_000)),
        ticks(0, 5L << 20), "java.io.IOException: gone");
    RunRecords records = new RunRecords(List.of(fast, slow, failed),
        List.of(new Intervals.Interval("write", 0, calls(1_000_000, 500_000_000)),
            new Intervals.Interval("write", 2, calls(3_000_000, 9_000_000))),
        T0 - S / 2, T0 + 3 * S, false);

    RunSeries s = RunSeries.of(records);
    assertEquals(T0, s.originEpochNanos());
    assertEquals(0.5, s.beforeStartSeconds(), 1e-9);
    // the succeeded tasks: 1 MB, 1 MB, 2 MB (the failed task's 5 MB in second 0 are not the cluster's figure)
    assertEquals(List.of(1.0, 1.0, 2.0), s.throughput().stream().map(x -> x.mbPerSec()).toList());
    assertEquals(List.of(5.0, 0.0, 0.0), s.perTask().get("t2").stream().map(x -> x.mbPerSec()).toList());
    assertEquals(List.of(0.0, 0.0, 1.0), s.perTask().get("t1").stream().map(x -> x.mbPerSec()).toList());
    // slowest first: t1 0.5 MB/s, t0 1 MB/s, t2 2.5 MB/s (failed)
    assertEquals(List.of("t1", "t0", "t2"), s.tasks().stream().map(RunSeries.TaskRate::name).toList());
    assertEquals(0.5, s.tasks().get(0).mbPerSec(), 1e-9);
    assertNull(s.tasks().get(1).error());
    // interval seconds count from the engine's start, half a second before the first task's
    List<RunSeries.LatencySecond> w = s.latency().get("write");
    assertEquals(0.0, w.get(0).second(), 1e-9);
    assertEquals(2.0, w.get(1).second(), 1e-9);
    assertEquals(2, w.get(1).calls());
    assertEquals(9.0, w.get(1).maxMillis(), 0.01);
    assertEquals(3.0, w.get(1).p50Millis(), 0.01);
    // the distribution has the succeeded tasks' three calls, up to 9 ms at 100 %
    List<RunSeries.Percentile> d = s.distribution().get("write");
    assertEquals(100.0, d.get(d.size() - 1).percentile(), 1e-9);
    assertEquals(9.0, d.get(d.size() - 1).millis(), 0.01);
    assertEquals(1.0, d.get(0).millis(), 0.01);
  }
}
