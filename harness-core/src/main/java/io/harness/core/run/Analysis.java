package io.harness.core.run;

import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import io.harness.core.workload.Workload;

import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecord;
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

  /** The key of a window's records' {@code extra}: the window, in epoch ns ({@link #window}). */
  public static final String WINDOW = RunRecords.WINDOW;
  /** The key of the clients' note in the records' {@code extra} (the MapReduce clients engine's). */
  public static final String CLIENTS = "clients";
  /** What a late client's tasks note ({@code true}). */
  public static final String LATE = "late";

  /** What an analysis gives: the workload's figures, the aggregate, and the block as the run printed it. */
  public record Result(Figures figures, Aggregate aggregate, List<String> lines, RunRecords records) {}

  /** The figures of {@code records} (of the workload {@code workload}, operation {@code operation}). */
  public static Result of(Workload<?> workload, RunRecords records) {
    RunRecords counted = counted(records);
    return result(workload, counted, Aggregate.of(counted.tasks()));
  }

  /** What the records note about the MapReduce engine's clients ({@code --clients}); null for a run in one JVM. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> clients(RunRecords records) {
    return records.extra().get(CLIENTS) instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
  }

  /**
   * Why the figures count nothing though tasks ran, or null: every client came late to the start barrier (a
   * {@code --start-at} that had passed, a cluster that ran the maps one after another) and the run did not count
   * late clients. Such a run failed: it measured nothing that the figures may show.
   */
  public static String nothingCounted(RunRecords records) {
    Map<String, Object> clients = clients(records);
    if (clients == null || Boolean.TRUE.equals(clients.get("countLate")) || records.tasks().isEmpty()
        || records.tasks().stream().anyMatch(t -> !Boolean.TRUE.equals(t.extra().get(LATE)))) {
      return null;
    }
    long at = clients.get("startAtMillis") instanceof Number n ? n.longValue() : 0;
    return "every client was late (" + clients.get("count") + " of " + clients.get("count") + ", ready after "
        + (at > 0 ? "--start-at " + java.time.Instant.ofEpochMilli(at) : "the start barrier released")
        + "): their " + records.tasks().size() + " task(s) are saved and marked late, and the figures, which leave "
        + "late clients out, count nothing; give a start time far enough ahead for every client to be ready, or "
        + "--count-late to count them";
  }

  /**
   * The records the figures count: all, but the tasks of clients that came late to the start barrier (marked
   * {@code late}) unless the run counted them ({@code --count-late}).
   */
  static RunRecords counted(RunRecords records) {
    Map<String, Object> clients = clients(records);
    if (clients == null || Boolean.TRUE.equals(clients.get("countLate"))) {
      return records;
    }
    List<TaskRecord> kept = records.tasks().stream().filter(t -> !Boolean.TRUE.equals(t.extra().get(LATE))).toList();
    return kept.size() == records.tasks().size() ? records : new RunRecords(kept, records.intervals(),
        records.engineStartEpochNanos(), records.engineEndEpochNanos(), records.stopped(), records.extra());
  }

  /**
   * The figures over the window from {@code skipNanos} after the run's first task started until
   * {@code untilNanos} after it (0: the end).
   */
  public static Result of(Workload<?> workload, RunRecords records, long skipNanos, long untilNanos) {
    if (skipNanos == 0 && untilNanos == 0) {
      return of(workload, records);
    }
    records = counted(records);
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
        if (RunRecords.inWindow(e.getKey(), from, to)) {
          ticks.put(e.getKey(), e.getValue());
          bytes += e.getValue();
        }
      }
      clipped.add(new TaskRecord(t.index(), t.name(), bytes, start, end, Map.of(), ticks, t.error(), t.interrupted(),
          t.stack(), windowTotals(t, from, to), t.host()));
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
    Map<String, Object> extra = new LinkedHashMap<>(records.extra());
    extra.put(WINDOW, Map.of("fromEpochNanos", from, "toEpochNanos", to));
    RunRecords window = new RunRecords(clipped, intervals, Math.max(records.engineStartEpochNanos(), from),
        Math.min(records.engineEndEpochNanos(), to), records.stopped(), extra);
    Aggregate plain = Aggregate.of(clipped);
    return result(workload, window, plain.withLatency(latency));
  }

  /**
   * The task's notes with each running total ({@link io.harness.core.records.TaskRecorder#noteTotal}) replaced by
   * what was added in the ticks of the window, and its increases by tick cut to the window.
   */
  private static Map<String, Object> windowTotals(TaskRecord t, long from, long to) {
    Map<String, SortedMap<Long, Long>> totals = t.totalsPerTick();
    if (totals.isEmpty()) {
      return t.extra();
    }
    Map<String, Object> extra = new LinkedHashMap<>(t.extra());
    Map<String, Object> perTick = new LinkedHashMap<>();
    totals.forEach((key, ticks) -> {
      long sum = 0;
      long first = -1;
      List<Long> counts = new ArrayList<>();
      for (Map.Entry<Long, Long> e : ticks.entrySet()) {
        if (RunRecords.inWindow(e.getKey(), from, to)) {
          sum += e.getValue();
          if (first < 0) {
            first = e.getKey();
          }
          while (first + counts.size() < e.getKey()) {
            counts.add(0L);
          }
          counts.add(e.getValue());
        }
      }
      extra.put(key, sum);
      Map<String, Object> series = new LinkedHashMap<>();
      series.put("first", Math.max(first, 0));
      series.put("counts", counts);
      perTick.put(key, series);
    });
    extra.put(TaskRecord.TOTALS_PER_TICK, perTick);
    return extra;
  }

  private static Result result(Workload<?> workload, RunRecords records, Aggregate aggregate) {
    Figures figures = workload.figures(records);
    List<String> lines = new ArrayList<>(figures.lines());
    lines.addAll(TextReport.aggregateLines(workload.operation(), aggregate));
    Map<String, Object> clients = clients(records);
    if (clients != null) {
      lines.add(String.format(java.util.Locale.ROOT, "%30s: %s MapReduce map(s) on %d host(s); clients late: %s%s; "
          + "%sclock offsets spread %.1f ms", "Clients", clients.get("count"),
          clients.get("hosts") instanceof Map<?, ?> h ? new java.util.HashSet<>(h.values()).size() : 0,
          clients.get("late"), clients.get("late") instanceof Number k && k.longValue() == 0 ? ""
              : Boolean.TRUE.equals(clients.get("countLate")) ? " (counted)" : " (left out of the figures)",
          // how far apart the maps came up (a run saved before the harness noted it has none)
          clients.get("readySpreadNanos") instanceof Number r
              ? String.format(java.util.Locale.ROOT, "ready over %.2f s; ", r.doubleValue() / 1e9) : "",
          clients.get("clockSpreadNanos") instanceof Number n ? n.doubleValue() / 1e6 : 0.0));
    }
    return new Result(figures, aggregate, lines, records);
  }
}
