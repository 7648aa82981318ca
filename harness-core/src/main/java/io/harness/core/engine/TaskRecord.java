package io.harness.core.engine;

import java.util.Map;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;

/**
 * One finished task: bytes moved, start and end in epoch nanoseconds, per-call latency histograms
 * (nanoseconds, by kind of call), bytes by the epoch second their call ended in, and the error that
 * failed it (null when it succeeded).
 */
public record TaskRecord(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
    Map<String, Histogram> latency, SortedMap<Long, Long> bytesPerSecond, String error) {

  public boolean failed() {
    return error != null;
  }

  public long durationNanos() {
    return endEpochNanos - startEpochNanos;
  }
}
