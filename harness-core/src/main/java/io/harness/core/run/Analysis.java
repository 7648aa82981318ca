package io.harness.core.run;

import io.harness.core.engine.Intervals;
import io.harness.core.engine.TaskRecord;
import io.harness.core.result.Aggregate;
import io.harness.core.result.TextReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A saved run's figures computed again from its records: the whole run, or a window of it ({@code --skip}
 * the first seconds, {@code --until} a second after the start), as if the run had measured only that. In a
 * window, each task's bytes are those of its 100 ms ticks inside it, its time the part of it inside it, and
 * the latency that of the calls in the seconds whose middle is in it (the per-second interval histograms; a
 * run whose engine could not see each call, a MapReduce job's or Spark's, has no latency in a window).
 */
public final class Analysis {
  private Analysis() {}

  /** What an analysis gives: the workload's figures, the aggregate, and the block as the run printed it. */
  public record Result(Figures figures, Aggregate aggregate, List<String> lines, RunRecords records) {}

  /** The figures of {@code records} (of the workload {@code workload}, operation {@code operation}). */
  public static Result of(Workload<?> workload, RunRecords records) {
    return result(workload, records, Aggregate.of(records.tasks()));
  }

  /**
   * The figures over the window from {@code skipNanos} after the run's first task started until
   * {@code untilNanos} after it (0: the end).
   */
  public static Result of(Workload<?> workload, RunRecords records, long skipNanos, long untilNanos) {
    if (skipNanos == 0 && untilNanos == 0) {
      return of(workload, records);
    }
    long origin = records.tasks().stream().mapToLong(TaskRecord::startEpochNanos).min().orElse(0);
    long from = origin + skipNanos;
    long to = untilNanos > 0 ? origin + untilNanos : Long.MAX_VALUE;
    List<TaskRecord> clipped = new ArrayList<>();
    for (TaskRecord t : records.tasks()) {
      long start = Math.max(t.startEpochNanos(), from);
      long end = Math.min(t.endEpochNanos(), to);
      if (end <= start) {
        continue;
      }
      SortedMap<Long, Long> ticks = new TreeMap<>();
      long bytes = 0;
      for (Map.Entry<Long, Long> e : t.bytesPerTick().entrySet()) {
        long middle = e.getKey() * TaskRecord.TICK_NANOS + TaskRecord.TICK_NANOS / 2;
        if (middle >= from && middle < to) {
          ticks.put(e.getKey(), e.getValue());
          bytes += e.getValue();
        }
      }
      clipped.add(new TaskRecord(t.index(), t.name(), bytes, start, end, Map.of(), ticks, t.error(), t.interrupted(),
          t.stack(), t.extra()));
    }
    // the interval histograms' seconds count from the engine's start; a second is in the window when its middle is
    long engineOrigin = records.engineStartEpochNanos();
    List<Intervals.Interval> intervals = new ArrayList<>();
    Map<String, Histogram> latency = new LinkedHashMap<>();
    for (Intervals.Interval i : records.intervals()) {
      long middle = engineOrigin + i.second() * 1_000_000_000L + 500_000_000L;
      if (middle >= from && middle < to) {
        intervals.add(i);
        latency.computeIfAbsent(i.kind(), k -> new Histogram(3)).add(i.histogram());
      }
    }
    RunRecords window = new RunRecords(clipped, intervals, Math.max(records.engineStartEpochNanos(), from),
        Math.min(records.engineEndEpochNanos(), to), records.stopped(), records.extra());
    Aggregate plain = Aggregate.of(clipped);
    return result(workload, window, plain.withLatency(latency));
  }

  private static Result result(Workload<?> workload, RunRecords records, Aggregate aggregate) {
    Figures figures = workload.figures(records);
    List<String> lines = new ArrayList<>(figures.lines());
    lines.addAll(TextReport.aggregateLines(workload.operation(), aggregate));
    return new Result(figures, aggregate, lines, records);
  }
}
