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
 * FileSystem instance and per server-side scope (calls, total and mean time, p50 / p99 / max, failed calls, from
 * the result's {@code instrumentation}) and the link to the flame graph (its {@code profile}).
 */
final class Observed {
  /** The calls always shown when the agent counted them; the others only when they were called. */
  static final Set<String> MAIN = Set.of("write", "hflush", "hsync", "close", "watchForCommit", "dn.write", "dn.apply",
      "dn.watch", "dn.dispatch.WriteChunk", "dn.dispatch.PutBlock");

  private Observed() {}

  /**
   * The counters' tables, when the run had {@code --instrument}: one per FileSystem (the client side) and one per
   * server-side scope (the datanode's, {@code "scope"}), side by side, so the client's watchForCommit sits next to
   * the datanode's dn.watch. Columns: calls, total, mean, p50, p99, max (ms), failed; a run saved before the
   * distributions were recorded shows p50 / p99 / max empty.
   */
  static void instrumentation(Page page, JsonNode all) {
    if (!all.isArray() || all.isEmpty()) {
      return;
    }
    page.heading(3, "Instrumentation (--instrument)", null);
    page.add("<div class=\"columns\">");
    for (int i = 0; i < all.size(); i++) {
      JsonNode fs = all.get(i);
      page.add("<div>");
      if (fs.hasNonNull("scope")) {
        page.paragraph("note", "Server side: " + fs.get("scope").asText() + " (this run's calls, in this JVM)");
      } else {
        List<String> about = new ArrayList<>();
        for (String f : List.of("task", "scheme", "uri", "class")) {
          if (fs.hasNonNull(f)) {
            about.add(fs.get(f).asText());
          }
        }
        page.paragraph("note", "FileSystem " + fs.path("fs").asText("?") + ": " + String.join(" · ", about));
      }
      page.add(table(fs.path("counters"), Html.pointer("instrumentation", i, "counters")).html());
      page.add("</div>");
    }
    page.add("</div>\n");
  }

  private static Table table(JsonNode counters, String base) {
    Table t = new Table("numbers instrumentation",
        List.of("call", "calls", "total ms", "mean ms", "p50 ms", "p99 ms", "max ms", "failed"));
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
      boolean nanos = counters.has(call + ".allTimeNanos");
      double totalNanos = nanos ? counters.get(call + ".allTimeNanos").asDouble()
          : counters.path(call + ".allTime").asDouble() * 1e6;
      Cell total = nanos ? nanosCell(counters, base, call + ".allTimeNanos")
          : Cell.field(Html.millis(totalNanos), base + Html.pointer(call + ".allTime"));
      t.row(Cell.of(call), Cell.field(calls, base + Html.pointer(name)), total,
          Cell.of(calls == 0 ? "" : Html.millis(totalNanos / calls)),
          nanosCell(counters, base, call + ".p50Nanos"), nanosCell(counters, base, call + ".p99Nanos"),
          nanosCell(counters, base, call + ".maxNanos"),
          counters.has(call + ".failed") ? Cell.field(counters.get(call + ".failed").asLong(),
              base + Html.pointer(call + ".failed")) : Cell.of(""));
    }
    return t;
  }

  /** A field in nanoseconds shown in ms; empty when the run did not record it. */
  private static Cell nanosCell(JsonNode counters, String base, String key) {
    return counters.has(key) ? new Cell(Html.millis(counters.get(key).asDouble()), base + Html.pointer(key), 1e-6)
        : Cell.of("");
  }

  /** The flame graph's link, when the run had {@code --profile}. */
  static void profile(Page page, JsonNode p, java.nio.file.Path runDir) {
    if (!p.hasNonNull("flameGraph")) {
      return;
    }
    page.heading(3, "Profile (--profile)", null).add("<p>Flame graph of the measured phase ("
        + Html.escape(p.path("event").asText()) + ", " + Html.escape(p.path("engine").asText()) + "): "
        + page.link(runDir.resolve(p.get("flameGraph").asText()), p.get("flameGraph").asText()) + "</p>\n");
  }
}
