package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.harness.core.cli.Harness;
import io.harness.core.result.ResultWriter;
import io.harness.core.run.RunFolder;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness compare} on runs with {@code --instrument}: each timed call's p50 / p99 / max from the reports'
 * buckets added together, a run saved without buckets with its single report's own, or n/a: in the printed table,
 * the CSV and the HTML page.
 */
class CompareAgentPercentilesTest {
  /** The agent's bucket of 1 ms (1,000,000 ns in [2^19, 2^20), quarter 3): 4 * 18 + 3; its midpoint 983,039 ns. */
  private static final int ONE_MS = 75;
  /** The bucket of 100 ms (in [2^26, 2^27), quarter 1): 4 * 25 + 1; its midpoint 92,274,687 ns. */
  private static final int HUNDRED_MS = 101;

  @TempDir
  Path dir;

  /** A report's counts: {@code ones} calls in the 1 ms bucket, {@code hundreds} in the 100 ms one. */
  private static long[] buckets(long ones, long hundreds) {
    long[] b = new long[HUNDRED_MS + 1];
    b[ONE_MS] = ones;
    b[HUNDRED_MS] = hundreds;
    return b;
  }

  /** A FileSystem's (or with {@code scope}, a server scope's) report of {@code call}. */
  private static Map<String, Object> report(String scope, String call, long ones, long hundreds, boolean buckets) {
    Map<String, Object> counters = new LinkedHashMap<>();
    long calls = ones + hundreds;
    counters.put(call + ".call", calls);
    counters.put(call + ".allTimeNanos", ones * 1_000_000 + hundreds * 100_000_000);
    counters.put(call + ".p50Nanos", hundreds * 2 > calls ? 92_274_687 : 983_039);
    counters.put(call + ".p99Nanos", hundreds > 0 ? 92_274_687 : 983_039);
    counters.put(call + ".maxNanos", hundreds > 0 ? 100_000_000 : 1_000_000);
    Map<String, Object> r = new LinkedHashMap<>();
    if (scope != null) {
      r.put("scope", scope);
    }
    r.put("fs", scope == null ? 7 : null);
    r.put("counters", counters);
    if (buckets) {
      r.put("buckets", Map.of(call, buckets(ones, hundreds)));
    }
    return r;
  }

  /** A sample run whose {@code instrumentation} is {@code reports}. */
  private Path run(String name, List<Map<String, Object>> reports) throws Exception {
    Path d = SampleRun.save(dir.resolve(name), false).dir();
    Path file = d.resolve(RunFolder.RESULT);
    ObjectNode json = (ObjectNode) ResultWriter.mapper().readTree(file.toFile());
    ((ObjectNode) json).set("instrumentation", ResultWriter.mapper().valueToTree(reports));
    ResultWriter.mapper().writeValue(file.toFile(), json);
    return d;
  }

  private static List<TimedCalls.Timed> timed(List<Map<String, Object>> reports) {
    return TimedCalls.of(ResultWriter.mapper().valueToTree(reports));
  }

  @Test
  void twoFileSystemsBucketsAddUp() {
    // 90 calls at 1 ms and 10 at 100 ms over two file systems: neither one's p99 is the run's
    List<TimedCalls.Timed> t = timed(List.of(report(null, "write", 50, 0, true), report(null, "write", 40, 10, true),
        report("datanode", "dn.watch", 3, 1, true)));
    assertEquals(List.of(new TimedCalls.Timed("write", 100, 90_000_000L + 1_000_000_000L,
        new TimedCalls.Latency(983_039, 92_274_687, 100_000_000)),
        new TimedCalls.Timed("dn.watch", 4, 103_000_000L, new TimedCalls.Latency(983_039, 92_274_687, 100_000_000))),
        t);
    // within the bucket's bound (12.5%) of the calls' own: 1 ms and 100 ms
    assertTrue(Math.abs(t.get(0).latency().p50Nanos() - 1_000_000) <= 125_000);
    assertTrue(Math.abs(t.get(0).latency().p99Nanos() - 100_000_000) <= 12_500_000);
  }

  @Test
  void withoutBucketsASingleReportKeepsItsOwnAndSeveralAreNotAvailable() {
    assertEquals(new TimedCalls.Latency(983_039, 92_274_687, 100_000_000),
        timed(List.of(report(null, "write", 90, 10, false))).get(0).latency());
    assertEquals(null, timed(List.of(report(null, "write", 50, 0, false), report(null, "write", 40, 10, false)))
        .get(0).latency());
    assertEquals(null, timed(List.of(report(null, "write", 50, 0, true), report(null, "write", 40, 10, false)))
        .get(0).latency(), "one report without buckets: the others' cannot stand for the run");
  }

  @Test
  void compareShowsTheMergedPercentilesInTheTableAndTheCsv() throws Exception {
    Path merged = run("merged", List.of(report(null, "write", 50, 0, true), report(null, "write", 40, 10, true)));
    Path single = run("single", List.of(report(null, "write", 100, 0, false)));
    Path old = run("old", List.of(report(null, "write", 50, 0, false), report(null, "write", 40, 10, false)));
    Path csv = dir.resolve("compare.csv");
    Path html = dir.resolve("compare.html");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), "compare", merged.toString(), single.toString(),
        old.toString(), "--csv", csv.toString(), "-o", html.toString());
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, printed + err.toString(StandardCharsets.UTF_8));
    Map<String, List<String>> table = new LinkedHashMap<>();
    for (String line : printed.split("\n")) {
      String[] cells = line.strip().split("\\s{2,}");
      table.put(cells[0], List.of(cells).subList(1, cells.length));
    }
    assertEquals(List.of("0.983", "0.983", "x1.00 ~", "n/a"), table.get("write agent p50 ms"));
    assertEquals(List.of("92.27", "0.983", "x0.01", "n/a"), table.get("write agent p99 ms"));
    assertEquals(List.of("100", "1", "x0.01", "n/a"), table.get("write agent max ms"));
    assertEquals(List.of("100", "100", "x1.00 ~", "100", "x1.00 ~"), table.get("write calls"));
    assertTrue(printed.contains("from the buckets of every report that counted the call added together"), printed);

    Map<String, List<String>> rows = new LinkedHashMap<>();
    for (String line : Files.readAllLines(csv)) {
      List<String> cells = List.of(line.split(",", -1));
      rows.put(cells.get(0) + "|" + cells.get(1), cells.subList(2, cells.size()));
    }
    assertEquals(List.of("1", "0.983039", "0.983039", "0.983039", "", ""), rows.get("write agent p50 ms|merged"));
    assertEquals(List.of("1", "92.274687", "92.274687", "92.274687", "", ""), rows.get("write agent p99 ms|merged"));
    assertEquals(List.of("1", "100.0", "100.0", "100.0", "", ""), rows.get("write agent max ms|merged"));
    assertEquals(List.of("0", "", "", "", "", ""), rows.get("write agent p99 ms|old"));
    assertEquals("1", rows.get("write agent p99 ms|single").get(0));

    String page = Files.readString(html);
    assertTrue(page.contains("<th>write agent p99 ms</th><td>92.27</td><td>0.983</td><td>x0.01</td><td>n/a</td>"
        + "<td></td></tr>"), page);
  }
}
