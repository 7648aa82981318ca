package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.report.HtmlReport;
import io.harness.core.report.ReportTable;
import io.harness.core.report.RunGroup;
import io.harness.core.report.SavedRun;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML reports as a person sees them, in headless Chromium: the report a real run writes (dfsio write with
 * --instrument on an embedded HDFS, through the shipped script) and a comparison page. Every chart must have
 * drawn its data (pixels of its own colour in its plot area of a screenshot) and every figure the page shows must
 * equal the run's result.json. Skipped, saying so, where no Chromium is installed, unless
 * {@code HARNESS_REQUIRE_BROWSER=1} (as in CI): then a missing Chromium is a failure.
 */
class ReportIT {
  private static Browser browser;

  @BeforeAll
  static void findBrowser() {
    browser = Browser.find();
    if (browser == null && Browser.required()) {
      throw new IllegalStateException("ReportIT cannot run: no chromium on the PATH to render the HTML reports in, "
          + "and " + Browser.REQUIRE + "=1 requires it (apt-get install chromium, or run .ci/run)");
    }
  }

  /** Without a browser (and not required) each test is skipped, so the reports list every one as skipped. */
  @BeforeEach
  void needBrowser() {
    Assumptions.assumeTrue(browser != null,
        "ReportIT skipped: no chromium on the PATH to render the HTML reports in (apt-get install chromium)");
  }

  @Test
  void theReportARunWritesDrawsEveryChartAndShowsTheRunsOwnFigures(@TempDir Path work) throws Exception {
    Run r = Cli.process(work, 300, "dfsio", "-write", "-nrFiles", "4", "-fileSize", "16MB", "--embedded",
        "hdfs:1", "--instrument");
    assertExit(r, 0);
    Path run = Runs.latest(work.resolve("harness-runs"));
    Path report = run.resolve(HtmlReport.FILE);
    assertTrue(r.out().contains("Report: " + report), r.out());
    JsonNode json = Runs.result(run);

    ReportPage page = ReportPage.load(browser, report);
    List<String> kinds = new ArrayList<>();
    json.get("aggregate").get("latency").fieldNames().forEachRemaining(kinds::add);
    assertEquals(Set.of("create", "write", "close"), Set.copyOf(kinds));
    List<String> captions = page.charts.stream().map(c -> c.caption().split(":")[0]).toList();
    assertEquals(6, captions.size(), "throughput, latency over time per kind of call, the distribution, the tasks: "
        + captions);
    assertEquals("MB/s per second", captions.get(0));
    assertEquals(Set.copyOf(kinds), Set.copyOf(captions.subList(1, 4)), "latency over time of each kind of call");
    assertEquals("Latency (ms) at each percentile of the calls of the succeeded tasks, per kind of call",
        captions.get(4));
    assertEquals("MB/s of each task over its own time, slowest first", captions.get(5));
    page.assertChartsDrawn(browser, report, work.resolve("report.png"));

    List<String> checked = page.assertFiguresEqual(json);
    for (String field : List.of("/aggregate/mbPerSec", "/aggregate/bytes", "/aggregate/tasks",
        "/aggregate/latency/write/p99Nanos", "/figures/legacy/throughputMbSec", "/figures/legacy/ioRateStdDev",
        "/instrumentation/0/counters/write.call", "/instrumentation/0/counters/close.allTimeNanos",
        "/target", "/versions/hadoop")) {
      assertTrue(checked.contains(field), field + " shown; shown: " + checked);
    }
    assertTrue(page.dom.contains("<pre class=\"block\">----- TestDFSIO ----- : write"), "the block as printed");
  }

  @Test
  void aComparisonDrawsTheRunsTogether(@TempDir Path work) throws Exception {
    Path runs = work.resolve("runs");
    List<RunGroup> groups = new ArrayList<>();
    for (String files : List.of("2", "3")) {
      Run r = Cli.run("dfsio", "-write", "-nrFiles", files, "-fileSize", "4MB", "-fs", "file:///",
          "--root", work.resolve("root" + files).toString(), "--run-dir", runs.toString(), "--no-report",
          "-resFile", work.resolve("res.log").toString());
      assertExit(r, 0);
      assertFalse(r.out().contains("Report: "), r.out());
      Path run = Runs.latest(runs);
      assertFalse(Files.exists(run.resolve(HtmlReport.FILE)), "--no-report");
      groups.add(new RunGroup(files + " files", List.of(SavedRun.load(run, "RUN_DIR"))));
    }
    Path out = work.resolve("compare.html");
    HtmlReport.comparison(groups, new ReportTable(List.of("figure", "2 files", "3 files"),
        List.of(List.of("tasks", "2", "3")), List.of()), out);
    ReportPage page = ReportPage.load(browser, out);
    List<String> captions = page.charts.stream().map(c -> c.caption().split(":")[0]).toList();
    assertEquals("MB/s per second of each run (its succeeded tasks together)", captions.get(0));
    assertEquals(Set.of("create", "write", "close"), Set.copyOf(captions.subList(1, captions.size())),
        "one distribution per kind of call");
    page.assertChartsDrawn(browser, out, work.resolve("compare.png"));
    assertTrue(page.dom.contains("<td>3</td>"), "the table");
  }
}
