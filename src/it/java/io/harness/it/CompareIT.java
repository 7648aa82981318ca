package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.report.AgentBuckets;
import io.harness.core.result.ResultWriter;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness compare} on real runs: dfsio writes on the local file system with {@code --instrument} (three
 * with 1 MB buffers on one thread, two with 512 KB buffers on two), and a teragen run. Every cell of the table
 * and of its CSV against the median, min and max computed here from the runs' result.json (the agent's
 * percentiles from its reports' buckets added together, one report's p99 its own); the overlap mark
 * where the ranges overlap and nowhere else; the option differences; and bad input: exit 2, one line naming the
 * argument, nothing written.
 */
class CompareIT {
  @TempDir
  static Path work;

  static Path a;
  static Path b;
  static Path teragen;

  @BeforeAll
  static void runs() throws Exception {
    a = work.resolve("a");
    b = work.resolve("b");
    for (int i = 0; i < 3; i++) {
      write(a, "1MB", 1);
    }
    for (int i = 0; i < 2; i++) {
      write(b, "512KB", 2);
    }
    Path c = work.resolve("c");
    Run r = Cli.run("teragen", "1000", work.resolve("tera").toString(), "--run-dir", c.toString());
    assertExit(r, 0);
    teragen = Runs.latest(c);
  }

  /** A dfsio write of 2 x 4 MB through the shipped bin/harness (--instrument needs a JVM that may attach to itself). */
  private static void write(Path runDir, String buffer, int threads) throws Exception {
    Run r = Cli.process(work, 300, "dfsio", "-write", "-nrFiles", "2", "-fileSize", "4MB", "-bufferSize", buffer,
        "-t", Integer.toString(threads), "--instrument", "write", "--root", work.resolve("root").toString(),
        "--run-dir", runDir.toString());
    assertExit(r, 0);
  }

  @Test
  void groupsAgainstTheirRunsMedianMinAndMax() throws Exception {
    Path csv = work.resolve("out/groups.csv");
    Run r = Cli.run("compare", "--group", "a=" + a + "/*", "--group", "b=" + b + "/*-dfsio-write,"
        + b + "/[0-9]*", "--csv", csv.toString());
    assertExit(r, 0);
    Map<String, List<Double>> inA = figures(a);
    Map<String, List<Double>> inB = figures(b);
    assertEquals(inA.keySet(), inB.keySet());
    assertTrue(inA.keySet().containsAll(List.of("aggregate MB/s", "TestDFSIO throughput MB/s",
        "TestDFSIO average IO rate MB/s", "create p50 ms", "write p99 ms", "close max ms", "write calls",
        "write total ms", "write mean ms", "close calls")), inA.keySet().toString());
    // what --instrument counted: 4 writes per file of 1 MB buffers, 8 of 512 KB
    assertEquals(List.of(8.0, 8.0, 8.0), inA.get("write calls"));
    assertEquals(List.of(16.0, 16.0), inB.get("write calls"));

    Map<String, List<String>> table = table(r.out());
    assertEquals(new ArrayList<>(inA.keySet()), new ArrayList<>(table.keySet()));
    Map<String, Map<String, String>> rows = csvRows(csv);
    int overlapping = 0;
    for (String figure : inA.keySet()) {
      double[] sa = spread(inA.get(figure));
      double[] sb = spread(inB.get(figure));
      boolean overlap = sa[1] <= sb[2] && sb[1] <= sa[2];
      overlapping += overlap ? 1 : 0;
      double ratio = sb[0] / sa[0];
      // the printed cells: median [min - max], and the ratio with the mark exactly where the ranges overlap
      List<String> cells = table.get(figure);
      assertEquals(cell(sa), cells.get(0), figure);
      assertEquals(cell(sb), cells.get(1), figure);
      assertEquals("x" + String.format(java.util.Locale.ROOT, "%.2f", ratio) + (overlap ? " ~" : ""), cells.get(2),
          figure);
      // the CSV: the same, in full
      Map<String, String> rowA = rows.get(figure + "|a");
      Map<String, String> rowB = rows.get(figure + "|b");
      assertEquals("3", rowA.get("runs"));
      assertEquals("2", rowB.get("runs"));
      assertClose(sa, rowA);
      assertClose(sb, rowB);
      assertEquals("", rowA.get("ratio"));
      assertEquals(ratio, Double.parseDouble(rowB.get("ratio")), Math.abs(ratio) * 1e-12, figure);
      assertEquals(Boolean.toString(overlap), rowB.get("overlaps_first"), figure);
    }
    assertFalse(table.get("write calls").get(2).contains("~"));
    assertEquals("x2.00", table.get("write calls").get(2));
    assertTrue(overlapping < inA.size(), "write calls do not overlap");
    assertTrue(r.out().contains("option -bufferSize differs: 1MB in a; 512KB in b"), r.out());
    assertTrue(r.out().contains("option --threads differs: 1 in a; 2 in b"), r.out());
    assertFalse(r.out().contains("--run-dir differs"), r.out());
    assertTrue(r.out().contains("~ after it: their min-max ranges overlap"), r.out());
  }

