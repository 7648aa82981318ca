package io.harness.core.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.harness.core.records.Intervals;
import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import io.harness.core.result.RunResult;
import io.harness.core.result.SecondSample;
import io.harness.core.result.TaskResult;
import io.harness.core.workload.Column;
import io.harness.core.records.RunRecords;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The CSV files of a run's folder, written after its {@code result.json} (the README has a table of their
 * columns):
 * <ul>
 *   <li>{@value #RESULT}: one row, the run's summary: what ran where, the aggregate, TestDFSIO's three figures
 *       and the items per second where the workload has them, and per kind of call its count and latency;
 *   <li>{@value #TIMESERIES}: one row per second of the run ({@link RunSeries}' time axis): the bytes of the
 *       tasks that succeeded and their MB/s, the calls of the per-second latency histogram whose middle falls in
 *       that second (those outside the run in its first or last) and, per kind, their count and p50 / p99 / max
 *       latency (empty where the engine does not see the calls); and, for a run on more than one host (or in more
 *       than one client JVM), each host's (client's) bytes and MB/s ({@code host_NAME_bytes},
 *       {@code host_NAME_mb_per_sec}; {@code client_N_bytes}, ...), which add up to the run's;
 *   <li>{@value #TASKS}: one row per task: its bytes, start and end on the same time axis, seconds, MB/s and
 *       error.
 * </ul>
 * Times are in seconds, latency in milliseconds, MB is 2^20 bytes. Writing them never fails a run.
 */
public final class RunCsv {
  public static final String RESULT = "result.csv";
  public static final String TIMESERIES = "timeseries.csv";
  public static final String TASKS = "tasks.csv";

  /** The run's own columns of {@value #RESULT}, first in every one. */
  public static final List<String> RUN_COLUMNS = List.of("run", "workload", "operation", "target", "started_at",
      "exit_code", "tasks", "failed_tasks", "bytes", "seconds", "mb_per_sec");
  /**
   * The workloads' columns that every {@value #RESULT} has, after the run's (empty where the run's workload has
   * none): TestDFSIO's three and the items ({@code item} is the word of the {@code items} column's unit). A
   * workload's other columns follow them, in its order.
   */
  public static final List<String> WORKLOAD_SLOTS = List.of("testdfsio_throughput_mb_per_sec",
      "testdfsio_average_io_rate_mb_per_sec", "testdfsio_io_rate_std_dev", "item", "items", "items_per_sec");
  /** The columns of {@value #RESULT} before a workload's other columns and the per-kind ones. */
  public static final List<String> RESULT_COLUMNS = java.util.stream.Stream.concat(RUN_COLUMNS.stream(),
      WORKLOAD_SLOTS.stream()).toList();
  /** Each kind of call's columns in {@value #RESULT}, after its name: {@code write_p99_ms}. */
  public static final List<String> KIND_COLUMNS = List.of("ops", "mean_ms", "p50_ms", "p90_ms", "p99_ms", "p999_ms",
      "max_ms");
  /** The columns of {@value #TIMESERIES} before the per-kind ones ({@code write_ops}, {@code write_p50_ms}, ...). */
  public static final List<String> SECOND_COLUMNS = List.of("second", "seconds", "bytes", "mb_per_sec", "ops");
  /** Each kind of call's columns in {@value #TIMESERIES}, after its name. */
  public static final List<String> SECOND_KIND_COLUMNS = List.of("ops", "p50_ms", "p99_ms", "max_ms");
  /** Each host's (or client's) columns in {@value #TIMESERIES}, after its name, when there are several. */
  public static final List<String> HOST_COLUMNS = List.of("bytes", "mb_per_sec");
  /** The columns of {@value #TASKS}. */
  public static final List<String> TASK_COLUMNS = List.of("index", "name", "bytes", "start_second", "end_second",
      "seconds", "mb_per_sec", "error", "host");

  private RunCsv() {}

  /**
   * Writes the three files into {@code dir}, the folder of the run {@code result} with these records and the
   * summary of its figures; a failure is one warning line on {@code err}.
   */
  public static void write(Path dir, RunResult result, List<Column> workloadColumns, RunRecords records,
      PrintStream err) {
    String file = RESULT;
    try {
      writeResult(dir.resolve(RESULT), dir.getFileName().toString(), result, workloadColumns);
      file = TIMESERIES;
      RunSeries series = RunSeries.of(records);
      writeTimeseries(dir.resolve(TIMESERIES), series, records, result.aggregate());
      file = TASKS;
      writeTasks(dir.resolve(TASKS), result.tasks(), series.originEpochNanos());
    } catch (Exception | LinkageError e) {
      err.println("warning: " + dir.resolve(file) + " not written: " + String.valueOf(e).replaceAll("\\s+", " "));
    }
  }

  /**
   * The workload's own columns as the run's {@value #RESULT} saved them (none when the file is missing or
   * unreadable): how a run whose workload is not on this class path is compared. Their headings, units and
   * directions are read from their names ({@link #column}).
   */
  public static List<Column> readColumns(Path dir) {
    try {
      Map<String, String> row = readResult(dir);
      List<Column> out = new ArrayList<>();
      for (String name : row.keySet()) {
        Double v = number(row, name);
        if (!RUN_COLUMNS.contains(name) && !name.equals("item") && !isKindColumn(name) && v != null) {
          out.add(column(name, row.get("item"), v));
        }
      }
      return out;
    } catch (java.io.IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** A per-kind column of {@value #RESULT}: {@code write_p99_ms}. */
  private static final java.util.regex.Pattern KIND = java.util.regex.Pattern.compile("[a-z0-9_]+_("
      + String.join("|", KIND_COLUMNS) + ")");

  /** Whether {@code name} is a per-kind column of {@value #RESULT} ({@code write_p99_ms}, {@code create_ops}). */
  public static boolean isKindColumn(String name) {
    return KIND.matcher(name).matches();
  }

  /** A saved column known only by its name (and the run's {@code item} word). */
  static Column column(String name, String item, double value) {
    String word = item == null ? "items" : item;
    switch (name) {
      case "items":
        return Column.neither(name, word, word, value);
      case "items_per_sec":
        return Column.higher(name, word + "/s", word + "/s", value);
      case "testdfsio_throughput_mb_per_sec", "testdfsio_average_io_rate_mb_per_sec", "testdfsio_io_rate_std_dev":
        return Column.testDfsio(0, 0, 0).stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow()
            .with(value);
      default:
        break;
    }
    if (name.endsWith(Column.OPS_PER_SEC)) {
      return Column.opsPerSec(name.substring(0, name.length() - Column.OPS_PER_SEC.length()), value);
    }
    String unit = name.endsWith("_mb_per_sec") ? "MB/s" : name.endsWith("_ms") ? "ms"
        : name.endsWith("_per_sec") ? "/s" : "";
    Column.Direction d = name.endsWith("_ms") ? Column.Direction.LOWER_IS_BETTER
        : name.endsWith("_per_sec") ? Column.Direction.HIGHER_IS_BETTER : Column.Direction.NEITHER;
    return new Column(name, name.replace('_', ' '), unit, d, value);
  }

  /**
   * Refuses the {@value #RESULT} of a run whose workload is not on this class path (its figures are read from it,
   * {@link #readColumns}): missing, not CSV, or with a figure that is not a number. A {@link
   * io.harness.core.base.UsageException} naming {@code argument} and the file.
   */
  static void checkSummary(Path dir, String argument) {
    Path file = dir.resolve(RESULT);
    Map<String, String> row;
    try {
      row = java.nio.file.Files.isRegularFile(file) ? readResult(dir) : null;
    } catch (java.io.IOException | RuntimeException e) {
      throw new io.harness.core.base.UsageException(argument, file + " cannot be read: "
          + io.harness.core.base.JsonProblems.describe(e));
    }
    if (row == null || row.isEmpty()) {
      throw new io.harness.core.base.UsageException(argument, file + " is missing or empty: the figures of a run "
          + "whose workload is not on this class path are read from it");
    }
    for (Map.Entry<String, String> e : row.entrySet()) {
      boolean figure = e.getKey().endsWith("_per_sec") || e.getKey().startsWith("testdfsio_")
          || e.getKey().equals("items");
      if (figure && number(row, e.getKey()) == null) {
        throw new io.harness.core.base.UsageException(argument, file + ": " + e.getKey() + " is '" + e.getValue()
            + "', not a number");
      }
    }
  }

  /** The run's {@value #RESULT} by column (empty values left out); empty when the file is missing. */
  public static Map<String, String> readResult(Path dir) throws java.io.IOException {
    Path file = dir.resolve(RESULT);
    if (!java.nio.file.Files.isRegularFile(file)) {
      return Map.of();
    }
    try (MappingIterator<Map<String, String>> it = new CsvMapper().readerForMapOf(String.class)
        .with(CsvSchema.emptySchema().withHeader()).readValues(file.toFile())) {
      Map<String, String> row = new LinkedHashMap<>(it.hasNext() ? it.next() : Map.of());
      row.values().removeIf(v -> v == null || v.isEmpty());
      return row;
    }
  }

  private static Double number(Map<String, String> row, String column) {
    String v = row.get(column);
    try {
      return v == null || v.isEmpty() ? null : Double.valueOf(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static void writeResult(Path file, String run, RunResult r, List<Column> workload)
      throws java.io.IOException {
    Aggregate a = r.aggregate();
    List<String> columns = new ArrayList<>(RESULT_COLUMNS);
    List<Object> row = new ArrayList<>(Arrays.asList(run, r.workload(), r.operation(), r.target(), r.startedAt(),
        r.exitCode(), a.tasks(), a.failedTasks(), a.bytes(), a.wallSeconds(), a.mbPerSec()));
    Map<String, Column> own = new LinkedHashMap<>();
    workload.forEach(c -> own.put(c.name(), c));
    for (String slot : WORKLOAD_SLOTS) {
      Column items = own.get("items");
      row.add(slot.equals("item") ? (items == null ? null : items.unit())
          : own.containsKey(slot) ? cell(own.remove(slot).value()) : null);
    }
    own.values().forEach(c -> {
      columns.add(c.name());
      row.add(cell(c.value()));
    });
    for (Map.Entry<String, LatencySummary> e : a.latency().entrySet()) {
      String kind = CsvFile.name(e.getKey());
      KIND_COLUMNS.forEach(c -> columns.add(kind + "_" + c));
      LatencySummary l = e.getValue();
      row.addAll(List.of(l.count(), millis(l.meanNanos()), millis(l.p50Nanos()), millis(l.p90Nanos()),
          millis(l.p99Nanos()), millis(l.p999Nanos()), millis(l.maxNanos())));
    }
    CsvFile.write(file, columns, List.of(row));
  }

  /** A workload's value as its cell: a whole number (a count) without a fraction. */
  private static Object cell(Double v) {
    return v != null && v == Math.rint(v) && Math.abs(v) < 1L << 53 ? (Object) v.longValue() : v;
  }

  private static void writeTimeseries(Path file, RunSeries series, RunRecords records, Aggregate aggregate)
      throws java.io.IOException {
    int seconds = series.throughput().size();
    // each interval's calls go in the second its middle falls in on the series' axis (the first or last second
    // when it falls outside the run)
    double shift = (records.engineStartEpochNanos() - series.originEpochNanos()) / 1e9;
    Map<String, Histogram[]> at = new LinkedHashMap<>();
    aggregate.latency().keySet().forEach(kind -> at.put(kind, new Histogram[seconds]));
    for (Intervals.Interval i : records.intervals()) {
      int s = (int) Math.max(0, Math.min(seconds - 1, Math.floor(i.second() + 0.5 + shift)));
      Histogram[] kind = at.computeIfAbsent(i.kind(), k -> new Histogram[seconds]);
      if (kind[s] == null) {
        kind[s] = new Histogram(3);
      }
      kind[s].add(i.histogram());
    }
    List<String> columns = new ArrayList<>(SECOND_COLUMNS);
    at.keySet().forEach(kind -> SECOND_KIND_COLUMNS.forEach(c -> columns.add(CsvFile.name(kind) + "_" + c)));
    series.perHost().keySet().forEach(g -> HOST_COLUMNS.forEach(c -> columns.add(CsvFile.name(g) + "_" + c)));
    boolean seen = !records.intervals().isEmpty();
    List<List<Object>> rows = new ArrayList<>();
    for (SecondSample t : series.throughput()) {
      List<Object> row = new ArrayList<>(Arrays.asList(t.second(), t.seconds(), t.bytes(), t.mbPerSec(), null));
      long ops = 0;
      for (Histogram[] kind : at.values()) {
        Histogram h = kind[t.second()];
        if (h != null) {
          ops += h.getTotalCount();
          row.addAll(List.of(h.getTotalCount(), millis(h.getValueAtPercentile(50)), millis(h.getValueAtPercentile(99)),
              millis(h.getMaxValue())));
        } else {
          row.addAll(Arrays.asList(seen ? 0L : null, null, null, null));
        }
      }
      row.set(SECOND_COLUMNS.indexOf("ops"), seen ? ops : null);
      for (List<SecondSample> host : series.perHost().values()) {
        SecondSample h = host.get(t.second());
        row.addAll(List.of(h.bytes(), h.mbPerSec()));
      }
      rows.add(row);
    }
    CsvFile.write(file, columns, rows);
  }

  private static void writeTasks(Path file, List<TaskResult> tasks, long origin) throws java.io.IOException {
    List<List<Object>> rows = new ArrayList<>();
    for (TaskResult t : tasks) {
      rows.add(Arrays.asList(t.index(), t.name(), t.bytes(), (t.startEpochNanos() - origin) / 1e9,
          (t.endEpochNanos() - origin) / 1e9, t.seconds(), t.mbPerSec(), t.error(), t.host()));
    }
    CsvFile.write(file, TASK_COLUMNS, rows);
  }

  private static double millis(double nanos) {
    return nanos / 1e6;
  }
}
