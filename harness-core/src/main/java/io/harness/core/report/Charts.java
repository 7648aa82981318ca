package io.harness.core.report;

import io.harness.core.result.SecondSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's charts as Chart.js configurations: plain maps that the page writes as JSON, one per canvas, and
 * that {@code report.js} hands to Chart.js. Three shapes: lines over the run's time axis (seconds from the
 * first task's start, with shaded ranges), a latency distribution on HdrHistogram's percentile axis
 * ({@code 1/(1-p)}, logarithmic), and horizontal bars. Values that are not finite are left out (JSON has no
 * NaN).
 */
final class Charts {
  private Charts() {}

  /** One colour per run, group or kind of call, in this order. */
  static final List<String> COLOURS = List.of("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2",
      "#17becf", "#bcbd22", "#7f7f7f");
  /** The colour of a failed task's bar. */
  static final String FAILED = "#d62728";
  /** The colour of each task's own throughput line, under the run's. */
  static final String THIN = "rgba(90, 90, 90, 0.35)";
  /** p50, p99 and max over time: solid, dashed, dotted. */
  static final List<List<Integer>> DASHES = List.of(List.of(), List.of(6, 4), List.of(2, 3));

  /** A range of the time axis drawn shaded, with a label in its corner. */
  record Shade(double from, double to, String label, String colour) {
    static Shade setUp(double from, double to, String label) {
      return new Shade(from, to, label, "rgba(120, 120, 120, 0.16)");
    }

    static Shade leftOut(double from, double to, String label) {
      return new Shade(from, to, label, "rgba(255, 160, 0, 0.18)");
    }
  }

  /** A point of a line. */
  record Point(double x, double y) {}

  static String colour(int i) {
    return COLOURS.get(Math.floorMod(i, COLOURS.size()));
  }

  /** A line: {@code width} px, in {@code colour}; a thin one stays out of the legend. */
  static Map<String, Object> line(String label, List<Point> points, String colour, double width, boolean thin) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("label", label);
    d.put("data", points.stream().filter(p -> Double.isFinite(p.x()) && Double.isFinite(p.y())).toList());
    d.put("borderColor", colour);
    d.put("backgroundColor", colour);
    d.put("borderWidth", width);
    d.put("pointRadius", points.size() < 4 && !thin ? 4 : 0);
    d.put("thin", thin);
    return d;
  }

  /** {@code d} drawn as steps: each point's value until the next point (Chart.js's step-before). */
  static Map<String, Object> stepped(Map<String, Object> d) {
    d.put("stepped", "before");
    return d;
  }

  /** {@code d} drawn dashed ({@code dash}: on and off lengths, px; empty: solid). */
  static Map<String, Object> dashed(Map<String, Object> d, List<Integer> dash) {
    d.put("borderDash", dash);
    return d;
  }

  /**
   * A per-second series as steps on the time axis, shifted by {@code offset} seconds: one point at each
   * second's start, and the last one again at the end of the last (possibly partial) second.
   */
  static List<Point> steps(List<SecondSample> series, double offset) {
    List<Point> points = new ArrayList<>(series.size() + 1);
    for (SecondSample s : series) {
      points.add(new Point(s.second() + offset, s.mbPerSec()));
    }
    if (!series.isEmpty()) {
      SecondSample last = series.get(series.size() - 1);
      points.add(new Point(last.second() + last.seconds() + offset, last.mbPerSec()));
    }
    return points;
  }

  /**
   * A latency distribution on the percentile axis: {@code 1/(1-p)}; 100% (infinite there) is put one step
   * past the last point before it, at least at {@code calls} (as if the slowest call were the last of them).
   */
  static List<Point> distribution(List<RunSeries.Percentile> points, long calls) {
    List<Point> out = new ArrayList<>(points.size());
    double last = 1;
    for (RunSeries.Percentile p : points) {
      double x = p.percentile() >= 100 ? Math.max(2 * last, calls) : 1 / (1 - p.percentile() / 100);
      last = Math.max(last, x);
      out.add(new Point(x, p.millis()));
    }
    return out;
  }

  /** Lines over the run's time axis, from {@code xMin} to {@code xMax} seconds, with {@code shades}. */
  static Map<String, Object> overTime(List<Map<String, Object>> datasets, String yTitle, double xMin, double xMax,
      List<Shade> shades) {
    Map<String, Object> x = axis("linear", "seconds from the first task's start");
    x.put("min", xMin);
    x.put("max", xMax);
    x.put("ticks", Map.of("includeBounds", false));
    Map<String, Object> y = axis("linear", yTitle);
    y.put("beginAtZero", true);
    Map<String, Object> options = options(x, y);
    plugin(options, "shade").put("ranges", shades);
    return config("line", Map.of("datasets", datasets), options);
  }

  /** Latency distributions: percentile axis (HdrHistogram's {@code 1/(1-p)}, log scale) against ms. */
  static Map<String, Object> distribution(List<Map<String, Object>> datasets) {
    Map<String, Object> x = axis("logarithmic", "percentile");
    x.put("min", 1);
    x.put("percentile", true);
    Map<String, Object> y = axis("linear", "latency ms");
    y.put("beginAtZero", true);
    return config("line", Map.of("datasets", datasets), options(x, y));
  }

  /** Horizontal bars, one per label, each in its colour. */
  static Map<String, Object> bars(List<String> labels, List<Double> values, List<String> colours, String title) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("label", title);
    d.put("data", values.stream().map(v -> Double.isFinite(v) ? v : 0).toList());
    d.put("backgroundColor", colours);
    d.put("borderColor", colours);
    Map<String, Object> x = axis("linear", title);
    x.put("beginAtZero", true);
    Map<String, Object> y = new LinkedHashMap<>();
    y.put("ticks", Map.of("autoSkip", false));
    Map<String, Object> options = options(x, y);
    options.put("indexAxis", "y");
    plugin(options, "legend").put("display", false);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("labels", labels);
    data.put("datasets", List.of(d));
    return config("bar", data, options);
  }

  private static Map<String, Object> config(String type, Map<String, Object> data, Map<String, Object> options) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("type", type);
    c.put("data", data);
    c.put("options", options);
    return c;
  }

  private static Map<String, Object> axis(String type, String title) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("type", type);
    a.put("title", Map.of("display", true, "text", title));
    return a;
  }

  private static Map<String, Object> options(Map<String, Object> x, Map<String, Object> y) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("scales", new LinkedHashMap<>(Map.of("x", x, "y", y)));
    o.put("plugins", new LinkedHashMap<String, Object>());
    return o;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> plugin(Map<String, Object> options, String name) {
    return ((Map<String, Map<String, Object>>) options.get("plugins")).computeIfAbsent(name,
        k -> new LinkedHashMap<>());
  }
}
