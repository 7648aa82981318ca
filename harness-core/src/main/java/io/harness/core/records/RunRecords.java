package io.harness.core.records;

import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an engine hands back, the same from every engine: one record per task, the latency of all calls per
 * second of the run (empty where the engine cannot see the calls: a MapReduce job's maps, Spark's
 * executors), the engine's own start and end in epoch nanoseconds, whether the run was stopped before
 * its tasks ended, and what the engine itself noted ({@code extra}: a MapReduce job's id and its reducer's
 * sums). Saved in the run's folder; every figure of the run is computed from it.
 */
public record RunRecords(List<TaskRecord> tasks, List<Intervals.Interval> intervals, long engineStartEpochNanos,
    long engineEndEpochNanos, boolean stopped, Map<String, Object> extra) {

  public RunRecords {
    tasks = List.copyOf(tasks);
    intervals = List.copyOf(intervals);
    extra = extra == null ? Map.of() : new LinkedHashMap<>(extra);
  }

  public RunRecords(List<TaskRecord> tasks, List<Intervals.Interval> intervals, long engineStartEpochNanos,
      long engineEndEpochNanos, boolean stopped) {
    this(tasks, intervals, engineStartEpochNanos, engineEndEpochNanos, stopped, Map.of());
  }

  /** The key of {@link #extra} that says the records are a window of a run: its {@code fromEpochNanos}, {@code toEpochNanos}. */
  public static final String WINDOW = "window";

  /** Whether a tick (epoch ns / {@link TaskRecord#TICK_NANOS}) is in the window {@code [from, to)}: its middle is. */
  public static boolean inWindow(long tick, long from, long to) {
    long middle = tick * TaskRecord.TICK_NANOS + TaskRecord.TICK_NANOS / 2;
    return middle >= from && middle < to;
  }

  /**
   * The window these records are of, as epoch ns {@code [from, to)}, when they are a window of a run
   * ({@link #WINDOW}); null for a whole run. For figures that count what the engine's notes say (a failed item's
   * tick) or that only a whole run has (a MapReduce reducer's sums).
   */
  public long[] window() {
    if (extra.get(WINDOW) instanceof Map<?, ?> w && w.get("fromEpochNanos") instanceof Number from
        && w.get("toEpochNanos") instanceof Number to) {
      return new long[] {from.longValue(), to.longValue()};
    }
    return null;
  }

  /** Whether {@code tick} is inside the window of these records, or they are a whole run's. */
  public boolean counts(long tick) {
    long[] w = window();
    return w == null || inWindow(tick, w[0], w[1]);
  }

  /** How long the run lasted as its windows count it: its first task's start to its last task's end (0: no tasks). */
  public long lengthNanos() {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (TaskRecord t : tasks) {
      first = Math.min(first, t.startEpochNanos());
      last = Math.max(last, t.endEpochNanos());
    }
    return tasks.isEmpty() ? 0 : Math.max(0, last - first);
  }

  /** The engine's wall time in milliseconds. */
  public double engineMillis() {
    return (engineEndEpochNanos - engineStartEpochNanos) / 1e6;
  }

  /** The tasks that failed. */
  public List<TaskRecord> failed() {
    return tasks.stream().filter(TaskRecord::failed).toList();
  }
}
