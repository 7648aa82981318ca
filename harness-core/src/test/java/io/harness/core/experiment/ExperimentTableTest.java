package io.harness.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.harness.core.experiment.ExperimentRunner.Outcome;
import io.harness.core.report.CsvFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table's lines: each step shows its own figures, read from its runs' result.csv. */
class ExperimentTableTest {
  private static final String FILE = """
      figures: [seconds]
      targets:
        local: {fs: "file:///", root: /data}
      workloads:
        - name: pipe
          figures: [items_per_sec]
          steps:
            - {name: write, run: "dfsio -write --root ${root}/p", figures: [seconds, mb_per_sec]}
            - {name: count, run: "dfsio -read --root ${root}/p", figures: [items_per_sec]}
            - {name: copy, run: "dfsio -read --root ${root}/p"}
        - name: solo
          run: dfsio -write --root ${root}/s
      """;

  @Test
  void eachStepShowsItsOwnFigures(@TempDir Path dir) throws Exception {
    Path yaml = dir.resolve("e.yaml");
    Files.writeString(yaml, FILE.replace("figures: [items_per_sec]\n    steps", "steps"));
    ExperimentPlan plan = ExperimentPlan.of(ExperimentFile.read(yaml), 2, List.of());
    List<Outcome> outcomes = new ArrayList<>();
    for (ExperimentPlan.Run r : plan.runs()) {
      // every run's result.csv has all three figures: the table picks the step's
      Path runDir = Files.createDirectories(dir.resolve("runs").resolve("run-" + r.number()));
      CsvFile.write(runDir.resolve("result.csv"), List.of("seconds", "mb_per_sec", "items_per_sec"),
          List.<List<Object>>of(List.of(r.number(), 10.0 * r.number(), 100.0 * r.number())));
      outcomes.add(new Outcome(r, 0, runDir, r.number(), null));
    }
    ExperimentTable table = new ExperimentTable(plan, outcomes);
    assertEquals(List.of("| workload | figure | local |", "|---|---|---|",
        "| pipe / write | seconds (s) | 3 (1, 5) |",
        "| pipe / write | mb_per_sec (MB/s) | 30 (10, 50) |",
        "| pipe / count | items_per_sec (/s) | 400 (200, 600) |",
        "| pipe / copy | seconds (s) | 5 (3, 7) |",
        "| solo | seconds (s) | 6 (4, 8) |"), table.markdown());
    Path csv = dir.resolve("table.csv");
    table.writeCsv(csv, dir);
    List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
    assertEquals(String.join(",", ExperimentTable.CSV_COLUMNS), rows.get(0));
    List<String> stepsAndFigures = rows.subList(1, rows.size()).stream().map(l -> Arrays.asList(l.split(",", -1)))
        .map(l -> l.get(0) + "/" + l.get(1) + ":" + l.get(3) + "=" + l.get(10)).toList();
    assertEquals(List.of("pipe/write:seconds=1.0;5.0", "pipe/write:mb_per_sec=10.0;50.0",
        "pipe/count:items_per_sec=200.0;600.0", "pipe/copy:seconds=3.0;7.0", "solo/solo:seconds=4.0;8.0"),
        stepsAndFigures);
  }

  @Test
  void aWorkloadsFiguresAreItsStepsUnlessTheyNameTheirOwn(@TempDir Path dir) throws Exception {
    Path yaml = dir.resolve("e.yaml");
    Files.writeString(yaml, FILE);
    ExperimentPlan plan = ExperimentPlan.of(ExperimentFile.read(yaml), 1, List.of());
    ExperimentTable table = new ExperimentTable(plan, List.of());
    List<String> figures = new ArrayList<>();
    table.lines().forEach(l -> figures.add(l.label() + ": " + String.join(", ", l.step().figures())));
    assertEquals(List.of("pipe / write: seconds, mb_per_sec", "pipe / count: items_per_sec",
        "pipe / copy: items_per_sec", "solo: seconds"), figures);
  }

  /**
   * A column a workload publishes of its own ({@code widgets_per_sec}, {@code widget_lateness_ms} of the report tests'
   * sample workload, which no class of core names) is a figure an experiment names: its lines read it from the runs'
   * result.csv, as result.csv, compare and the report show it (WorkloadColumnsTest).
   */
  @Test
  void aWorkloadsOwnColumnIsAFigure(@TempDir Path dir) throws Exception {
    Path yaml = dir.resolve("e.yaml");
    Files.writeString(yaml, String.join("\n", "figures: [widgets_per_sec, widget_lateness_ms]", "targets:",
        "  local: {fs: \"file:///\", root: /data}", "workloads:", "  - name: sample",
        "    run: dfsio -write --root ${root}/s", ""));
    ExperimentPlan plan = ExperimentPlan.of(ExperimentFile.read(yaml), 2, List.of());
    List<Outcome> outcomes = new ArrayList<>();
    double widgets = 0;
    for (ExperimentPlan.Run r : plan.runs()) {
      io.harness.core.report.SavedRun run = io.harness.core.report.SampleRun.save(dir.resolve("run-" + r.number()),
          false);
      io.harness.core.report.RunCsv.write(run.dir(), run.result(), run.columns(), run.records(), System.err);
      widgets = run.columns().stream().filter(c -> c.name().equals("widgets_per_sec")).findFirst().orElseThrow()
          .value();
      outcomes.add(new Outcome(r, 0, run.dir(), r.number(), null));
    }
    ExperimentTable table = new ExperimentTable(plan, outcomes);
    String w = String.format(java.util.Locale.ROOT, "%.2f", widgets);
    List<String> md = table.markdown();
    assertEquals("| sample | widgets_per_sec (/s) | " + w + " (" + w + ", " + w + ") |", md.get(2), md.toString());
    assertEquals("| sample | widget_lateness_ms (ms) | 12.50 (12.50, 12.50) |", md.get(3), md.toString());
  }
}
