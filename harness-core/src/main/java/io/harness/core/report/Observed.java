package io.harness.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.report.Html.Cell;
import io.harness.core.report.Html.Table;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * What {@code --instrument} and {@code --profile} add to a run's report: the timing agent's counters per
 * FileSystem instance (calls, total and mean time, failed calls, from {@code figures.instrumentation}) and
 * the link to the flame graph ({@code figures.profile}).
 */
final class Observed {
  /** The calls always shown when the agent counted them; the others only when they were called. */
  static final Set<String> MAIN = Set.of("write", "hflush", "hsync", "close", "watchForCommit");

  private Observed() {}

  /** The counters' tables, when the run had {@code --instrument}. */
  static void instrumentation(Page page, JsonNode figures) {
    JsonNode all = figures.path("instrumentation");
    if (!all.isArray() || all.isEmpty()) {
      return;
    }
    page.heading(3, "Instrumentation (--instrument)", null);
    for (int i = 0; i < all.size(); i++) {
      JsonNode fs = all.get(i);
      List<String> about = new ArrayList<>();
      for (String f : List.of("task", "scheme", "uri", "class")) {
        if (fs.hasNonNull(f)) {
          about.add(fs.get(f).asText());
        }
      }
      page.paragraph("note", "FileSystem " + fs.path("fs").asText("?") + ": " + String.join(" · ", about));
      Table t = new Table("numbers instrumentation", List.of("call", "calls", "total ms", "mean ms", "failed"));
      JsonNode counters = fs.path("counters");
      for (Iterator<String> it = counters.fieldNames(); it.hasNext(); ) {
        String name = it.next();
        if (!name.endsWith(".call")) {
          continue;
        }
        String call = name.substring(0, name.length() - ".call".length());
        long calls = counters.get(name).asLong();
        if (calls == 0 && !MAIN.contains(call)) {
          continue;
        }
        String base = Html.pointer("figures", "instrumentation", i, "counters");
        boolean nanos = counters.has(call + ".allTimeNanos");
        double totalNanos = nanos ? counters.get(call + ".allTimeNanos").asDouble()
            : counters.path(call + ".allTime").asDouble() * 1e6;
        Cell total = nanos ? new Cell(Html.millis(totalNanos), base + Html.pointer(call + ".allTimeNanos"), 1e-6)
            : Cell.field(Html.millis(totalNanos), base + Html.pointer(call + ".allTime"));
        t.row(Cell.of(call), Cell.field(calls, base + Html.pointer(name)), total,
            Cell.of(calls == 0 ? "" : Html.millis(totalNanos / calls)),
            counters.has(call + ".failed") ? Cell.field(counters.get(call + ".failed").asLong(),
                base + Html.pointer(call + ".failed")) : Cell.of(""));
      }
      page.add(t.html());
    }
  }

  /** The flame graph's link, when the run had {@code --profile}. */
  static void profile(Page page, JsonNode figures, java.nio.file.Path runDir) {
    JsonNode p = figures.path("profile");
    if (!p.hasNonNull("flameGraph")) {
      return;
    }
    page.heading(3, "Profile (--profile)", null).add("<p>Flame graph of the measured phase ("
        + Html.escape(p.path("event").asText()) + ", " + Html.escape(p.path("engine").asText()) + "): "
        + page.link(runDir.resolve(p.get("flameGraph").asText()), p.get("flameGraph").asText()) + "</p>\n");
  }
}
