package io.harness.core.run;

import io.harness.core.engine.Intervals;
import io.harness.core.engine.TaskRecord;
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

  /** The engine's wall time in milliseconds. */
  public double engineMillis() {
    return (engineEndEpochNanos - engineStartEpochNanos) / 1e6;
  }

  /** The tasks that failed. */
  public List<TaskRecord> failed() {
    return tasks.stream().filter(TaskRecord::failed).toList();
  }
}
