package io.harness.core.records;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;

/**
 * One finished task: bytes moved, start and end in epoch nanoseconds, per-call latency histograms
 * (nanoseconds, by kind of call), bytes by the {@value #TICK_MILLIS} ms tick of the epoch their call ended
 * in ({@code epochNanos / TICK_NANOS}), and the error that failed it (null when it succeeded).
 *
 * <p>{@code interrupted} marks a task the run stopped early (SIGINT / SIGTERM): what it measured until
 * then counts, it did not fail. {@code stack} is the task thread's stack when the task was given up
 * while stuck in a call ({@code --task-timeout}), else empty. {@code extra} holds what the workload's task
 * body noted about its task for the workload's own figures (a checksum, a row count, files written):
 * strings, numbers, booleans, lists and maps of them. {@code host} is the machine the task ran on (the local
 * engine's, a MapReduce map's); null where an engine does not say, and in records saved before it was kept.
 *
 * <p>A record keeps its histograms compressed ({@link PackedLatency}: each read of {@link #latency()} decodes
 * new histograms) and its ticks in arrays ({@link TickSeries}), so a run of many small tasks holds little for
 * each finished one.
 */
public record TaskRecord(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
    Map<String, Histogram> latency, SortedMap<Long, Long> bytesPerTick, String error, boolean interrupted,
    List<String> stack, Map<String, Object> extra, String host) {

  /** The bucket of the per-task byte series: 100 ms. */
  public static final long TICK_MILLIS = 100;
  public static final long TICK_NANOS = TICK_MILLIS * 1_000_000L;

  /**
   * The {@code extra} key of the running totals' increases by tick ({@link TaskRecorder#noteTotal}): total's key to
   * {@code {"first": tick, "counts": [increase at first, at first + 1, ...]}}.
   */
  public static final String TOTALS_PER_TICK = "totalsPerTick";

  /** {@code extra} with each running total's last value and, under {@link #TOTALS_PER_TICK}, its increases. */
  static Map<String, Object> withTotals(Map<String, Object> extra, Map<String, TickCounts> totals) {
    Map<String, Object> noted = new LinkedHashMap<>(extra);
    Map<String, Object> byTick = new LinkedHashMap<>();
    for (Map.Entry<String, TickCounts> e : totals.entrySet()) {
      TickCounts t = e.getValue();
      noted.put(e.getKey(), t.last());
      byTick.put(e.getKey(), tickCounts(t.first(), t.counts(), t.length()));
    }
    noted.put(TOTALS_PER_TICK, byTick);
    return noted;
  }

  /** A running total's increases as {@link #TOTALS_PER_TICK} holds them. */
  static Map<String, Object> tickCounts(long first, long[] counts, int length) {
    List<Long> list = new java.util.ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      list.add(counts[i]);
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("first", first);
    m.put("counts", list);
    return m;
  }

  /**
   * The increases of each running total noted by the task, by tick (epoch ns / {@link #TICK_NANOS}): empty for
   * a task that noted none (or a record saved before they were kept).
   */
  public Map<String, SortedMap<Long, Long>> totalsPerTick() {
    Map<String, SortedMap<Long, Long>> out = new LinkedHashMap<>();
    if (extra.get(TOTALS_PER_TICK) instanceof Map<?, ?> all) {
      all.forEach((k, v) -> {
        SortedMap<Long, Long> ticks = new java.util.TreeMap<>();
        if (v instanceof Map<?, ?> m && m.get("first") instanceof Number first && m.get("counts") instanceof List<?> c) {
          for (int i = 0; i < c.size(); i++) {
            if (c.get(i) instanceof Number n && n.longValue() != 0) {
              ticks.put(first.longValue() + i, n.longValue());
            }
          }
        }
        out.put(String.valueOf(k), ticks);
      });
    }
    return out;
  }

  public TaskRecord {
    // what every finished task keeps until the run ends: its histograms compressed, its ticks in two arrays
    latency = PackedLatency.of(latency);
    bytesPerTick = TickSeries.of(bytesPerTick);
    stack = stack == null ? List.of() : List.copyOf(stack);
    extra = extra == null ? Map.of() : new LinkedHashMap<>(extra);
  }

  /** A record of no known host. */
  public TaskRecord(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
      Map<String, Histogram> latency, SortedMap<Long, Long> bytesPerTick, String error, boolean interrupted,
      List<String> stack, Map<String, Object> extra) {
    this(index, name, bytes, startEpochNanos, endEpochNanos, latency, bytesPerTick, error, interrupted, stack, extra,
        null);
  }

  /** A task that ran to its end, or failed. */
  public TaskRecord(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
      Map<String, Histogram> latency, SortedMap<Long, Long> bytesPerTick, String error) {
    this(index, name, bytes, startEpochNanos, endEpochNanos, latency, bytesPerTick, error, false, List.of(),
        Map.of());
  }

  public boolean failed() {
    return error != null;
  }

  public long durationNanos() {
    return endEpochNanos - startEpochNanos;
  }

  /** This record with {@code index} and {@code extra} replaced (a MapReduce map's record, numbered by its split). */
  public TaskRecord with(int newIndex, Map<String, Object> newExtra) {
    return new TaskRecord(newIndex, name, bytes, startEpochNanos, endEpochNanos, latency, bytesPerTick, error,
        interrupted, stack, newExtra, host);
  }

  /** This record renamed {@code newName}, of host {@code newHost}. */
  public TaskRecord named(String newName, String newHost) {
    return new TaskRecord(index, newName, bytes, startEpochNanos, endEpochNanos, latency, bytesPerTick, error,
        interrupted, stack, extra, newHost);
  }
}
