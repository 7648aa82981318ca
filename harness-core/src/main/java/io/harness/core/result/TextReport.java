package io.harness.core.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The harness's own summary lines, printed under a workload's legacy output. */
public final class TextReport {
  /** Task names listed after a failure reason, at most. */
  static final int NAMES_PER_REASON = 5;

  private TextReport() {}

  public static List<String> aggregateLines(String operation, Aggregate agg) {
    List<String> lines = new ArrayList<>();
    lines.add("----- harness ----- : " + operation);
    if (agg.mbPerSec() == null) {
      lines.add("   Aggregate throughput mb/sec: n/a (" + (agg.tasks() == 0 ? "no task" : "no task succeeded") + ")");
    } else {
      lines.add(String.format(Locale.ROOT,
          "   Aggregate throughput mb/sec: %.2f  (%.2f MB in %.3f s, first task start to last task end)",
          agg.mbPerSec(), agg.bytes() / (double) (1 << 20), agg.wallSeconds()));
    }
    lines.add(String.format(Locale.ROOT, "                         Tasks: %d (%d failed)", agg.tasks(),
        agg.failedTasks()));
    double[] seconds = agg.steadySeconds();
    if (agg.steadyIsPartial()) {
      SecondSample only = agg.timeSeries().get(0);
      lines.add(String.format(Locale.ROOT,
          "  Per-second throughput mb/sec: %.2f  (the run's one partial second, %.3f s long)", only.mbPerSec(),
          only.seconds()));
    } else if (seconds.length > 0) {
      lines.add(String.format(Locale.ROOT,
          "  Per-second throughput mb/sec: min %.2f  median %.2f  max %.2f  (%d whole s from the first task's "
              + "start; %d in the JSON)",
          seconds[0], seconds[seconds.length / 2], seconds[seconds.length - 1], seconds.length,
          agg.timeSeries().size()));
    }
    for (Map.Entry<String, LatencySummary> e : agg.latency().entrySet()) {
      LatencySummary l = e.getValue();
      lines.add(String.format(Locale.ROOT,
          "%30s: p50 %s  p90 %s  p99 %s  p99.9 %s  max %s  (%d calls)", e.getKey() + " latency ms",
          ms(l.p50Nanos()), ms(l.p90Nanos()), ms(l.p99Nanos()), ms(l.p999Nanos()), ms(l.maxNanos()),
          l.count()));
    }
    return lines;
  }

  /**
   * The failed tasks, one line per distinct reason with its count and the first task names, under a
   * heading line {@code <label>: N of M task(s) failed:}; empty when none failed. Reasons that differ
   * only in numbers (ports, block ids, offsets) are one reason; the first one seen is shown.
   */
  public static List<String> failureLines(String label, int tasks, List<TaskResult> records) {
    Map<String, List<TaskResult>> byReason = new LinkedHashMap<>();
    int failed = 0;
    for (TaskResult r : records) {
      if (r.error() != null) {
        failed++;
        byReason.computeIfAbsent(reasonKey(r.error()), k -> new ArrayList<>()).add(r);
      }
    }
    List<String> lines = new ArrayList<>();
    if (failed == 0) {
      return lines;
    }
    lines.add(label + ": " + failed + " of " + tasks + " task(s) failed:");
    for (List<TaskResult> same : byReason.values()) {
      List<String> names = same.stream().limit(NAMES_PER_REASON).map(TaskResult::name).toList();
      lines.add("  " + same.size() + "x " + same.get(0).error() + " [" + String.join(", ", names)
          + (same.size() > names.size() ? ", ..." : "") + "]");
    }
    return lines;
  }

  /** A failure reason with its numbers taken out: what makes two reasons the same. */
  public static String reasonKey(String reason) {
    return reason == null ? "" : reason
        .replaceAll("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", "#")
        .replaceAll("[0-9a-fA-F]*[0-9][0-9a-fA-F]*", "#");
  }

  /** Nanoseconds as milliseconds, with the decimals the block shows: 2 from 1 ms, 0 from 100 ms, else 3. */
  public static String ms(long nanos) {
    double ms = nanos / 1e6;
    return ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms)
        : ms >= 1 ? String.format(Locale.ROOT, "%.2f", ms)
        : String.format(Locale.ROOT, "%.3f", ms);
  }
}
