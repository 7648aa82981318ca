package io.harness.core.live;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Runs' live views in Prometheus's text exposition format (version 0.0.4), every series labelled with its run's
 * labels ({@code run_id}, {@code workload}, {@code operation}, {@code target}):
 * <ul>
 *   <li>{@code harness_bytes_total{kind}} and {@code harness_operations_total{kind}}: counters;</li>
 *   <li>{@code harness_latency_seconds{kind,quantile}} with {@code _sum} and {@code _count}: a summary over the
 *       whole run so far (p50, p90, p99, p99.9, and 1 for the maximum);</li>
 *   <li>{@code harness_tasks{state}}: running, done, failed, stuck;</li>
 *   <li>{@code harness_run_info} (1), {@code harness_run_seconds} (since it began, or its length once ended) and
 *       {@code harness_run_ended} (0 or 1).</li>
 * </ul>
 */
public final class PrometheusText {
  static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999, 1.0};

  private PrometheusText() {}

  /** The exposition of {@code runs}, oldest first. */
  public static String of(List<LiveRun> runs) {
    StringBuilder b = new StringBuilder(1024);
    family(b, "harness_bytes_total", "counter", "Bytes moved by the run's calls, by kind of call.", runs,
        (run, out) -> run.kinds().forEach((kind, k) -> sample(out, "harness_bytes_total", run, "kind", kind,
            k.bytes().getCount())));
    family(b, "harness_operations_total", "counter", "Calls the run's tasks made, by kind of call.", runs,
        (run, out) -> run.kinds().forEach((kind, k) -> sample(out, "harness_operations_total", run, "kind", kind,
            k.operations().getCount())));
    family(b, "harness_latency_seconds", "summary", "Latency of the run's calls so far, by kind of call.", runs,
        (run, out) -> run.kinds().forEach((kind, k) -> {
          if (k.operations().getCount() == 0) {
            return;
          }
          org.HdrHistogram.Histogram h = k.reservoir().histogram();
          for (double q : QUANTILES) {
            long v = q >= 1 ? h.getMaxValue() : h.getValueAtPercentile(100 * q);
            sample(out, "harness_latency_seconds", run, "kind", kind, "quantile", format(q), v / 1e9);
          }
          sample(out, "harness_latency_seconds_sum", run, "kind", kind, k.nanos().sum() / 1e9);
          sample(out, "harness_latency_seconds_count", run, "kind", kind, h.getTotalCount());
        }));
    family(b, "harness_tasks", "gauge", "The run's tasks by state.", runs, (run, out) -> {
      io.harness.core.records.LiveFeed.TaskStates s = run.taskStates();
      int[] counts = {s.running(), s.done(), s.failed(), s.stuck()};
      for (int i = 0; i < counts.length; i++) {
        sample(out, "harness_tasks", run, "state", LiveRun.STATES[i], counts[i]);
      }
    });
    family(b, "harness_task_bytes", "gauge", "Bytes each task moved so far (engines whose tasks run elsewhere: a "
        + "MapReduce job's maps).", runs, (run, out) -> run.taskViews().forEach(t -> sample(out,
            "harness_task_bytes", run, "task", t.id(), t.bytes())));
    family(b, "harness_task_progress", "gauge", "Each task's progress, 0 to 1, as its engine reports it.", runs,
        (run, out) -> run.taskViews().forEach(t -> sample(out, "harness_task_progress", run, "task", t.id(),
            t.progress())));
    family(b, "harness_task_state", "gauge", "1 for each task's state now.", runs,
        (run, out) -> run.taskViews().forEach(t -> sample(out, "harness_task_state", run, "task", t.id(), "state",
            t.state(), 1)));
    family(b, "harness_run_info", "gauge", "The run's labels.", runs,
        (run, out) -> sample(out, "harness_run_info", run, 1));
    family(b, "harness_run_seconds", "gauge", "Seconds since the run began, or its length once it ended.", runs,
        (run, out) -> sample(out, "harness_run_seconds", run, run.seconds()));
    family(b, "harness_run_ended", "gauge", "1 once the run ended.", runs,
        (run, out) -> sample(out, "harness_run_ended", run, run.ended() ? 1 : 0));
    return b.toString();
  }

  private static void family(StringBuilder b, String name, String type, String help, List<LiveRun> runs,
      BiConsumer<LiveRun, StringBuilder> samples) {
    b.append("# HELP ").append(name).append(' ').append(help).append('\n');
    b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    for (LiveRun run : runs) {
      samples.accept(run, b);
    }
  }

  /** One sample: the run's labels, then {@code extra} label pairs, then the value. */
  private static void sample(StringBuilder b, String name, LiveRun run, Object... extraAndValue) {
    b.append(name).append('{');
    boolean first = true;
    for (Map.Entry<String, String> l : new java.util.TreeMap<>(run.labels()).entrySet()) {
      first = label(b, first, l.getKey(), l.getValue());
    }
    for (int i = 0; i + 1 < extraAndValue.length; i += 2) {
      first = label(b, first, (String) extraAndValue[i], (String) extraAndValue[i + 1]);
    }
    b.append("} ");
    Object v = extraAndValue[extraAndValue.length - 1];
    b.append(v instanceof Double d ? format(d) : String.valueOf(v)).append('\n');
  }

  private static boolean label(StringBuilder b, boolean first, String name, String value) {
    if (!first) {
      b.append(',');
    }
    b.append(name).append("=\"");
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '"' -> b.append("\\\"");
        case '\n' -> b.append("\\n");
        default -> b.append(c);
      }
    }
    b.append('"');
    return false;
  }

  private static String format(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return String.format(Locale.ROOT, "%.9g", d).replaceAll("0+(e|$)", "$1").replaceAll("\\.(e|$)", "$1");
  }
}
