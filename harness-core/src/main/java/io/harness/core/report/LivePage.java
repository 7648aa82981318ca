package io.harness.core.report;

import java.nio.file.Path;

/**
 * The live page the metrics port serves at {@code /}: the report's style and Chart.js, inlined, and a script
 * ({@code live.js}) that fetches the hub's JSON every second and redraws MB/s, ops/s and p99 per kind of call and
 * the tasks by state over the run's seconds, with the run's labels and, for an experiment, the runs that ended and
 * their figures. Made once per process: the page is the same whatever runs.
 */
public final class LivePage {
  private static volatile String html;

  private LivePage() {}

  /** The page, fetching {@code json} (an address relative to the page). */
  public static String html(String json) {
    String h = html;
    if (h == null) {
      Page page = new Page(Path.of("."));
      page.add("<h1>harness: live</h1>\n<p class=\"sub\" id=\"live-status\">waiting for the first figures ...</p>\n")
          .add("<div class=\"grid\">\n");
      chart(page, "live-mb", "Throughput, MB/s (all calls and per kind)");
      chart(page, "live-ops", "Calls per second (all calls and per kind)");
      chart(page, "live-p99", "p99 latency per interval, ms (all calls and per kind)");
      chart(page, "live-tasks", "Tasks by state");
      page.add("</div>\n<h2>Runs that ended</h2>\n<table class=\"numbers\" id=\"live-finished\"><thead><tr>"
          + "<th>run</th><th>workload</th><th>operation</th><th>exit</th><th>seconds</th><th>MB</th><th>MB/s</th>"
          + "<th>calls</th></tr></thead><tbody></tbody></table>\n");
      h = page.document("harness: live", "live.js");
      html = h;
    }
    return h.replace("data-live-json=\"live.json\"", "data-live-json=\"" + Html.escape(json) + "\"");
  }

  private static void chart(Page page, String id, String caption) {
    page.add("<figure class=\"chart\"><figcaption>" + Html.escape(caption) + "</figcaption>"
        + "<div class=\"canvas\" style=\"height:260px\"><canvas id=\"" + id + "\" data-live-json=\"live.json\">"
        + "</canvas></div></figure>\n");
  }
}
