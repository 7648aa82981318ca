package io.harness.core.result;

import io.harness.core.records.TaskRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What the cluster did, over the tasks that succeeded (a failed task is counted in {@code failedTasks}
 * and nowhere else: its bytes, time and calls are in its own record only): bytes over wall-clock time
 * from the first task's start to the last task's end (not TestDFSIO's sum of task times), the per-call
 * latency of those tasks merged, and their bytes per second of the run (second 0 starts with the first task;
 * see {@link SecondSample}). MB means 2^20 bytes, as in TestDFSIO.
 * {@code mbPerSec} is null when no task succeeded.
 */
public record Aggregate(int tasks, int failedTasks, long bytes, long firstStartEpochNanos,
    long lastEndEpochNanos, double wallSeconds, Double mbPerSec, Map<String, LatencySummary> latency,
    List<SecondSample> timeSeries) {

  private static final long NANOS = 1_000_000_000L;

  /** The tasks whose figures these are. */
  public int succeededTasks() {
    return tasks - failedTasks;
  }

  public static Aggregate of(List<TaskRecord> records) {
    long bytes = 0;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    int failed = 0;
    Map<String, Histogram> merged = new LinkedHashMap<>();
    SortedMap<Long, Long> perTick = new TreeMap<>();
    for (TaskRecord r : records) {
      if (r.failed()) {
        failed++;
        continue;
      }
      r.bytesPerTick().forEach((tick, b) -> perTick.merge(tick, b, Long::sum));
      bytes += r.bytes();
      first = Math.min(first, r.startEpochNanos());
      last = Math.max(last, r.endEpochNanos());
      r.latency().forEach((k, h) -> merged.computeIfAbsent(k, x -> new Histogram(3)).add(h));
    }
    boolean none = failed == records.size();
    if (none) {
      first = 0;
      last = 0;
    }
    double wall = (last - first) / 1e9;
    Map<String, LatencySummary> lat = new LinkedHashMap<>();
    merged.forEach((k, h) -> lat.put(k, LatencySummary.of(h)));
    List<SecondSample> series = none ? List.of() : series(perTick, first, last);
    return new Aggregate(records.size(), failed, bytes, first, last, wall,
        none ? null : wall > 0 ? bytes / (double) (1 << 20) / wall : 0, lat, series);
  }

  /** This aggregate with the latency of other histograms (a window's calls). */
  public Aggregate withLatency(Map<String, Histogram> histograms) {
    Map<String, LatencySummary> lat = new LinkedHashMap<>();
    histograms.forEach((k, h) -> lat.put(k, LatencySummary.of(h)));
    return new Aggregate(tasks, failedTasks, bytes, firstStartEpochNanos, lastEndEpochNanos, wallSeconds, mbPerSec,
        lat, timeSeries);
  }

  /**
   * Every second from {@code origin} (epoch ns) to {@code end}, idle ones included; a tick's bytes count in
   * the second its middle falls in. The last second is as long as what is left of the run, measured from the
   * earliest start of the ticks it counts when that is earlier than the second's own start (a run that ends 38 ms
   * into a second may have that second count the bytes of a tick that began before it); a last second shorter than
   * a tick joins the second before it (8 ms would hold a whole tick's bytes, a rate twelve times the real one, or
   * none).
   */
  public static List<SecondSample> series(SortedMap<Long, Long> perTick, long origin, long end) {
    long span = Math.max(0, end - origin);
    int seconds = (int) Math.max(1, (span + NANOS - 1) / NANOS);
    long[] bytes = new long[seconds];
    long[] firstTickStart = {Long.MAX_VALUE};
    perTick.forEach((tick, b) -> {
      long start = tick * TaskRecord.TICK_NANOS;
      long middle = start + TaskRecord.TICK_NANOS / 2;
      int s = Math.max(0, Math.min(seconds - 1, (int) Math.floorDiv(middle - origin, NANOS)));
      bytes[s] += b;
      if (s == seconds - 1 && b > 0) {
        firstTickStart[0] = Math.min(firstTickStart[0], start);
      }
    });
    List<SecondSample> series = new ArrayList<>(seconds);
    long lastStart = origin + (long) (seconds - 1) * NANOS;
    if (seconds > 1 && end - lastStart < TaskRecord.TICK_NANOS) {
      // a last second shorter than a tick holds a tick's bytes or none: it joins the second before it
      for (int s = 0; s < seconds - 2; s++) {
        series.add(SecondSample.of(s, bytes[s], 1.0));
      }
      series.add(SecondSample.of(seconds - 2, bytes[seconds - 2] + bytes[seconds - 1], (end - lastStart + NANOS) / 1e9));
      return series;
    }
    for (int s = 0; s < seconds; s++) {
      double length = s < seconds - 1 ? 1.0 : (end - Math.min(lastStart, Math.max(origin, firstTickStart[0]))) / 1e9;
      series.add(SecondSample.of(s, bytes[s], length));
    }
    return series;
  }

  /**
   * Per-second MB/s over the run's whole seconds, sorted ascending; a run shorter than a second has only
   * its one partial second (see {@link #steadyIsPartial()}).
   */
  public double[] steadySeconds() {
    double[] whole = timeSeries.stream().filter(x -> !x.partial()).mapToDouble(SecondSample::mbPerSec).sorted()
        .toArray();
    return whole.length > 0 ? whole : timeSeries.stream().mapToDouble(SecondSample::mbPerSec).toArray();
  }

  /** Whether {@link #steadySeconds()} is a run's one partial second (it had no whole one). */
  public boolean steadyIsPartial() {
    return timeSeries.stream().noneMatch(x -> !x.partial()) && !timeSeries.isEmpty();
  }
}
