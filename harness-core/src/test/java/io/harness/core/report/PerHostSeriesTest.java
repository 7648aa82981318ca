package io.harness.core.report;

import static io.harness.core.report.SampleRun.S;
import static io.harness.core.report.SampleRun.T0;
import static io.harness.core.report.SampleRun.calls;
import static io.harness.core.report.SampleRun.ticks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.records.TaskRecord;
import io.harness.core.result.ResultWriter;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Throughput over time per host: a run whose tasks name two hosts gets, next to the run's line, one line per host
 * in the HTML report and two columns per host in timeseries.csv; in every second the hosts add up to the run.
 */
class PerHostSeriesTest {
  private static final Pattern CHART = Pattern.compile("<canvas id=\"chart-\\d+\" data-caption=\"([^\"]*)\">"
      + "</canvas></div><script type=\"application/json\" class=\"chart-config\" data-canvas=\"chart-\\d+\">(.*?)"
      + "</script>");

  @TempDir
  Path dir;

  private static TaskRecord task(int index, String host, long mb, int from, int to, String error, int... seconds) {
    return new TaskRecord(index, "t" + index, mb * seconds.length << 20, T0 + from * S, T0 + to * S,
        Map.of("write", calls(1_000_000)), ticks(mb << 20, seconds), error, false, List.of(), Map.of(), host);
  }

  /** Two tasks on node-a, one on node-b and a failed one on node-b (whose bytes count nowhere). */
  private static RunRecords twoHosts() {
    return new RunRecords(List.of(
        task(0, "node-a", 2, 0, 3, null, 0, 1, 2),
        task(1, "node-a", 1, 1, 3, null, 1, 2),
        task(2, "node-b", 4, 0, 4, null, 0, 2, 3),
        task(3, "node-b", 8, 0, 2, "java.io.IOException: gone", 1)), List.of(), T0, T0 + 4 * S, false);
  }

  @Test
  void theReportDrawsEachHostsThroughputAddingUpToTheRuns() throws Exception {
    SavedRun run = SampleRun.save(dir.resolve("run"), false, twoHosts());
    Path out = dir.resolve("run/report.html");
    HtmlReport.runs(List.of(run), out);
    JsonNode chart = chart(Files.readString(out), "and each host");
    JsonNode sets = chart.at("/data/datasets");
    assertEquals(List.of("all tasks (succeeded)", "host node-a", "host node-b"), labels(sets));
    // MB/s in seconds 0..3 (and the last again at the end): all 6, 3, 7, 4; node-a 2, 3, 3, 0; node-b 4, 0, 4, 4
    assertEquals(List.of(6.0, 3.0, 7.0, 4.0, 4.0), ys(sets.get(0)));
    assertEquals(List.of(2.0, 3.0, 3.0, 0.0, 0.0), ys(sets.get(1)));
    assertEquals(List.of(4.0, 0.0, 4.0, 4.0, 4.0), ys(sets.get(2)));
    for (int i = 0; i < sets.get(0).get("data").size(); i++) {
      assertEquals(ys(sets.get(0)).get(i), ys(sets.get(1)).get(i) + ys(sets.get(2)).get(i), 1e-9, "second " + i);
    }
  }

  @Test
  void timeseriesCsvHasEachHostsColumnsAddingUpToTheRuns() throws Exception {
    SavedRun run = SampleRun.save(dir.resolve("run"), false, twoHosts());
    RunCsv.write(run.dir(), run.result(), java.util.List.of(), run.records(), new PrintStream(System.err));
    List<String> lines = Files.readAllLines(run.dir().resolve(RunCsv.TIMESERIES));
    List<String> header = List.of(lines.get(0).split(","));
    assertTrue(header.containsAll(List.of("host_node_a_bytes", "host_node_a_mb_per_sec", "host_node_b_bytes",
        "host_node_b_mb_per_sec")), header.toString());
    assertEquals(5, lines.size(), "a header and 4 seconds");
    long[] a = {2, 3, 3, 0};
    for (int s = 0; s < 4; s++) {
      String[] row = lines.get(s + 1).split(",", -1);
      long all = Long.parseLong(row[header.indexOf("bytes")]);
      long onA = Long.parseLong(row[header.indexOf("host_node_a_bytes")]);
      long onB = Long.parseLong(row[header.indexOf("host_node_b_bytes")]);
      assertEquals(a[s] << 20, onA, "second " + s);
      assertEquals(all, onA + onB, "second " + s);
    }
  }

  @Test
  void oneHostWithSeveralClientsIsDrawnPerClientAndOneClientNotAtAll() {
    List<TaskRecord> tasks = new ArrayList<>();
    for (int c = 0; c < 2; c++) {
      tasks.add(task(c, "node-a", 1 + c, 0, 2, null, 0, 1).with(c, Map.of("client", c)));
    }
    RunSeries s = RunSeries.of(new RunRecords(tasks, List.of(), T0, T0 + 2 * S, false));
    assertEquals(List.of("client-0", "client-1"), new ArrayList<>(s.perHost().keySet()));
    assertEquals(2.0, s.perHost().get("client-1").get(0).mbPerSec(), 1e-9);
    RunSeries one = RunSeries.of(new RunRecords(List.of(task(0, "node-a", 1, 0, 1, null, 0)), List.of(), T0,
        T0 + S, false));
    assertTrue(one.perHost().isEmpty());
  }

  private static JsonNode chart(String page, String captionPart) throws Exception {
    Matcher m = CHART.matcher(page);
    while (m.find()) {
      if (m.group(1).contains(captionPart)) {
        return ResultWriter.mapper().readTree(m.group(2));
      }
    }
    throw new AssertionError("no chart whose caption has '" + captionPart + "'");
  }

  private static List<String> labels(JsonNode sets) {
    List<String> out = new ArrayList<>();
    sets.forEach(d -> out.add(d.get("label").asText()));
    return out;
  }

  private static List<Double> ys(JsonNode set) {
    return HtmlReportTest.ys(set.get("data"));
  }
}
