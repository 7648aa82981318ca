package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.RecordsFile;
import io.harness.core.records.RunRecords;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CSV files of real runs (dfsio, teragen and freon dfsg on the local file system, in this JVM through the
 * harness's entry point): their columns as docs/analyze-report-compare.md documents them, and every number against the run's
 * result.json and against the figures computed here from its saved records.
 */
class CsvFilesIT {
  /** The docs' tables of the columns: each file's, {@code KIND_} where each kind of call has one. */
  private static final Map<String, List<String>> DOCUMENTED = documented();
  private static final String KIND = "KIND_";

  private static final double MB = 1 << 20;

  @TempDir
  Path work;

  @Test
  void dfsioWrite() throws Exception {
    Path run = run("dfsio", "-write", "-nrFiles", "3", "-fileSize", "6MB", "-bufferSize", "256KB", "-t", "2",
        "--root", work.resolve("root").toString());
    JsonNode json = Runs.result(run);
    Map<String, String> row = checkResultCsv(run, json, List.of("create", "write", "close"));
    JsonNode legacy = json.at("/figures/legacy");
    assertEquals(legacy.get("throughputMbSec").asDouble(), number(row, "testdfsio_throughput_mb_per_sec"));
    assertEquals(legacy.get("averageIoRateMbSec").asDouble(), number(row, "testdfsio_average_io_rate_mb_per_sec"));
    assertEquals(legacy.get("ioRateStdDev").asDouble(), number(row, "testdfsio_io_rate_std_dev"));
    // TestDFSIO's throughput: total MB over the sum of the task times (ms), from the records
    RunRecords records = RecordsFile.read(run);
    double sumMillis = records.tasks().stream().mapToDouble(t -> (t.endEpochNanos() - t.startEpochNanos()) / 1e6)
        .sum();
    assertEquals(3 * 6.0 / (sumMillis / 1000), number(row, "testdfsio_throughput_mb_per_sec"), 1e-6);
    assertEquals("", row.get("item"));
    assertEquals("", row.get("items"));
    assertEquals("", row.get("items_per_sec"));
    assertEquals(3L * 6 * (1 << 20), (long) number(row, "bytes"));
    // 24 calls of 256 KB per file
    assertEquals(3 * 24, (long) number(row, "write_ops"));
    checkTimeseries(run, json);
    checkTasks(run, json);
  }

  @Test
  void teragen() throws Exception {
    Path run = run("teragen", "20000", work.resolve("tera").toString(), "-m", "2");
    JsonNode json = Runs.result(run);
    Map<String, String> row = checkResultCsv(run, json, null);
    assertEquals("rows", row.get("item"));
    assertEquals(20000, (long) number(row, "items"));
    assertEquals(20000 / json.at("/figures/elapsedSeconds").asDouble(), number(row, "items_per_sec"), 1e-9);
    assertEquals("", row.get("testdfsio_throughput_mb_per_sec"));
    assertEquals(20000L * 100, (long) number(row, "bytes"));
    checkTimeseries(run, json);
    checkTasks(run, json);
  }

  @Test
  void freonDfsg() throws Exception {
    Path run = run("freon", "dfsg", "-n", "30", "-s", "4096", "-t", "3", "--path",
        work.resolve("dfsg").toUri().toString());
    JsonNode json = Runs.result(run);
    Map<String, String> row = checkResultCsv(run, json, null);
    assertEquals("files", row.get("item"));
    assertEquals(30, (long) number(row, "items"));
    RunRecords records = RecordsFile.read(run);
    assertEquals(30 / (records.engineMillis() / 1e3), number(row, "items_per_sec"), 1e-9);
    assertEquals(json.at("/figures/filesPerSecond").asDouble(), number(row, "items_per_sec"));
    assertEquals(30, (long) number(row, "file_ops"));
    checkTimeseries(run, json);
    checkTasks(run, json);
  }

  /**
   * result.csv: its columns, and each figure against result.json and the records (bytes, time, MB/s, every
   * percentile of each kind of call from the tasks' merged histograms); {@code kinds}, when given, are the kinds
   * in the order of their columns.
   */
  private static Map<String, String> checkResultCsv(Path run, JsonNode json, List<String> kinds) throws Exception {
    Csv csv = Csv.read(run.resolve("result.csv"));
    assertEquals(1, csv.rows().size());
    Map<String, String> row = csv.rows().get(0);
    List<String> found = new ArrayList<>();
    json.at("/aggregate/latency").fieldNames().forEachRemaining(found::add);
    if (kinds != null) {
      assertEquals(kinds, found);
    }
    assertEquals(columns("result.csv", found), csv.columns());

    assertEquals(run.getFileName().toString(), row.get("run"));
    for (String f : List.of("workload", "operation", "target", "startedAt")) {
      assertEquals(json.get(f).asText(), row.get(f.equals("startedAt") ? "started_at" : f));
    }
    assertEquals(json.get("exitCode").asInt(), (int) number(row, "exit_code"));
    JsonNode a = json.get("aggregate");
    assertEquals(a.get("tasks").asLong(), (long) number(row, "tasks"));
    assertEquals(a.get("failedTasks").asLong(), (long) number(row, "failed_tasks"));
    assertEquals(a.get("bytes").asLong(), (long) number(row, "bytes"));
    assertEquals(a.get("wallSeconds").asDouble(), number(row, "seconds"));
    assertEquals(a.get("mbPerSec").asDouble(), number(row, "mb_per_sec"));

    RunRecords records = RecordsFile.read(run);
    assertEquals(records.tasks().size(), (long) number(row, "tasks"));
    assertEquals(0, (long) number(row, "failed_tasks"));
    long bytes = records.tasks().stream().mapToLong(TaskRecord::bytes).sum();
    long first = records.tasks().stream().mapToLong(TaskRecord::startEpochNanos).min().orElseThrow();
    long last = records.tasks().stream().mapToLong(TaskRecord::endEpochNanos).max().orElseThrow();
    assertEquals(bytes, (long) number(row, "bytes"));
    assertEquals((last - first) / 1e9, number(row, "seconds"), 1e-12);
    assertEquals(bytes / MB / ((last - first) / 1e9), number(row, "mb_per_sec"), 1e-9);
    Map<String, Histogram> merged = new LinkedHashMap<>();
    records.tasks().forEach(t -> t.latency().forEach((k, h) -> merged.computeIfAbsent(k, x -> new Histogram(3))
        .add(h)));
    assertEquals(found, new ArrayList<>(merged.keySet()));
    merged.forEach((k, h) -> {
      assertEquals(h.getTotalCount(), (long) number(row, k + "_ops"), k);
      assertEquals(h.getMean() / 1e6, number(row, k + "_mean_ms"), 1e-9, k);
      assertEquals(h.getValueAtPercentile(50) / 1e6, number(row, k + "_p50_ms"), k);
      assertEquals(h.getValueAtPercentile(90) / 1e6, number(row, k + "_p90_ms"), k);
      assertEquals(h.getValueAtPercentile(99) / 1e6, number(row, k + "_p99_ms"), k);
      assertEquals(h.getValueAtPercentile(99.9) / 1e6, number(row, k + "_p999_ms"), k);
      assertEquals(h.getMaxValue() / 1e6, number(row, k + "_max_ms"), k);
    });
    return row;
  }

  /**
   * timeseries.csv: one row per second of result.json's series (no task failed, so both start at the first task),
   * and each second's calls per kind: the interval histograms whose middle falls in it, merged here from the
   * records; every call of the run is in some second.
   */
  private static void checkTimeseries(Path run, JsonNode json) throws Exception {
    Csv csv = Csv.read(run.resolve("timeseries.csv"));
    RunRecords records = RecordsFile.read(run);
    List<String> kinds = new ArrayList<>();
    json.at("/aggregate/latency").fieldNames().forEachRemaining(kinds::add);
    assertEquals(columns("timeseries.csv", kinds), csv.columns());

    JsonNode series = json.at("/aggregate/timeSeries");
    assertEquals(series.size(), csv.rows().size());
    long origin = records.tasks().stream().mapToLong(TaskRecord::startEpochNanos).min().orElseThrow();
    int n = series.size();
    Map<String, Histogram[]> perSecond = new LinkedHashMap<>();
    for (Intervals.Interval i : records.intervals()) {
      long middle = records.engineStartEpochNanos() + i.second() * 1_000_000_000L + 500_000_000L;
      int s = (int) Math.floorDiv(middle - origin, 1_000_000_000L);
      s = Math.max(0, Math.min(n - 1, s));
      Histogram[] h = perSecond.computeIfAbsent(i.kind(), k -> new Histogram[n]);
      if (h[s] == null) {
        h[s] = new Histogram(3);
      }
      h[s].add(i.histogram());
    }
    long bytes = 0;
    for (int s = 0; s < n; s++) {
      Map<String, String> row = csv.rows().get(s);
      JsonNode j = series.get(s);
      assertEquals(s, (int) number(row, "second"));
      assertEquals(j.get("seconds").asDouble(), number(row, "seconds"));
      assertEquals(j.get("bytes").asLong(), (long) number(row, "bytes"));
      assertEquals(j.get("mbPerSec").asDouble(), number(row, "mb_per_sec"));
      bytes += (long) number(row, "bytes");
      long ops = 0;
      for (String k : kinds) {
        Histogram h = perSecond.containsKey(k) ? perSecond.get(k)[s] : null;
        long calls = h == null ? 0 : h.getTotalCount();
        assertEquals(calls, (long) number(row, k + "_ops"), k + " in second " + s);
        ops += calls;
        if (h == null) {
          assertEquals("", row.get(k + "_p50_ms"));
          continue;
        }
        assertEquals(h.getValueAtPercentile(50) / 1e6, number(row, k + "_p50_ms"));
        assertEquals(h.getValueAtPercentile(99) / 1e6, number(row, k + "_p99_ms"));
        assertEquals(h.getMaxValue() / 1e6, number(row, k + "_max_ms"));
      }
      assertEquals(ops, (long) number(row, "ops"));
    }
    assertEquals(json.at("/aggregate/bytes").asLong(), bytes);
    for (String k : kinds) {
      long all = csv.rows().stream().mapToLong(row -> (long) number(row, k + "_ops")).sum();
      assertEquals(json.at("/aggregate/latency/" + k + "/count").asLong(), all, k + ": every call in some second");
    }
  }

  /** tasks.csv: one row per task, in the records' order, against result.json's tasks and the records. */
  private static void checkTasks(Path run, JsonNode json) throws Exception {
    Csv csv = Csv.read(run.resolve("tasks.csv"));
    assertEquals(columns("tasks.csv", List.of()), csv.columns());
    RunRecords records = RecordsFile.read(run);
    long origin = records.tasks().stream().mapToLong(TaskRecord::startEpochNanos).min().orElseThrow();
    JsonNode tasks = json.get("tasks");
    assertEquals(records.tasks().size(), csv.rows().size());
    assertEquals(tasks.size(), csv.rows().size());
    for (int i = 0; i < tasks.size(); i++) {
      Map<String, String> row = csv.rows().get(i);
      JsonNode t = tasks.get(i);
      TaskRecord rec = records.tasks().get(i);
      assertEquals(t.get("index").asInt(), (int) number(row, "index"));
      assertEquals(t.get("name").asText(), row.get("name"));
      assertEquals(rec.name(), row.get("name"));
      assertEquals(rec.bytes(), (long) number(row, "bytes"));
      assertEquals((rec.startEpochNanos() - origin) / 1e9, number(row, "start_second"));
      assertEquals((rec.endEpochNanos() - origin) / 1e9, number(row, "end_second"));
      assertEquals(t.get("seconds").asDouble(), number(row, "seconds"));
      assertEquals(t.get("mbPerSec").asDouble(), number(row, "mb_per_sec"));
      assertEquals(rec.bytes() / MB / ((rec.endEpochNanos() - rec.startEpochNanos()) / 1e9),
          number(row, "mb_per_sec"), 1e-9);
      assertNull(rec.error());
      assertEquals("", row.get("error"));
    }
  }

  /** Runs the command line in this JVM with its own --run-dir; the run's folder. */
  private Path run(String... args) throws Exception {
    Path runs = Files.createTempDirectory(work, "runs");
    List<String> line = new ArrayList<>(List.of(args));
    line.addAll(List.of("--run-dir", runs.toString()));
    Run r = Cli.run(line.toArray(new String[0]));
    assertExit(r, 0);
    return Runs.latest(runs);
  }

  /** The columns each of the docs' CSV tables names, by file ({@code result.csv}: its table after its line). */
  private static Map<String, List<String>> documented() {
    Map<String, List<String>> tables = new LinkedHashMap<>();
    try {
      Path readme = Path.of(System.getProperty("user.dir")).getParent().resolve("docs/analyze-report-compare.md");
      List<String> lines = Files.readAllLines(readme);
      List<String> table = null;
      for (String line : lines) {
        java.util.regex.Matcher file = java.util.regex.Pattern.compile("^`(\\w+\\.csv)`: ").matcher(line);
        if (file.find()) {
          table = tables.computeIfAbsent(file.group(1), k -> new ArrayList<>());
        } else if (table != null && line.startsWith("| `")) {
          table.add(line.substring(3, line.indexOf('`', 3)));
        } else if (table != null && !table.isEmpty() && !line.startsWith("|")) {
          table = null;
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return tables;
  }

  /** The documented columns of {@code file} before the per-kind ones, and then each kind's. */
  private static List<String> columns(String file, List<String> kinds) {
    List<String> doc = DOCUMENTED.get(file);
    assertTrue(doc != null && !doc.isEmpty(), "docs/analyze-report-compare.md documents " + file + "'s columns: " + DOCUMENTED.keySet());
    // host_NAME_ and client_N_ columns appear only for runs on several hosts or clients (PerHostSeriesTest has
    // them); these runs are one client on one host
    List<String> out = new ArrayList<>(doc.stream().filter(c -> !c.startsWith(KIND) && !c.startsWith("host_NAME_")
        && !c.startsWith("client_N_")).toList());
    for (String k : kinds) {
      doc.stream().filter(c -> c.startsWith(KIND)).forEach(c -> out.add(k + "_" + c.substring(KIND.length())));
    }
    return out;
  }

  private static double number(Map<String, String> row, String column) {
    assertTrue(row.containsKey(column), "no column " + column + " in " + row.keySet());
    return Double.parseDouble(row.get(column));
  }

  /** A CSV file read back with Jackson's CSV module: its header and its rows by column name. */
  record Csv(List<String> columns, List<Map<String, String>> rows) {
    static Csv read(Path file) throws Exception {
      com.fasterxml.jackson.dataformat.csv.CsvMapper mapper = new com.fasterxml.jackson.dataformat.csv.CsvMapper();
      com.fasterxml.jackson.dataformat.csv.CsvSchema header =
          com.fasterxml.jackson.dataformat.csv.CsvSchema.emptySchema().withHeader();
      List<Map<String, String>> rows = new ArrayList<>();
      List<String> columns = new ArrayList<>();
      try (com.fasterxml.jackson.databind.MappingIterator<Map<String, String>> it =
          mapper.readerForMapOf(String.class).with(header).readValues(file.toFile())) {
        while (it.hasNext()) {
          rows.add(it.next());
        }
        if (it.getParser().getSchema() instanceof com.fasterxml.jackson.dataformat.csv.CsvSchema s) {
          Iterator<com.fasterxml.jackson.dataformat.csv.CsvSchema.Column> c = s.iterator();
          c.forEachRemaining(col -> columns.add(col.getName()));
        }
      }
      return new Csv(columns, rows);
    }
  }
}
