package io.harness.core.report;

import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecord;
import io.harness.core.result.Aggregate;
import io.harness.core.result.SecondSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run's figures over time and per task, from its records, on one time axis: second 0 starts with the first
 * task's start (every task's, failed ones included), as the aggregate's series does when no task failed.
 * <ul>
 *   <li>{@link #throughput}: bytes per second of the tasks that succeeded (what the aggregate counts);
 *   <li>{@link #perTask}: each task's own bytes per second, failed tasks too (their bytes did reach the
 *       file system, or tried to); empty for a run of more than {@link RunCharts#MAX_TASK_LINES} tasks, which
 *       the report draws no line each for (every second of the run for each of many tasks would not fit in
 *       memory);
 *   <li>{@link #perHost}: the succeeded tasks' bytes per second again, per host when the tasks ran on more than one
 *       host, else per client when they ran in more than one client JVM ({@code --clients}: each task notes its
 *       client); in each second the groups add up to {@link #throughput}; empty for a run on one host in one JVM;
 *   <li>{@link #latency}: per kind of call, each second's calls (count, p50, p99, max) from the interval
 *       histograms (none where the engine cannot see the calls: a MapReduce job's maps, Spark's executors);
 *   <li>{@link #distribution}: per kind, every call of the succeeded tasks, as HdrHistogram's percentile
 *       distribution;
 *   <li>{@link #tasks}: each task's rate, slowest first.
 * </ul>
 * {@code beforeStartSeconds} is the time from the engine's start to the first task's: set-up and, with a
 * warm-up, the warm-up, which the records do not measure.
 */
public record RunSeries(long originEpochNanos, double beforeStartSeconds, List<SecondSample> throughput,
    Map<String, List<SecondSample>> perTask, Map<String, List<SecondSample>> perHost,
    Map<String, List<LatencySecond>> latency,
    Map<String, List<Percentile>> distribution, List<TaskRate> tasks) {

  /** One second of one kind of call: its middle on the run's time axis (s), its calls and their latency (ms). */
  public record LatencySecond(double second, long calls, double p50Millis, double p99Millis, double maxMillis) {}

  /** A point of a percentile distribution: the percentile (0-100) and the latency at it (ms). */
  public record Percentile(double percentile, double millis) {}

  /** One task: its bytes, seconds, MB/s (2^20 bytes) and error (null when it succeeded). */
  public record TaskRate(String name, long bytes, double seconds, double mbPerSec, String error) {}

  private static final long NANOS = 1_000_000_000L;
  /** What a task of the clients engine notes: its client's index. */
  private static final String CLIENT = io.harness.core.engine.clients.ClientJob.CLIENT;

  public static RunSeries of(io.harness.core.records.RunRecords records) {
    List<TaskRecord> all = records.tasks();
    long origin = all.stream().mapToLong(TaskRecord::startEpochNanos).min().orElse(records.engineStartEpochNanos());
    long end = all.stream().mapToLong(TaskRecord::endEpochNanos).max().orElse(origin);

    SortedMap<Long, Long> succeeded = new TreeMap<>();
    java.util.function.Function<TaskRecord, String> group = group(all);
    Map<String, SortedMap<Long, Long>> byGroup = new TreeMap<>();
    Map<String, List<SecondSample>> perTask = new LinkedHashMap<>();
    Map<String, Histogram> merged = new LinkedHashMap<>();
    List<TaskRate> rates = new ArrayList<>();
    for (TaskRecord t : all) {
      if (!t.failed()) {
        t.bytesPerTick().forEach((tick, b) -> succeeded.merge(tick, b, Long::sum));
        if (group != null) {
          SortedMap<Long, Long> mine = byGroup.computeIfAbsent(group.apply(t), g -> new TreeMap<>());
          t.bytesPerTick().forEach((tick, b) -> mine.merge(tick, b, Long::sum));
        }
        t.latency().forEach((k, h) -> merged.computeIfAbsent(k, x -> new Histogram(3)).add(h));
      }
      if (all.size() <= RunCharts.MAX_TASK_LINES) {
        perTask.put(t.name(), Aggregate.series(t.bytesPerTick(), origin, end));
      }
      double seconds = t.durationNanos() / 1e9;
      rates.add(new TaskRate(t.name(), t.bytes(), seconds, seconds > 0 ? t.bytes() / (double) (1 << 20) / seconds : 0,
          t.error()));
    }
    rates.sort(Comparator.comparingDouble(TaskRate::mbPerSec));

    double shift = (records.engineStartEpochNanos() - origin) / (double) NANOS;
    Map<String, List<LatencySecond>> latency = new LinkedHashMap<>();
    for (Intervals.Interval i : records.intervals()) {
      Histogram h = i.histogram();
      latency.computeIfAbsent(i.kind(), k -> new ArrayList<>()).add(new LatencySecond(i.second() + 0.5 + shift,
          h.getTotalCount(), millis(h.getValueAtPercentile(50)), millis(h.getValueAtPercentile(99)),
          millis(h.getMaxValue())));
    }
    Map<String, List<Percentile>> distribution = new LinkedHashMap<>();
    merged.forEach((kind, h) -> distribution.put(kind, percentiles(h)));

    Map<String, List<SecondSample>> perHost = new LinkedHashMap<>();
    byGroup.forEach((g, ticks) -> perHost.put(g, Aggregate.series(ticks, origin, end)));
    return new RunSeries(origin, Math.max(0, -shift), Aggregate.series(succeeded, origin, end), perTask, perHost,
        latency, distribution, rates);
  }

  /**
   * What groups the tasks for {@link #perHost}: their host ({@code host NAME}) when they name more than one, else
   * their client ({@code client-N}) when they note more than one; null when neither.
   */
  static java.util.function.Function<TaskRecord, String> group(List<TaskRecord> tasks) {
    if (tasks.stream().map(t -> String.valueOf(t.host())).distinct().count() > 1) {
      return t -> "host " + t.host();
    }
    if (tasks.stream().map(t -> String.valueOf(t.extra().get(CLIENT))).distinct().count() > 1) {
      return t -> "client-" + t.extra().get(CLIENT);
    }
    return null;
  }

  /** HdrHistogram's percentile distribution of {@code h} (5 steps per halving of the distance to 100%). */
  static List<Percentile> percentiles(Histogram h) {
    List<Percentile> points = new ArrayList<>();
    if (h.getTotalCount() == 0) {
      return points;
    }
    for (HistogramIterationValue v : h.percentiles(5)) {
      points.add(new Percentile(v.getPercentileLevelIteratedTo(), millis(v.getValueIteratedTo())));
    }
    return points;
  }

  private static double millis(long nanos) {
    return nanos / 1e6;
  }
}