  @Test
  void aGroupAgainstItselfOverlapsEverywhere() {
    Run r = Cli.run("compare", "--group", "a=" + a + "/*", "--group", "again=" + a + "/*");
    assertExit(r, 0);
    Map<String, List<String>> table = table(r.out());
    assertFalse(table.isEmpty());
    table.forEach((figure, cells) -> {
      assertEquals(cells.get(0), cells.get(1), figure);
      assertEquals("x1.00 ~", cells.get(2), figure);
    });
    assertFalse(r.out().contains("differs"), r.out());
  }

  @Test
  void singleRunsAreColumnsOfTheirOwn() throws Exception {
    Path first = Runs.all(a).get(0);
    Path second = Runs.all(b).get(1);
    Run r = Cli.run("compare", first.toString(), second.toString());
    assertExit(r, 0);
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("figure") && l.contains(first.getFileName().toString())
        && l.contains(second.getFileName().toString())), r.out());
    JsonNode one = Runs.result(first);
    JsonNode two = Runs.result(second);
    double x = one.at("/aggregate/mbPerSec").asDouble();
    double y = two.at("/aggregate/mbPerSec").asDouble();
    List<String> cells = table(r.out()).get("aggregate MB/s");
    assertEquals(List.of(number(x), number(y),
        "x" + String.format(java.util.Locale.ROOT, "%.2f", y / x) + (x == y ? " ~" : "")), cells);
  }

  @Test
  void mixedWorkloadsOnlyWithForce() throws Exception {
    Path dfsio = Runs.all(a).get(0);
    Path csv = work.resolve("mixed.csv");
    expectUsage(teragen + ": " + teragen.getFileName() + " is a teragen generate run, " + dfsio.getFileName()
        + " a dfsio write run: compare runs of one workload and operation, or give --force", "compare",
        dfsio.toString(), teragen.toString(), "--csv", csv.toString());
    expectUsage("--group t: " + teragen.getFileName() + " is a teragen generate run", "compare", "--group",
        "d=" + a + "/*", "--group", "t=" + teragen, "--csv", csv.toString());
    Run r = Cli.run("compare", dfsio.toString(), teragen.toString(), "--force", "--csv", csv.toString());
    assertExit(r, 0);
    assertTrue(r.out().contains("workloads differ: dfsio write in " + dfsio.getFileName() + "; teragen generate in "
        + teragen.getFileName()), r.out());
    assertTrue(Files.isRegularFile(csv));
    // teragen's rows/s: in its column only
    List<String> rows = table(r.out()).get("rows/s");
    assertEquals("", rows.get(0));
    assertEquals(number(1000 / Runs.result(teragen).at("/figures/elapsedSeconds").asDouble()), rows.get(1));
  }

  @Test
  void badInputExitsTwoWithOneLineAndWritesNothing() throws Exception {
    Path csv = work.resolve("bad/never.csv");
    Path run = Runs.all(a).get(0);
    Path empty = Files.createDirectories(work.resolve("empty"));
    Path noRecords = copy(run, work.resolve("bad-runs/no-records"));
    Files.delete(noRecords.resolve("records.jsonl.gz"));
    Path corrupt = copy(run, work.resolve("bad-runs/corrupt"));
    Files.write(corrupt.resolve("records.jsonl.gz"), "not gzip at all".getBytes());

    expectUsage("compare: RUN_DIR: no runs given", "compare", "--csv", csv.toString());
    expectUsage("compare: RUN_DIR: one column to compare", "compare", run.toString(), "--csv", csv.toString());
    expectUsage("compare: " + empty + ": " + empty + " is not a run's folder (no result.json)", "compare",
        run.toString(), empty.toString(), "--csv", csv.toString());
    expectUsage("compare: " + noRecords + ": " + noRecords + " has no records", "compare", run.toString(),
        noRecords.toString(), "--csv", csv.toString());
    expectUsage("compare: " + corrupt + ": ", "compare", run.toString(), corrupt.toString(), "--csv",
        csv.toString());
    expectUsage("compare: --group z: " + work.resolve("nothing") + "* matches no folder", "compare", run.toString(),
        "--group", "z=" + work.resolve("nothing") + "*", "--csv", csv.toString());
    expectUsage("compare: --group bad: " + noRecords + " has no records", "compare", run.toString(), "--group",
        "bad=" + work.resolve("bad-runs") + "/no-*", "--csv", csv.toString());
    expectUsage("compare: --group: 'nolabel' is not LABEL=PATTERN", "compare", run.toString(), "--group", "nolabel",
        "--csv", csv.toString());
    expectUsage("compare: --csv: ", "compare", run.toString(), run.toString(), "--csv", work.toString());
    assertFalse(Files.exists(csv.getParent()), "nothing written");
  }

  private static void expectUsage(String expected, String... args) {
    Run r = Cli.run(args);
    assertExit(r, 2);
    assertEquals("", r.out(), "nothing printed on stdout");
    assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.err());
  }

  /** The figures of each run under {@code runDir}, from their result.json, by figure in the table's order. */
  private static Map<String, List<Double>> figures(Path runDir) throws IOException {
    Map<String, List<Double>> out = new LinkedHashMap<>();
    for (Path run : Runs.all(runDir)) {
      JsonNode j = Runs.result(run);
      add(out, "aggregate MB/s", j.at("/aggregate/mbPerSec").asDouble());
      add(out, "TestDFSIO throughput MB/s", j.at("/figures/legacy/throughputMbSec").asDouble());
      add(out, "TestDFSIO average IO rate MB/s", j.at("/figures/legacy/averageIoRateMbSec").asDouble());
      j.at("/aggregate/latency").fields().forEachRemaining(k -> {
        add(out, k.getKey() + " p50 ms", k.getValue().get("p50Nanos").asLong() / 1e6);
        add(out, k.getKey() + " p99 ms", k.getValue().get("p99Nanos").asLong() / 1e6);
        add(out, k.getKey() + " max ms", k.getValue().get("maxNanos").asLong() / 1e6);
      });
      for (String call : List.of("write", "close")) {
        long calls = 0;
        long nanos = 0;
        long[] buckets = new long[0];
        long max = 0;
        for (JsonNode fs : j.at("/instrumentation")) {
          calls += fs.at("/counters/" + call + ".call").asLong();
          nanos += fs.at("/counters/" + call + ".allTimeNanos").asLong();
          max = Math.max(max, fs.at("/counters/" + call + ".maxNanos").asLong());
          JsonNode counts = fs.at("/buckets/" + call);
          assertTrue(counts.isArray() || fs.at("/counters/" + call + ".call").asLong() == 0, fs.toString());
          if (counts.isArray()) {
            buckets = AgentBuckets.sum(buckets, ResultWriter.mapper().convertValue(counts, long[].class));
          }
        }
        add(out, call + " calls", calls);
        add(out, call + " total ms", nanos / 1e6);
        add(out, call + " mean ms", nanos / 1e6 / calls);
        // the agent's percentiles: the reports' buckets added together, the largest max
        assertEquals(calls, Arrays.stream(buckets).sum(), call);
        add(out, call + " agent p50 ms", AgentBuckets.percentile(buckets, max, 0.5) / 1e6);
        add(out, call + " agent p99 ms", AgentBuckets.percentile(buckets, max, 0.99) / 1e6);
        add(out, call + " agent max ms", max / 1e6);
        if (j.at("/instrumentation").size() == 1) {
          // one file system: its own p99, as the agent computed it
          assertEquals(j.at("/instrumentation/0/counters/" + call + ".p99Nanos").asLong(),
              AgentBuckets.percentile(buckets, max, 0.99), call);
        }
      }
    }
    return out;
  }

  private static void add(Map<String, List<Double>> out, String figure, double value) {
    out.computeIfAbsent(figure, k -> new ArrayList<>()).add(value);
  }

  /** {median, min, max}: the median of an even number of values is the mean of the two middle ones. */
  private static double[] spread(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return new double[] {median, v[0], v[n - 1]};
  }

  private static String cell(double[] s) {
    return number(s[0]) + " [" + number(s[1]) + " - " + number(s[2]) + "]";
  }

  /**
   * A number as the table prints it, written here from the rule rather than taken from the code under test: a whole
   * number without decimals, from 1 up two decimals, below 1 three significant digits.
   */
  static String number(double v) {
    if (v == Math.floor(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    if (Math.abs(v) >= 1) {
      return String.format(java.util.Locale.ROOT, "%.2f", v);
    }
    java.math.BigDecimal d = java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(3));
    // three digits even when they end in zeros (0.5 is 0.500)
    return (d.precision() < 3 ? d.setScale(d.scale() + 3 - d.precision()) : d).toPlainString();
  }

  private static void assertClose(double[] expected, Map<String, String> row) {
    String[] names = {"median", "min", "max"};
    for (int i = 0; i < 3; i++) {
      assertEquals(expected[i], Double.parseDouble(row.get(names[i])), Math.abs(expected[i]) * 1e-12, names[i]);
    }
  }

  /** The printed table: each figure's cells (after the figure's name), split where columns are 2+ spaces apart. */
  private static Map<String, List<String>> table(String out) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    List<String> lines = out.lines().toList();
    int rule = 0;
    while (!lines.get(rule).startsWith("---")) {
      rule++;
    }
    for (String line : lines.subList(rule + 1, lines.size())) {
      if (line.isBlank()) {
        break;
      }
      String[] cells = line.split(" {2,}");
      List<String> rest = new ArrayList<>(Arrays.asList(cells).subList(1, cells.length));
      rows.put(cells[0], rest);
    }
    // a column without a value (an empty cell) only occurs with --force: put it back by position
    if (out.contains("workloads differ")) {
      int at = rule;
      rows.replaceAll((figure, cells) -> positional(lines, at, figure));
    }
    return rows;
  }

  /** A row's cells cut at the header's column ends (right-aligned columns). */
  private static List<String> positional(List<String> lines, int rule, String figure) {
    String[] dashes = lines.get(rule).split("  ");
    String line = lines.stream().filter(l -> l.startsWith(figure + " ")).findFirst().orElseThrow();
    List<String> cells = new ArrayList<>();
    int at = dashes[0].length();
    for (int i = 1; i < dashes.length; i++) {
      int end = Math.min(line.length(), at + 2 + dashes[i].length());
      cells.add(line.length() <= at ? "" : line.substring(Math.min(at, line.length()), end).strip());
      at += 2 + dashes[i].length();
    }
    return cells;
  }

  /** The comparison's CSV rows by "figure|group". */
  private static Map<String, Map<String, String>> csvRows(Path csv) throws Exception {
    CsvFilesIT.Csv read = CsvFilesIT.Csv.read(csv);
    assertEquals(List.of("figure", "group", "runs", "median", "min", "max", "ratio", "overlaps_first"), read.columns());
    Map<String, Map<String, String>> rows = new LinkedHashMap<>();
    read.rows().forEach(row -> rows.put(row.get("figure") + "|" + row.get("group"), row));
    return rows;
  }

  private static Path copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> s = Files.list(from)) {
      for (Path f : s.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }
}
