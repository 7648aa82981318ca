package io.harness.core.experiment;

import io.harness.core.experiment.ExperimentFile.Step;
import io.harness.core.experiment.ExperimentFile.TargetSpec;
import io.harness.core.experiment.ExperimentPlan.Row;
import io.harness.core.experiment.ExperimentRunner.Outcome;
import io.harness.core.report.Comparison;
import io.harness.core.report.CsvFile;
import io.harness.core.report.Spread;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The experiment's table, the way such studies print it: a line per workload, parameters, step and figure (each
 * step shows its own figures), a column per target, each cell the median of the repeats with every repeat beside
 * it ({@code 556 (556, 564, 585)}; a failed repeat shows as {@code failed}, one a signal stopped as {@code stopped},
 * and neither counts in a median). Written as
 * Markdown and CSV; the figures are read from each run's own {@code result.csv}.
 */
final class ExperimentTable {
  /** The columns of {@code table.csv}: one row per line, figure and target. */
  static final List<String> CSV_COLUMNS = List.of("workload", "step", "params", "figure", "target", "repeats",
      "failed", "median", "min", "max", "values", "runs");

  /** A line of the table: a row's step. */
  record Line(Row row, Step step) {
    String label() {
      return row.label() + (row.workload().steps().size() > 1 ? " / " + step.name() : "");
    }

    String id() {
      return row.id() + (row.workload().steps().size() > 1 ? "-" + step.name() : "");
    }
  }

  /** One cell: a target's values of one figure over the repeats (null: failed or missing), and its runs. */
  record Cell(List<Double> values, List<Outcome> runs) {
    List<Double> ok() {
      return values.stream().filter(v -> v != null).toList();
    }

    Spread spread() {
      List<Double> ok = ok();
      return ok.isEmpty() ? null : Spread.of(ok.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The runs that failed (a run a signal stopped did not fail). */
    long failed() {
      return runs.stream().filter(o -> !o.ok() && !o.stopped()).count();
    }

    String text() {
      if (runs.isEmpty()) {
        return "";
      }
      Spread s = spread();
      if (s == null) {
        return failed() > 0 ? "failed" : runs.stream().anyMatch(Outcome::stopped) ? "stopped" : "n/a";
      }
      if (values.size() == 1) {
        return Comparison.number(s.median());
      }
      List<String> each = new ArrayList<>();
      for (int i = 0; i < values.size(); i++) {
        each.add(values.get(i) != null ? Comparison.number(values.get(i)) : runs.get(i).ok() ? "n/a"
            : runs.get(i).stopped() ? "stopped" : "failed");
      }
      return Comparison.number(s.median()) + " (" + String.join(", ", each) + ")";
    }
  }

  private final ExperimentPlan plan;
  private final List<Outcome> outcomes;
  private final Map<Path, Map<String, String>> csv = new java.util.HashMap<>();

  ExperimentTable(ExperimentPlan plan, List<Outcome> outcomes) {
    this.plan = plan;
    this.outcomes = outcomes;
  }

  List<Line> lines() {
    List<Line> lines = new ArrayList<>();
    plan.rows().forEach(r -> r.workload().steps().forEach(s -> lines.add(new Line(r, s))));
    return lines;
  }

  /** The runs of {@code line} on {@code target}, in repeat order. */
  List<Outcome> runs(Line line, TargetSpec target) {
    return outcomes.stream().filter(o -> o.run().row() == line.row() && o.run().step() == line.step()
        && o.run().target() == target).sorted(java.util.Comparator.comparingInt(o -> o.run().repeat())).toList();
  }

  Cell cell(Line line, TargetSpec target, String figure) throws IOException {
    List<Outcome> runs = runs(line, target);
    List<Double> values = new ArrayList<>();
    for (Outcome o : runs) {
      values.add(o.ok() ? value(o.dir(), figure) : null);
    }
    return new Cell(values, runs);
  }

  private Double value(Path dir, String figure) throws IOException {
    Map<String, String> row = csv.get(dir);
    if (row == null) {
      row = io.harness.core.report.RunCsv.readResult(dir);
      csv.put(dir, row);
    }
    String v = row.get(figure);
    try {
      return v == null ? null : Double.valueOf(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The table in Markdown: a line per workload, step and figure, a column per target. */
  List<String> markdown() throws IOException {
    List<TargetSpec> targets = plan.targets();
    List<String> out = new ArrayList<>();
    StringBuilder head = new StringBuilder("| workload | figure |");
    StringBuilder rule = new StringBuilder("|---|---|");
    for (TargetSpec t : targets) {
      head.append(' ').append(t.name()).append(" |");
      rule.append("---|");
    }
    out.add(head.toString());
    out.add(rule.toString());
    for (Line line : lines()) {
      for (String figure : line.step().figures()) {
        StringBuilder b = new StringBuilder("| " + line.label() + " | " + figure + unit(figure) + " |");
        for (TargetSpec t : targets) {
          b.append(' ').append(cell(line, t, figure).text()).append(" |");
        }
        out.add(b.toString());
      }
    }
    return out;
  }

  private static String unit(String figure) {
    String u = ExperimentFigures.unit(figure);
    return u.isEmpty() ? "" : " (" + u + ")";
  }

  /** Writes the table as CSV ({@link #CSV_COLUMNS}), the numbers in full. */
  void writeCsv(Path file, Path experimentDir) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    for (Line line : lines()) {
      String params = String.join(";", line.row().params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
          .toList());
      for (String figure : line.step().figures()) {
        for (TargetSpec t : plan.targets()) {
          Cell c = cell(line, t, figure);
          if (c.runs().isEmpty()) {
            continue;
          }
          Spread s = c.spread();
          rows.add(Arrays.asList(line.row().workload().name(), line.step().name(), params, figure, t.name(),
              c.runs().size(), c.failed(), s == null ? null : s.median(), s == null ? null : s.min(),
              s == null ? null : s.max(), String.join(";", c.values().stream().map(v -> v == null ? "" : v.toString())
                  .toList()),
              String.join(";", c.runs().stream().map(o -> o.dir() == null ? "" : experimentDir.relativize(o.dir())
                  .toString()).toList())));
        }
      }
    }
    CsvFile.write(file, CSV_COLUMNS, rows);
  }
}
