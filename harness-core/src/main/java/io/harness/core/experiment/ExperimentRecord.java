package io.harness.core.experiment;

import io.harness.core.experiment.ExperimentFile.TargetSpec;
import io.harness.core.experiment.ExperimentRunner.Outcome;
import io.harness.core.report.Comparison;
import io.harness.core.report.HtmlReport;
import io.harness.core.report.OptionDifferences;
import io.harness.core.report.RunGroup;
import io.harness.core.report.SavedRun;
import io.harness.core.result.ResultWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an experiment saves besides its runs: {@code experiment.json} (the targets and each run's line, outcome
 * and folder, rewritten after every run so a stopped experiment keeps what it did) and one HTML comparison per
 * line of the table ({@code rows/ID.html}: the targets' runs side by side, as {@code harness compare} draws them).
 */
final class ExperimentRecord {
  /** One run in {@code experiment.json}. */
  record RunEntry(int number, String workload, String step, Map<String, String> params, String target, int repeat,
      List<String> line, int exitCode, double seconds, String dir, String reason) {}

  /** {@code experiment.json}. */
  record Saved(String name, String description, int repeat, List<TargetSpec> targets, int runsPlanned,
      List<RunEntry> runs) {}

  private ExperimentRecord() {}

  static void write(Path dir, ExperimentPlan plan, List<Outcome> outcomes) {
    List<RunEntry> runs = new ArrayList<>();
    for (Outcome o : outcomes) {
      ExperimentPlan.Run r = o.run();
      runs.add(new RunEntry(r.number(), r.row().workload().name(), r.step().name(), r.row().params(),
          r.target().name(), r.repeat(), r.args(r.target().isEmbedded() ? "${root}" : r.target().root()), o.exitCode(),
          o.seconds(), o.dir() == null ? null : dir.relativize(o.dir()).toString(), o.reason()));
    }
    Saved saved = new Saved(plan.file().name(), plan.file().description(), plan.repeat(), plan.targets(),
        plan.runs().size(), runs);
    try {
      Path tmp = dir.resolve("experiment.json.tmp");
      ResultWriter.mapper().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), saved);
      Files.move(tmp, dir.resolve("experiment.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Adds what this JVM's datanodes did during a run in a JVM of its own (a Spark step on the experiment's cluster)
   * to that run's {@code instrumentation}, beside the client's counters: the entries with a {@code scope}
   * (the datanode's), each marked {@code "measuredBy": "experiment"}.
   */
  static void addServerTimings(Path runFolder, List<Map<String, Object>> timings) throws IOException {
    Path file = runFolder.resolve("result.json");
    com.fasterxml.jackson.databind.ObjectMapper mapper = ResultWriter.mapper();
    if (!(ResultWriter.readTree(file) instanceof com.fasterxml.jackson.databind.node.ObjectNode tree)) {
      return;
    }
    com.fasterxml.jackson.databind.node.ArrayNode list = tree.get("instrumentation")
        instanceof com.fasterxml.jackson.databind.node.ArrayNode a ? a : tree.putArray("instrumentation");
    boolean added = false;
    for (Map<String, Object> t : timings) {
      if (t.get("scope") != null) {
        com.fasterxml.jackson.databind.node.ObjectNode entry = mapper.valueToTree(t);
        entry.put("measuredBy", "experiment");
        list.add(entry);
        added = true;
      }
    }
    if (added) {
      mapper.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), tree);
    }
  }

  /**
   * Writes a comparison page per line that has succeeded runs on at least one target; returns the pages. A line
   * whose runs cannot be read is left out with a warning on {@code err}.
   */
  static List<Path> comparisons(Path dir, ExperimentPlan plan, ExperimentTable table, PrintStream err) {
    List<Path> pages = new ArrayList<>();
    for (ExperimentTable.Line line : table.lines()) {
      List<RunGroup> groups = new ArrayList<>();
      Path page = dir.resolve("rows").resolve(line.id() + ".html");
      try {
        for (TargetSpec t : plan.targets()) {
          List<SavedRun> runs = new ArrayList<>();
          for (Outcome o : table.runs(line, t)) {
            if (o.ok()) {
              runs.add(SavedRun.loadSaved(o.dir(), o.dir().toString()));
            }
          }
          if (!runs.isEmpty()) {
            groups.add(new RunGroup(t.name(), runs));
          }
        }
        if (groups.isEmpty()) {
          continue;
        }
        Files.createDirectories(page.getParent());
        HtmlReport.comparison(groups, Comparison.of(groups, OptionDifferences.of(groups)).table(), page);
        pages.add(page);
      } catch (IOException | RuntimeException e) {
        // a run the page cannot read says why in its own words (a damaged run's file and line)
        String why = e instanceof io.harness.core.base.UsageException ? e.getMessage() : String.valueOf(e);
        err.println("warning: " + page + " not written: " + why.replaceAll("\\s+", " "));
      }
    }
    return pages;
  }
}
