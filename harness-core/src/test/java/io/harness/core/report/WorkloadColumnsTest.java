package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.cli.Harness;
import io.harness.core.records.TaskRecord;
import io.harness.core.workload.Column;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A column a workload publishes in its figures alone (the sample workload's {@code widgets_per_sec} and
 * {@code widget_lateness_ms}, which no class of core names) reaches result.csv, a saved run's columns and
 * {@code harness compare}'s table and CSV, with its heading and value.
 */
class WorkloadColumnsTest {
  @TempDir
  Path dir;

  @Test
  void aColumnOfTheWorkloadAloneReachesEveryTable() throws Exception {
    SavedRun a = SampleRun.save(dir.resolve("a"), false);
    SavedRun b = SampleRun.save(dir.resolve("b"), false);
    long bytes = a.records().tasks().stream().filter(t -> !t.failed()).mapToLong(TaskRecord::bytes).sum();
    double widgets = bytes / 1000.0;
    for (SavedRun run : List.of(a, b)) {
      RunCsv.write(run.dir(), run.result(), run.columns(), run.records(), System.err);
    }

    // result.csv: after the run's columns and the slots every result.csv has, the workload's own
    Map<String, String> row = RunCsv.readResult(a.dir());
    assertEquals(widgets, Double.parseDouble(row.get("widgets_per_sec")), 1e-9, row.toString());
    assertEquals(12.5, Double.parseDouble(row.get("widget_lateness_ms")), row.toString());
    List<String> header = List.of(Files.readAllLines(a.dir().resolve(RunCsv.RESULT)).get(0).split(","));
    assertEquals(RunCsv.RESULT_COLUMNS, header.subList(0, RunCsv.RESULT_COLUMNS.size()));
    assertEquals(List.of("widgets_per_sec", "widget_lateness_ms"),
        header.subList(RunCsv.RESULT_COLUMNS.size(), RunCsv.RESULT_COLUMNS.size() + 2));

    // read back by name alone (a run whose workload is not on the class path): unit and direction from the name
    Map<String, Column> read = new java.util.LinkedHashMap<>();
    RunCsv.readColumns(a.dir()).forEach(c -> read.put(c.name(), c));
    assertEquals(Column.Direction.HIGHER_IS_BETTER, read.get("widgets_per_sec").direction());
    assertEquals(widgets, read.get("widgets_per_sec").value(), 1e-9);
    assertEquals(Column.Direction.LOWER_IS_BETTER, read.get("widget_lateness_ms").direction());
    assertEquals("ms", read.get("widget_lateness_ms").unit());

    // harness compare: a row per column, by its heading, with both runs' values and their ratio
    Path csv = dir.resolve("compare.csv");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), "compare", a.dir().toString(), b.dir().toString(),
        "--csv", csv.toString());
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, printed + err.toString(StandardCharsets.UTF_8));
    String widgetsRow = printed.lines().filter(l -> l.strip().startsWith("widgets/s")).findFirst().orElse(null);
    assertTrue(widgetsRow != null && widgetsRow.contains("x1.00"), printed);
    assertTrue(printed.lines().anyMatch(l -> l.strip().startsWith("widget lateness ms")), printed);
    List<String> lines = Files.readAllLines(csv);
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("widgets/s,") && l.contains(String.valueOf(widgets))),
        lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("widget lateness ms,") && l.contains("12.5")),
        lines.toString());

    // the report: a row of the run's result table per column, its heading and value
    out.reset();
    err.reset();
    Path html = dir.resolve("report.html");
    code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), "report", a.dir().toString(), "-o", html.toString());
    assertEquals(0, code, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
    String page = Files.readString(html);
    assertTrue(page.matches("(?s).*widgets/s</t[hd]>\\s*<td[^>]*>" + java.util.regex.Pattern.quote(
        Html.number(widgets, 2)) + "</td>.*"), "widgets/s and its value in the report's result table");
    assertTrue(page.matches("(?s).*widget lateness ms</t[hd]>\\s*<td[^>]*>" + java.util.regex.Pattern.quote(
        Html.number(12.5, 2)) + "</td>.*"),
        "the lateness and its value in the report's result table");
  }
}
