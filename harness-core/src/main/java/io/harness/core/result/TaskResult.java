package io.harness.core.result;

import io.harness.core.engine.TaskRecord;
import java.util.LinkedHashMap;
import java.util.Map;

/** One task as written to the run's JSON. */
public record TaskResult(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
    double seconds, double mbPerSec, Map<String, LatencySummary> latency, String error) {

  public static TaskResult of(TaskRecord r) {
    Map<String, LatencySummary> lat = new LinkedHashMap<>();
    r.latency().forEach((k, h) -> lat.put(k, LatencySummary.of(h)));
    return of(r.index(), r.name(), r.bytes(), r.startEpochNanos(), r.endEpochNanos(), lat, r.error());
  }

  /** A task from its parts (e.g. as a MapReduce run's part file carries them); MB/s over its own time. */
  public static TaskResult of(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
      Map<String, LatencySummary> latency, String error) {
    double secs = (endEpochNanos - startEpochNanos) / 1e9;
    return new TaskResult(index, name, bytes, startEpochNanos, endEpochNanos, secs,
        secs > 0 ? bytes / (double) (1 << 20) / secs : 0, latency, error);
  }
}
