package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
  private static final Pattern CONFIG = Pattern.compile(
      "<script type=\"application/json\" class=\"chart-config\" data-canvas=\"(chart-\\d+)\">(.*?)</script>");

  @TempDir
  Path dir;

  private static String cell(String pointer) {
    return "data-json=\"" + pointer + "\"";
  }

  /** The value shown in the cell that names {@code pointer}. */
  private static String shown(String page, String pointer) {
    Matcher m = Pattern.compile(Pattern.quote(cell(pointer)) + "(?: data-scale=\"[^\"]*\")?>([^<]*)<").matcher(page);
    assertTrue(m.find(), "no cell shows " + pointer);
    return m.group(1);
  }

  private static List<JsonNode> charts(String page) throws Exception {
    List<JsonNode> charts = new ArrayList<>();
    Matcher m = CONFIG.matcher(page);
    while (m.find()) {
      charts.add(ResultWriter.mapper().readTree(m.group(2)));
    }
    return charts;
  }

  @Test
  void aRunsPageHasEverySectionItsNumbersAndItsTextEscaped() throws Exception {
    SavedRun run = SampleRun.save(dir.resolve("run"), true);
    Path out = dir.resolve("run/report.html");
    HtmlReport.runs(List.of(run), out);
    String page = Files.readString(out);

    for (String heading : List.of("Run", "Cluster", "Command line", "Result", "Throughput over time",
        "Latency over time", "Latency distribution", "Tasks", "Instrumentation (--instrument)", "Profile (--profile)",
        "Failed tasks")) {
      assertTrue(page.contains(">" + heading + "</h3>"), "section " + heading);
    }
    // nothing from the run opens an element: the only scripts are Chart.js, the report's own and the charts' JSON
    assertFalse(page.contains(SampleRun.INJECTION), "the injected text is escaped");
    assertFalse(page.contains("<img"), "the cluster's value is escaped");
    assertTrue(page.contains("&lt;/pre&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    List<JsonNode> charts = charts(page);
    assertEquals(2 + charts.size(), page.split("<script", -1).length - 1, "scripts: Chart.js, report.js, the charts");
    assertTrue(page.contains("harness sample --root &#39;/data/a b/&lt;/pre&gt;"), "the command line, quoted as a shell would");
    assertTrue(page.contains("t2&lt;b&gt;: java.io.IOException: &lt;gone&gt;"), "the failed task");

    // the numbers shown are the sample's, computed here: the two tasks that succeeded moved 6 + 1 MB between the
    // first start (T0) and the last end (T0 + 3 s)
    assertEquals(String.format(Locale.ROOT, "%.2f", (6 + 1) / 3.0), shown(page, "/aggregate/mbPerSec"));
    assertEquals("2.33", shown(page, "/aggregate/mbPerSec"));
    assertEquals("3", shown(page, "/aggregate/tasks"));
    assertEquals("1", shown(page, "/aggregate/failedTasks"));
    assertEquals("7.00", shown(page, "/aggregate/bytes"));
    // write's p99 over the succeeded tasks' calls (1, 2, 3 and 9 ms): 9 ms as HdrHistogram keeps it (3 digits),
    // in ms with 2 decimals (1 ms to 100 ms)
    double p99 = SampleRun.calls(1_000_000, 2_000_000, 3_000_000, 9_000_000).getValueAtPercentile(99) / 1e6;
    assertEquals(9.0, p99, 9.0 * 1e-3);
    assertEquals(String.format(Locale.ROOT, "%.2f", p99), shown(page, "/aggregate/latency/write/p99Nanos"));
    assertEquals("4", shown(page, "/aggregate/latency/write/count"));
    assertEquals("7340032", shown(page, "/figures/bytes"));
    assertEquals("3", shown(page, "/cluster/liveDatanodes"));
    assertEquals("3.4.3", shown(page, "/cluster/namenode/version"));
    assertEquals("4", shown(page, "/instrumentation/0/counters/write.call"));
    assertEquals("13.00", shown(page, "/instrumentation/0/counters/write.allTimeNanos"));
    assertTrue(page.contains(cell("/instrumentation/0/counters/hflush.call")), "the main calls, even at 0");
    // the distributions (ms), and the datanode scope's table beside the client's
    assertEquals("2.00", shown(page, "/instrumentation/0/counters/write.p50Nanos"));
    assertEquals("3.60", shown(page, "/instrumentation/0/counters/write.p99Nanos"));
    assertEquals("4.00", shown(page, "/instrumentation/0/counters/write.maxNanos"));
    assertTrue(page.contains("Server side: datanode"), "the datanode scope's table");
    assertEquals("3", shown(page, "/instrumentation/1/counters/dn.watch.call"));
    assertEquals("9.00", shown(page, "/instrumentation/1/counters/dn.watch.p50Nanos"));
    assertEquals("12.50", shown(page, "/instrumentation/1/counters/dn.watch.p99Nanos"));
    assertEquals("12.60", shown(page, "/instrumentation/1/counters/dn.watch.maxNanos"));
    assertFalse(page.contains("flushWait.handleFlush"), "other calls only when called");
    assertEquals("host&quot;1", shown(page, "/host"));
    assertTrue(page.contains("sample bytes: 7340032 &lt;/pre&gt;"), "the block as printed");
    assertTrue(page.contains("<a href=\"flamegraph-cpu.html\">"), "the flame graph, next to the report");

    // the charts: throughput (the succeeded tasks, then each task), latency over time per kind, distribution, tasks
    assertEquals(6, charts.size());
    JsonNode throughput = charts.get(0);
    JsonNode all = throughput.at("/data/datasets/0/data");
    RunSeries s = run.series();
    for (int i = 0; i < s.throughput().size(); i++) {
      assertEquals(s.throughput().get(i).mbPerSec(), all.get(i).get("y").asDouble(), 1e-9, "second " + i);
    }
    assertEquals(List.of(2.0, 3.0, 2.0, 2.0), ys(all), "2 + 1 MB in second 1; the failed task's 3 MB are not there");
    assertEquals(4, throughput.at("/data/datasets").size(), "the run and each of its 3 tasks");
    assertEquals(-2.0, throughput.at("/options/plugins/shade/ranges/0/from").asDouble(), 1e-9,
        "the 2 s of set-up before the first task are shaded");
    Matcher captions = Pattern.compile("<canvas id=\"chart-\\d+\" data-caption=\"([^:\"]+)").matcher(page);
    List<String> first = new ArrayList<>();
    while (captions.find()) {
      first.add(captions.group(1));
    }
    assertEquals("create", first.get(1), "latency over time of create, then of write");
    assertEquals("write", first.get(2));
    assertEquals(List.of(0.5, 1.5, 2.5), xs(charts.get(2).at("/data/datasets/0/data")),
        "write's seconds, on the first task's clock");
    List<Double> max = ys(charts.get(2).at("/data/datasets/2/data"));
    List<Double> expected = List.of(500.0, 9.0, 3.0);
    for (int i = 0; i < expected.size(); i++) {
      // HdrHistogram keeps 3 significant digits
      assertEquals(expected.get(i), max.get(i), expected.get(i) * 1e-3, "write's max in second " + i);
    }
    assertEquals("close", first.get(3));
    assertEquals(3.5, charts.get(3).at("/data/datasets/0/data/0/x").asDouble(), 1e-9, "close's one second");
    for (int i = 0; i < 4; i++) {
      assertEquals(3.5 + 0.5, charts.get(i).at("/options/scales/x/max").asDouble(), 1e-9,
          "the time axes end with the last second of latency, after the last task's end (3 s)");
    }
    JsonNode distribution = charts.get(4);
    assertEquals(java.util.Set.of("create", "write"), java.util.Set.of(distribution.at("/data/datasets/0/label").asText(),
        distribution.at("/data/datasets/1/label").asText()), "a line per kind of call");
    assertTrue(distribution.at("/options/scales/x/percentile").asBoolean());
    JsonNode tasks = charts.get(5);
    assertEquals("[\"t1\",\"t0\",\"t2<b> (failed)\"]", tasks.at("/data/labels").toString(), "slowest first");
    assertEquals(Charts.FAILED, tasks.at("/data/datasets/0/backgroundColor/2").asText());
    assertEquals(0.5, tasks.at("/data/datasets/0/data/0").asDouble(), 1e-9);
  }

  @Test
  void aReportElsewhereLinksToTheRunsFilesAndSaysWhenThereIsNoClusterContext() throws Exception {
    SavedRun run = SampleRun.save(dir.resolve("runs/one"), false);
    Path out = dir.resolve("reports/r.html");
    Files.createDirectories(out.getParent());
    HtmlReport.runs(List.of(run), 1_000_000_000L, 0, out);
    String page = Files.readString(out);
    assertTrue(page.contains("<a href=\"../runs/one/flamegraph-cpu.html\">"), "relative to the report");
    assertTrue(page.contains("The run recorded no cluster context."));
    assertTrue(page.contains(">Result (from 1 s to the end)</h3>"));
    assertTrue(charts(page).get(0).at("/options/plugins/shade/ranges").toString().contains("left out (--skip)"));
  }

  @Test
  void aComparisonHasTheTableAndOneColourPerGroup() throws Exception {
    SavedRun a1 = SampleRun.save(dir.resolve("a1"), false);
    SavedRun a2 = SampleRun.save(dir.resolve("a2"), false);
    SavedRun b = SampleRun.save(dir.resolve("b"), true);
    ReportTable table = new ReportTable(List.of("figure", "hdfs", "ozone<"),
        List.of(List.of("aggregate MB/s", "2.33", "2.33 (1.00x)")), List.of("~ ranges overlap <i>"));
    Path out = dir.resolve("compare.html");
    HtmlReport.comparison(List.of(new RunGroup("hdfs", List.of(a1, a2)), RunGroup.of(b)), table, out);
    String page = Files.readString(out);
    assertTrue(page.contains("<th>ozone&lt;</th>"));
    assertTrue(page.contains("<td>2.33 (1.00x)</td>"));
    assertTrue(page.contains("~ ranges overlap &lt;i&gt;"));
    List<JsonNode> charts = charts(page);
    assertEquals(3, charts.size(), "throughput, then the distribution of create and of write");
    JsonNode lines = charts.get(0).at("/data/datasets");
    assertEquals(3, lines.size());
    assertEquals("hdfs: a1", lines.get(0).get("label").asText());
    assertEquals(lines.get(0).get("borderColor"), lines.get(1).get("borderColor"), "a group, one colour");
    assertEquals("b", lines.get(2).get("label").asText());
    assertFalse(lines.get(0).get("borderColor").equals(lines.get(2).get("borderColor")));
    assertEquals(3, charts.get(2).at("/data/datasets").size(), "write's distribution of every run");
  }

  static List<Double> ys(JsonNode points) {
    List<Double> ys = new ArrayList<>();
    points.forEach(p -> ys.add(p.get("y").asDouble()));
    return ys;
  }

  private static List<Double> xs(JsonNode points) {
    List<Double> xs = new ArrayList<>();
    points.forEach(p -> xs.add(p.get("x").asDouble()));
    return xs;
  }
}
