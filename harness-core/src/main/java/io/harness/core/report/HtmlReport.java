package io.harness.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.LatencySummary;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Analysis;
import io.harness.core.run.RunFolder;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTML report: one self-contained file (its style, Chart.js and its own script inlined; it needs no network)
 * for one or more saved runs ({@link #runs}) or for a comparison of runs and groups of runs
 * ({@link #comparison}). A run's part has what ran where (the run, the cluster's context when recorded, the
 * command line), its figures (the aggregate, the latency per kind of call, the block as printed), throughput
 * and latency over time with the unmeasured set-up shaded, the latency distribution, each task's rate, and
 * what {@code --instrument} and {@code --profile} added. Every text that comes from a run is escaped.
 */
public final class HtmlReport {
  /** The report's name in a run's folder. */
  public static final String FILE = "report.html";

  private HtmlReport() {}

  /** Writes the report of {@code runs} (whole) to {@code out}. */
  public static void runs(List<SavedRun> runs, Path out) throws IOException {
    runs(runs, 0, 0, out);
  }

  /**
   * Writes the report of {@code runs} to {@code out}, its figures over the window from {@code skipNanos} after
   * each run's first task started until {@code untilNanos} after it (0: the end), the rest shaded in its charts.
   */
  public static void runs(List<SavedRun> runs, long skipNanos, long untilNanos, Path out) throws IOException {
    Page page = new Page(directory(out));
    String title = runsPage(page, runs, skipNanos, untilNanos);
    page.write(title, out);
  }

  /**
   * Writes the comparison of {@code groups} to {@code out}: {@code table} (as {@code harness compare} prints
   * it), the runs' throughput over time on one chart and their latency distributions on one chart per kind of
   * call, one colour per group.
   */
  public static void comparison(List<RunGroup> groups, ReportTable table, Path out) throws IOException {
    Page page = new Page(directory(out));
    String title = ComparisonPage.write(page, groups, table);
    page.write(title, out);
  }

  /** Fills {@code page} with the runs' parts; returns the page's title. */
  static String runsPage(Page page, List<SavedRun> runs, long skipNanos, long untilNanos) throws IOException {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no runs to report");
    }
    String window = skipNanos == 0 && untilNanos == 0 ? null
        : "from " + seconds(skipNanos) + " s to " + (untilNanos == 0 ? "the end" : seconds(untilNanos) + " s");
    String title = runs.size() == 1 ? "harness report: " + label(runs.get(0)) + " (" + runs.get(0).name() + ")"
        : "harness report: " + runs.size() + " runs";
    page.heading(1, title, null);
    if (window != null) {
      page.paragraph("sub", "Figures over the window " + window + " of each run (second 0: its first task's start); "
          + "the rest is shaded in the charts.");
    }
    if (runs.size() > 1) {
      page.add("<ol class=\"runs\">");
      for (int i = 0; i < runs.size(); i++) {
        page.add("<li><a href=\"#run-" + i + "\">" + Html.escape(label(runs.get(i)) + ": " + runs.get(i).name())
            + "</a></li>");
      }
      page.add("</ol>\n");
    }
    for (int i = 0; i < runs.size(); i++) {
      run(page, runs.get(i), i, runs.size() > 1, skipNanos, untilNanos, window);
    }
    return title;
  }

  private static void run(Page page, SavedRun run, int index, boolean several, long skipNanos, long untilNanos,
      String window) throws IOException {
    RunResult r = run.result();
    JsonNode json = tree(run);
    Analysis.Result analysis = run.analysis(skipNanos, untilNanos);
    RunSeries series = run.series();
    page.add("<section class=\"run\" id=\"run-" + index + "\">\n");
    if (several) {
      page.heading(2, label(run) + ": " + run.name(), null);
    }
    page.paragraph("sub", r.targetDescription() + " · started " + r.startedAt() + " · exit code " + r.exitCode());
    RunFacts.context(page, run, json, series.beforeStartSeconds());
    RunFacts.figures(page, analysis, r.options().get("--warmup"), window);
    RunCharts.write(page, series, calls(run), skipNanos / 1e9, untilNanos / 1e9);
    RunCharts.rates(page, analysis.figures().columns());
    Observed.instrumentation(page, json.path("instrumentation"));
    Observed.profile(page, json.path("profile"), run.dir());
    JsonNode figures = window == null ? json.path("figures") : ResultWriter.mapper().valueToTree(analysis.figures());
    RunFacts.details(page, r, figures);
    page.add("</section>\n");
  }

  /** The run's {@code result.json} as a tree (fields this harness does not model too, e.g. a newer one's). */
  static JsonNode tree(SavedRun run) throws IOException {
    Path file = run.dir().resolve(RunFolder.RESULT);
    return Files.isRegularFile(file) ? ResultWriter.readTree(file)
        : ResultWriter.mapper().valueToTree(run.result());
  }

  /** What ran: {@code dfsio write}. */
  static String label(SavedRun run) {
    return run.result().workload() + " " + run.result().operation();
  }

  /** The number of calls of each kind in a run (its succeeded tasks'), for the distribution's last point. */
  static Map<String, Long> calls(SavedRun run) {
    Map<String, Long> calls = new LinkedHashMap<>();
    if (run.result().aggregate() != null) {
      for (Map.Entry<String, LatencySummary> e : run.result().aggregate().latency().entrySet()) {
        calls.put(e.getKey(), e.getValue().count());
      }
    }
    return calls;
  }

  private static String seconds(long nanos) {
    return new BigDecimal(nanos).movePointLeft(9).stripTrailingZeros().toPlainString();
  }

  private static Path directory(Path out) {
    Path parent = out.toAbsolutePath().getParent();
    return parent != null ? parent : out.toAbsolutePath();
  }
}
