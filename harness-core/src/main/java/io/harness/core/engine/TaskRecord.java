package io.harness.core.engine;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;

/**
 * One finished task: bytes moved, start and end in epoch nanoseconds, per-call latency histograms
 * (nanoseconds, by kind of call), bytes by the epoch second their call ended in, and the error that
 * failed it (null when it succeeded).
 *
 * <p>{@code interrupted} marks a task the run stopped early (SIGINT / SIGTERM): what it measured until
 * then counts, it did not fail. {@code stack} is the task thread's stack when the task was given up
 * while stuck in a call ({@code --task-timeout}), else empty.
 */
public record TaskRecord(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
    Map<String, Histogram> latency, SortedMap<Long, Long> bytesPerSecond, String error, boolean interrupted,
    List<String> stack) {

  public TaskRecord {
    stack = stack == null ? List.of() : List.copyOf(stack);
  }

  /** A task that ran to its end, or failed. */
  public TaskRecord(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
      Map<String, Histogram> latency, SortedMap<Long, Long> bytesPerSecond, String error) {
    this(index, name, bytes, startEpochNanos, endEpochNanos, latency, bytesPerSecond, error, false, List.of());
  }

  public boolean failed() {
    return error != null;
  }

  public long durationNanos() {
    return endEpochNanos - startEpochNanos;
  }
}
