package io.harness.core.report;

import io.harness.core.report.Charts.Point;
import io.harness.core.report.Charts.Shade;
import io.harness.core.result.SecondSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One run's charts, on one time axis (seconds from the first task's start; what came before it, set-up and
 * warm-up, is shaded, and so are the parts a window left out): throughput over time (the succeeded tasks
 * together, each task as a thin line), latency over time per kind of call (p50, p99 and max of each second),
 * the latency distribution per kind of call, and each task's rate, slowest first.
 */
final class RunCharts {
  /** Runs with more tasks than this get no line per task (the chart would be a smear). */
  static final int MAX_TASK_LINES = 200;

  private RunCharts() {}

  /** The charts of {@code s}; {@code skipSeconds} / {@code untilSeconds} (0: none) are the window's ends. */
  static void write(Page page, RunSeries s, Map<String, Long> calls, double skipSeconds, double untilSeconds) {
    if (s.tasks().isEmpty()) {
      page.paragraph("note", "No task ran: nothing to draw.");
      return;
    }
    // the last second of a kind of call may reach past the last task's end (its point is at its middle)
    double end = Math.max(end(s.throughput()), s.latency().values().stream().flatMap(List::stream)
        .mapToDouble(l -> l.second() + 0.5).max().orElse(0));
    double start = -s.beforeStartSeconds();
    List<Shade> shades = new ArrayList<>();
    if (s.beforeStartSeconds() > 0) {
      shades.add(Shade.setUp(start, 0, "set-up / warm-up (not measured)"));
    }
    if (skipSeconds > 0) {
      shades.add(Shade.leftOut(0, skipSeconds, "left out (--skip)"));
    }
    if (untilSeconds > 0 && untilSeconds < end) {
      shades.add(Shade.leftOut(untilSeconds, end, "left out (--until)"));
    }

    page.heading(3, "Throughput over time", null);
    List<Map<String, Object>> lines = new ArrayList<>();
    lines.add(Charts.stepped(Charts.line("all tasks (succeeded)", Charts.steps(s.throughput(), 0),
        Charts.colour(0), 2.5, false)));
    if (s.tasks().size() <= MAX_TASK_LINES) {
      s.perTask().forEach((task, series) ->
          lines.add(Charts.stepped(Charts.line(task, Charts.steps(series, 0), Charts.THIN, 1, true))));
    }
    page.chart("MB/s per second: all tasks together" + (s.tasks().size() <= MAX_TASK_LINES
        ? ", and each task (thin grey lines)" : " (" + s.tasks().size() + " tasks: too many for a line each)"),
        Charts.overTime(lines, "MB/s", Math.min(0, start), end, shades), 320);
    perHost(page, s, Math.min(0, start), end, shades);

    if (!s.latency().isEmpty()) {
      page.heading(3, "Latency over time", null).add("<div class=\"grid\">");
      int k = 0;
      for (Map.Entry<String, List<RunSeries.LatencySecond>> e : s.latency().entrySet()) {
        String colour = Charts.colour(k++);
        List<RunSeries.LatencySecond> secs = e.getValue();
        List<Map<String, Object>> d = List.of(
            Charts.dashed(Charts.line("p50", points(secs, 0), colour, 2, false), Charts.DASHES.get(0)),
            Charts.dashed(Charts.line("p99", points(secs, 1), colour, 1.5, false), Charts.DASHES.get(1)),
            Charts.dashed(Charts.line("max", points(secs, 2), colour, 1.5, false), Charts.DASHES.get(2)));
        page.chart(e.getKey() + ": ms per second of the run (p50, p99, max)",
            Charts.overTime(d, "ms", Math.min(0, start), end, shades), 260);
      }
      page.add("</div>\n");
    }

    if (!s.distribution().isEmpty()) {
      page.heading(3, "Latency distribution", null);
      List<Map<String, Object>> d = new ArrayList<>();
      int k = 0;
      for (Map.Entry<String, List<RunSeries.Percentile>> e : s.distribution().entrySet()) {
        d.add(Charts.line(e.getKey(), Charts.distribution(e.getValue(), calls.getOrDefault(e.getKey(), 1L)),
            Charts.colour(k++), 2, false));
      }
      page.chart("Latency (ms) at each percentile of the calls of the succeeded tasks, per kind of call",
          Charts.distribution(d), 340);
    }

    page.heading(3, "Tasks", null);
    List<String> names = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    List<String> colours = new ArrayList<>();
    for (RunSeries.TaskRate t : s.tasks()) {
      names.add(t.error() == null ? t.name() : t.name() + " (failed)");
      rates.add(t.mbPerSec());
      colours.add(t.error() == null ? Charts.colour(0) : Charts.FAILED);
    }
    page.chart("MB/s of each task over its own time, slowest first" + (s.tasks().stream()
        .anyMatch(t -> t.error() != null) ? " (red: failed)" : ""), Charts.bars(names, rates, colours, "MB/s"),
        Math.max(140, Math.min(1400, 50 + 20 * names.size())));
  }

