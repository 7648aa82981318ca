package io.harness.core.result;

import io.harness.core.engine.TaskRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the cluster did, over all tasks: bytes over wall-clock time from the first task's start to the
 * last task's end (not TestDFSIO's sum of task times), and the per-call latency of all tasks merged.
 * MB means 2^20 bytes, as in TestDFSIO.
 */
public record Aggregate(int tasks, int failedTasks, long bytes, long firstStartEpochNanos,
    long lastEndEpochNanos, double wallSeconds, double mbPerSec, Map<String, LatencySummary> latency) {

  public static Aggregate of(List<TaskRecord> records) {
    long bytes = 0;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    int failed = 0;
    Map<String, Histogram> merged = new LinkedHashMap<>();
    for (TaskRecord r : records) {
      bytes += r.bytes();
      first = Math.min(first, r.startEpochNanos());
      last = Math.max(last, r.endEpochNanos());
      if (r.failed()) {
        failed++;
      }
      r.latency().forEach((k, h) -> merged.computeIfAbsent(k, x -> new Histogram(3)).add(h));
    }
    if (records.isEmpty()) {
      first = 0;
      last = 0;
    }
    double wall = (last - first) / 1e9;
    Map<String, LatencySummary> lat = new LinkedHashMap<>();
    merged.forEach((k, h) -> lat.put(k, LatencySummary.of(h)));
    return new Aggregate(records.size(), failed, bytes, first, last, wall,
        wall > 0 ? bytes / (double) (1 << 20) / wall : 0, lat);
  }
}
