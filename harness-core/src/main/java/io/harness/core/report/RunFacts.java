package io.harness.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.report.Html.Cell;
import io.harness.core.report.Html.Table;
import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import io.harness.core.result.RunResult;
import io.harness.core.run.Analysis;
import io.harness.core.run.RunFolder;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The tables and text of one run's report: what ran where (the run, its versions and the cluster's context),
 * its command line, its figures (the aggregate, the latency per kind of call, the block as printed, every
 * figure of its JSON), the failed tasks and the options. Each cell that shows a field of {@code result.json}
 * names it (see {@link Html}).
 */
final class RunFacts {
  private static final double MB = 1 << 20;
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,+@%-]+");

  private RunFacts() {}

  /** The run, where it ran, and the cluster's context when the run recorded one. */
  static void context(Page page, SavedRun run, JsonNode json, double beforeStartSeconds) {
    RunResult r = run.result();
    Table t = new Table("facts", List.of())
        .pair("Run", Cell.of(run.name()))
        .pair("Workload", Cell.field(r.workload(), "/workload"))
        .pair("Operation", Cell.field(r.operation(), "/operation"))
        .pair("Started", Cell.field(r.startedAt(), "/startedAt"))
        .pair("Finished", Cell.field(r.finishedAt(), "/finishedAt"))
        .pair("Exit code", Cell.field(r.exitCode(), "/exitCode"));
    if (r.interrupted() != null) {
      t.pair("Stopped by", Cell.field(r.interrupted(), "/interrupted"));
    }
    t.pair("Host", Cell.field(r.host(), "/host"))
        .pair("Target", Cell.field(r.target(), "/target"))
        .pair("Target kind", Cell.field(r.targetDescription(), "/targetDescription"))
        .pair("Root", Cell.field(r.root(), "/root"));
    if (r.versions() != null) {
      t.pair("harness", Cell.field(r.versions().harness(), "/versions/harness"))
          .pair("Hadoop (client)", Cell.field(r.versions().hadoop(), "/versions/hadoop"))
          .pair("Ozone (client)", Cell.field(r.versions().ozone(), "/versions/ozone"))
          .pair("Java", Cell.field(r.versions().java(), "/versions/java"));
    }
    t.pair("Before the first task", Cell.of(Html.number(beforeStartSeconds, 3) + " s (set-up, warm-up: not measured)"));
    page.add("<div class=\"columns\"><div>").heading(3, "Run", null).add(t.html());
    String files = page.link(run.dir().resolve(RunFolder.RESULT), RunFolder.RESULT);
    if (r.log() != null && Files.exists(run.dir().resolve(r.log()))) {
      files += " · " + page.link(run.dir().resolve(r.log()), r.log());
    }
    page.add("<p class=\"note\">Files: " + files + "</p></div><div>").heading(3, "Cluster", null);
    JsonNode cluster = json.path("cluster");
    if (cluster.isMissingNode() || cluster.isNull()) {
      page.paragraph("note", "The run recorded no cluster context.");
    } else {
      Table c = new Table("facts cluster", List.of());
      Flattened.leaves(cluster, "/cluster", "", (key, pointer, value) -> c.pair(key, Cell.field(value.asText(), pointer)));
      page.add(c.isEmpty() ? "<p class=\"note\">(empty)</p>" : c.html());
    }
    page.add("</div></div>\n").heading(3, "Command line", null)
        .add("<pre class=\"command\">" + Html.escape(commandLine(r.commandLine())) + "</pre>\n");
  }

  /** The figures: the aggregate and the latency per kind of call, and the block as the run printed it. */
  static void figures(Page page, Analysis.Result analysis, Object warmup, String window) {
    Aggregate a = analysis.aggregate();
    page.heading(3, "Result" + (window == null ? "" : " (" + window + ")"), null);
    Table t = new Table("numbers summary", List.of());
    t.pair("Aggregate throughput MB/s", a.mbPerSec() == null ? Cell.of("n/a (no task succeeded)")
        : Cell.field(Html.number(a.mbPerSec(), 2), "/aggregate/mbPerSec"));
    t.pair("MB (succeeded tasks)", new Cell(Html.number(a.bytes() / MB, 2), "/aggregate/bytes", 1 / MB));
    t.pair("First task start to last end, s", Cell.field(Html.number(a.wallSeconds(), 3), "/aggregate/wallSeconds"));
    t.pair("Tasks", Cell.field(a.tasks(), "/aggregate/tasks"));
    t.pair("Failed tasks", Cell.field(a.failedTasks(), "/aggregate/failedTasks"));
    double[] seconds = a.steadySeconds();
    if (seconds.length > 0) {
      t.pair("Per-second MB/s: min / median / max", Cell.of(Html.number(seconds[0], 2) + " / "
          + Html.number(seconds[seconds.length / 2], 2) + " / " + Html.number(seconds[seconds.length - 1], 2)
          + (a.steadyIsPartial() ? " (one partial second)" : " (" + seconds.length + " whole s)")));
    }
    // the workload's own figures, as its columns name them (result.csv's, compare's and an experiment's)
    for (io.harness.core.workload.Column c : analysis.figures().columns()) {
      if (c.value() != null) {
        t.pair(c.heading(), Cell.of(Html.number(c.value(), 2)));
      }
    }
    page.add("<div class=\"columns\"><div>").add(t.html()).add("</div><div>");
    if (!a.latency().isEmpty()) {
      Table l = new Table("numbers latency", List.of("call (ms)", "calls", "mean", "p50", "p90", "p99", "p99.9", "max"));
      for (Map.Entry<String, LatencySummary> e : a.latency().entrySet()) {
        LatencySummary s = e.getValue();
        l.row(Cell.of(e.getKey()), Cell.field(s.count(), Html.pointer("aggregate", "latency", e.getKey(), "count")),
            ms(s.meanNanos(), e.getKey(), "meanNanos"), ms(s.p50Nanos(), e.getKey(), "p50Nanos"),
            ms(s.p90Nanos(), e.getKey(), "p90Nanos"), ms(s.p99Nanos(), e.getKey(), "p99Nanos"),
            ms(s.p999Nanos(), e.getKey(), "p999Nanos"), ms(s.maxNanos(), e.getKey(), "maxNanos"));
      }
      page.add(l.html());
    } else {
      page.paragraph("note", noLatency(a, warmup, window));
    }
    page.add("</div></div>\n<pre class=\"block\">" + Html.escape(String.join("\n", analysis.lines())) + "</pre>\n");
  }

  /**
   * Why the figures have no per-call latency, as it happened: the figures count the calls of succeeded tasks only,
   * after each task's warm-up ({@code --warmup}, null if none) and inside the report's window (null if none).
   */
  static String noLatency(Aggregate a, Object warmup, String window) {
    if (a.succeededTasks() == 0) {
      return "No per-call latency: " + (a.tasks() == 0 ? "the run had no tasks."
          : "no task succeeded (a failed task's calls are in its own record, not in these figures).");
    }
    if (window != null) {
      return "No per-call latency: no measured call of a succeeded task falls in this window (" + window + ").";
    }
    if (warmup != null) {
      return "No per-call latency: every call of the succeeded tasks fell in their warm-up (--warmup " + warmup
          + "), which the figures leave out.";
    }
    return "No per-call latency: the succeeded tasks recorded no timed call.";
  }

  /** The failed tasks, every figure of the JSON, and the options (the last two folded). */
  static void details(Page page, RunResult r, JsonNode figures) {
    if (!r.failedTasks().isEmpty()) {
      page.heading(3, "Failed tasks", null).add("<ul class=\"failed\">");
      r.failedTasks().forEach(f -> page.add("<li>" + Html.escape(f) + "</li>"));
      page.add("</ul>\n");
    }
    Table f = new Table("facts figures", List.of());
    Flattened.leaves(figures, "/figures", "", (key, pointer, value) -> f.pair(key, Cell.field(value.asText(), pointer)));
    page.add("<details><summary>Figures (as in result.json)</summary>").add(f.html()).add("</details>\n");
    Table o = new Table("facts options", List.of());
    r.options().forEach((k, v) -> {
      if (v != null && !Boolean.FALSE.equals(v)) {
        o.pair(k, Cell.field(String.valueOf(v), Html.pointer("options", k)));
      }
    });
    page.add("<details><summary>Options (those given or with a value)</summary>").add(o.html()).add("</details>\n");
  }

  private static Cell ms(double nanos, String kind, String field) {
    return new Cell(Html.millis(nanos), Html.pointer("aggregate", "latency", kind, field), 1e-6);
  }

  /** The command line as a shell would take it back: {@code harness} and each argument, quoted where needed. */
  static String commandLine(List<String> args) {
    StringBuilder b = new StringBuilder("harness");
    for (String a : args == null ? List.<String>of() : args) {
      b.append(' ').append(PLAIN.matcher(a).matches() ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return b.toString();
  }
}
