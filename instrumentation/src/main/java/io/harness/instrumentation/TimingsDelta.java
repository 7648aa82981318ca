package io.harness.instrumentation;

import io.harness.instrumentation.Timings.FileSystemTimings;
import io.harness.instrumentation.boot.Histogram;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a scope counted between two snapshots (a run's share of the datanode's counters, when one JVM runs
 * several): calls, times and failures subtracted, the distribution recomputed from the subtracted bucket counts.
 * The delta's max is exact when the later snapshot's max grew, else the top non-empty bucket's upper bound, never
 * more than the delta's total time allows.
 */
public final class TimingsDelta {
  private static final String CALL = ".call";
  private static final long NANOS_PER_MS = 1_000_000L;

  private TimingsDelta() {}

  /** {@code end} less {@code start} ({@code start} null: {@code end} itself). */
  public static FileSystemTimings between(FileSystemTimings start, FileSystemTimings end) {
    if (start == null) {
      return end;
    }
    Map<String, Long> counters = new LinkedHashMap<>();
    Map<String, long[]> buckets = new LinkedHashMap<>();
    for (String key : end.counters().keySet()) {
      if (!key.endsWith(CALL)) {
        continue;
      }
      String op = key.substring(0, key.length() - CALL.length());
      for (String c : new String[] {".call", ".allTime", ".allTimeNanos", ".failed"}) {
        counters.put(op + c, end.get(op + c) - start.get(op + c));
      }
      long[] delta = subtract(start.buckets().get(op), end.buckets().get(op));
      long max = Histogram.deltaMax(delta, start.get(op + ".maxNanos"), end.get(op + ".maxNanos"),
          counters.get(op + ".allTimeNanos"));
      long[] d = {Histogram.percentile(delta, max, 0.5), Histogram.percentile(delta, max, 0.99), max};
      String[] names = {"p50", "p99", "max"};
      for (int i = 0; i < d.length; i++) {
        counters.put(op + "." + names[i] + "Ms", d[i] / NANOS_PER_MS);
      }
      for (int i = 0; i < d.length; i++) {
        counters.put(op + "." + names[i] + "Nanos", d[i]);
      }
      if (counters.get(key) > 0) {
        buckets.put(op, delta);
      }
    }
    return new FileSystemTimings(end.scope(), end.fs(), end.scheme(), end.uri(), end.fsClass(), end.closed(),
        Collections.unmodifiableMap(counters), Collections.unmodifiableMap(buckets));
  }

  private static long[] subtract(long[] start, long[] end) {
    long[] d = new long[Histogram.BUCKETS];
    for (int i = 0; end != null && i < d.length; i++) {
      d[i] = end[i] - (start == null ? 0 : start[i]);
    }
    return d;
  }
}