  /**
   * With tasks on more than one host (or in more than one client JVM): throughput over time of all of them, and of
   * each host's (client's), whose lines add up to it in every second.
   */
  private static void perHost(Page page, RunSeries s, double from, double to, List<Shade> shades) {
    if (s.perHost().isEmpty()) {
      return;
    }
    boolean hosts = s.perHost().keySet().iterator().next().startsWith("host ");
    List<Map<String, Object>> lines = new ArrayList<>();
    lines.add(Charts.stepped(Charts.line("all tasks (succeeded)", Charts.steps(s.throughput(), 0), Charts.colour(0),
        2.5, false)));
    int k = 1;
    for (Map.Entry<String, List<SecondSample>> e : s.perHost().entrySet()) {
      lines.add(Charts.stepped(Charts.line(e.getKey(), Charts.steps(e.getValue(), 0), Charts.colour(k++), 1.5,
          false)));
    }
    page.chart("MB/s per second: all tasks together, and each " + (hosts ? "host's" : "client's") + " (" + s.perHost()
        .size() + (hosts ? " hosts" : " clients") + ", adding up to all)", Charts.overTime(lines, "MB/s", from, to,
        shades), 320);
  }

  /**
   * A bar per rate of the workload's own ({@code PHASE_ops_per_sec}: a namespace run's phases and mix operations),
   * in the order the workload gives them; nothing when it has none.
   */
  static void rates(Page page, List<io.harness.core.workload.Column> columns) {
    List<io.harness.core.workload.Column> ops = columns.stream()
        .filter(c -> c.name().endsWith(io.harness.core.workload.Column.OPS_PER_SEC) && c.value() != null).toList();
    if (ops.isEmpty()) {
      return;
    }
    List<String> names = ops.stream().map(c -> c.heading().substring(0, c.heading().length() - " ops/s".length()))
        .toList();
    List<Double> rates = ops.stream().map(io.harness.core.workload.Column::value).toList();
    List<String> colours = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      colours.add(Charts.colour(i));
    }
    page.chart("Operations per second of each phase (its calls over its own wall time)",
        Charts.bars(names, rates, colours, "ops/s"), Math.max(140, Math.min(1400, 50 + 30 * names.size())));
  }

  /** The end of a per-second series: its last second's end. */
  static double end(List<SecondSample> series) {
    if (series.isEmpty()) {
      return 1;
    }
    SecondSample last = series.get(series.size() - 1);
    return last.second() + last.seconds();
  }

  private static List<Point> points(List<RunSeries.LatencySecond> seconds, int which) {
    List<Point> p = new ArrayList<>(seconds.size());
    for (RunSeries.LatencySecond l : seconds) {
      p.add(new Point(l.second(), which == 0 ? l.p50Millis() : which == 1 ? l.p99Millis() : l.maxMillis()));
    }
    return p;
  }
}
