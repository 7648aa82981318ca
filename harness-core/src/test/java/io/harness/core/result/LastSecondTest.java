package io.harness.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.records.TaskRecord;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The per-second series of a run that writes at one steady rate: every second, the last partial one included, shows
 * that rate, wherever the run's start and end fall against the 100 ms ticks its bytes are counted in.
 */
class LastSecondTest {
  private static final long MS = 1_000_000L;
  /** 100 MB/s: bytes per ms. */
  private static final long BYTES_PER_MS = 100L * (1 << 20) / 1000;

  @Test
  void aRunThatEndsJustAfterASecondShowsItsRateInThatSecond() {
    for (long startMs : new long[] {0, 30, 70}) {
      for (long lengthMs : new long[] {2008, 2038, 2095, 950, 12}) {
        long origin = 1_000_000L * 1000 * 1000 + startMs * MS; // ~1000 s after the epoch, then the offset
        long end = origin + lengthMs * MS;
        SortedMap<Long, Long> perTick = new TreeMap<>();
        for (long tick = origin / TaskRecord.TICK_NANOS; tick * TaskRecord.TICK_NANOS < end; tick++) {
          long from = Math.max(origin, tick * TaskRecord.TICK_NANOS);
          long to = Math.min(end, (tick + 1) * TaskRecord.TICK_NANOS);
          perTick.put(tick, (to - from) / MS * BYTES_PER_MS);
        }
        List<SecondSample> series = Aggregate.series(perTick, origin, end);
        SecondSample last = series.get(series.size() - 1);
        String where = "start +" + startMs + " ms, " + lengthMs + " ms: " + series;
        assertTrue(Math.abs(last.mbPerSec() - 100) < 100 * 0.15, where);
        long total = series.stream().mapToLong(SecondSample::bytes).sum();
        assertEquals(perTick.values().stream().mapToLong(Long::longValue).sum(), total, where);
      }
    }
  }
}
