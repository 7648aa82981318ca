package io.harness.core.result;

import io.harness.core.engine.TaskRecord;
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
 * latency of those tasks merged, and their bytes per epoch second. MB means 2^20 bytes, as in TestDFSIO.
 * {@code mbPerSec} is null when no task succeeded.
 */
public record Aggregate(int tasks, int failedTasks, long bytes, long firstStartEpochNanos,
    long lastEndEpochNanos, double wallSeconds, Double mbPerSec, Map<String, LatencySummary> latency,
    List<SecondSample> timeSeries) {

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
    SortedMap<Long, Long> perSecond = new TreeMap<>();
    for (TaskRecord r : records) {
      if (r.failed()) {
        failed++;
        continue;
      }
      r.bytesPerSecond().forEach((sec, b) -> perSecond.merge(sec, b, Long::sum));
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
    List<SecondSample> series = new ArrayList<>();
    if (!perSecond.isEmpty()) {
      // every second from the first to the last, idle ones included
      for (long sec = perSecond.firstKey(); sec <= perSecond.lastKey(); sec++) {
        series.add(SecondSample.of(sec, perSecond.getOrDefault(sec, 0L)));
      }
    }
    return new Aggregate(records.size(), failed, bytes, first, last, wall,
        none ? null : wall > 0 ? bytes / (double) (1 << 20) / wall : 0, lat, series);
  }

  /**
   * Per-second MB/s over the whole seconds of the run (the first and last seconds are partial and
   * left out when there are at least three), sorted ascending; empty for runs under a second.
   */
  public double[] steadySeconds() {
    List<SecondSample> s = timeSeries;
    if (s.size() >= 3) {
      s = s.subList(1, s.size() - 1);
    }
    return s.stream().mapToDouble(SecondSample::mbPerSec).sorted().toArray();
  }
}
