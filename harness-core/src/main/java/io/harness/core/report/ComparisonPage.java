package io.harness.core.report;

import io.harness.core.report.Html.Cell;
import io.harness.core.report.Html.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison page: the table {@code harness compare} made, the groups and their runs (each linked to its
 * own report when its folder has one), every run's throughput over time on one chart and the runs' latency
 * distributions on one chart per kind of call; one colour per group, the same on every chart.
 */
final class ComparisonPage {
  private ComparisonPage() {}

  /** Fills {@code page}; returns its title. */
  static String write(Page page, List<RunGroup> groups, ReportTable table) {
    if (groups.isEmpty()) {
      throw new IllegalArgumentException("no groups to compare");
    }
    String title = "harness comparison: " + String.join(" vs ", groups.stream().map(RunGroup::label).toList());
    page.heading(1, title, null);
    Table t = new Table("numbers comparison", table.columns());
    for (List<String> row : table.rows()) {
      t.row(row.stream().map(Cell::of).toList());
    }
    page.add(t.html());
    table.notes().forEach(n -> page.paragraph("note", n));

    page.heading(3, "Runs", null).add("<ul class=\"groups\">");
    for (int g = 0; g < groups.size(); g++) {
      page.add("<li><span style=\"color:" + Charts.colour(g) + "\">&#9632;</span> <b>"
          + Html.escape(groups.get(g).label()) + "</b>: ");
      List<String> links = new ArrayList<>();
      for (SavedRun run : groups.get(g).runs()) {
        Path report = run.dir().resolve(HtmlReport.FILE);
        links.add(page.link(Files.isRegularFile(report) ? report : run.dir(), run.name()));
      }
      page.add(String.join(", ", links) + "</li>");
    }
    page.add("</ul>\n");

    List<Map<String, Object>> lines = new ArrayList<>();
    Set<String> kinds = new LinkedHashSet<>();
    Map<SavedRun, RunSeries> series = new IdentityHashMap<>();
    double end = 1;
    for (int g = 0; g < groups.size(); g++) {
      for (SavedRun run : groups.get(g).runs()) {
        RunSeries s = series.computeIfAbsent(run, SavedRun::series);
        end = Math.max(end, RunCharts.end(s.throughput()));
        lines.add(Charts.stepped(Charts.line(name(groups.get(g), run), Charts.steps(s.throughput(), 0),
            Charts.colour(g), 2, false)));
        kinds.addAll(s.distribution().keySet());
      }
    }
    page.heading(3, "Throughput over time", null).chart("MB/s per second of each run (its succeeded tasks together)",
        Charts.overTime(lines, "MB/s", 0, end, List.of()), 340);

    if (!kinds.isEmpty()) {
      page.heading(3, "Latency distribution", null).add("<div class=\"grid\">");
      for (String kind : kinds) {
        List<Map<String, Object>> d = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
          for (SavedRun run : groups.get(g).runs()) {
            List<RunSeries.Percentile> points = series.get(run).distribution().get(kind);
            if (points != null) {
              d.add(Charts.line(name(groups.get(g), run), Charts.distribution(points,
                  HtmlReport.calls(run).getOrDefault(kind, 1L)), Charts.colour(g), 2, false));
            }
          }
        }
        page.chart(kind + ": latency (ms) at each percentile of the calls", Charts.distribution(d), 320);
      }
      page.add("</div>\n");
    }
    return title;
  }

  /** A run's line: its group's label, and the run's name when the group has several. */
  private static String name(RunGroup group, SavedRun run) {
    return group.runs().size() == 1 ? group.label() : group.label() + ": " + run.name();
  }
}
