package io.harness.core.cli;

import io.harness.core.base.UsageException;
import io.harness.core.base.ExitCodes;

import io.harness.core.report.Comparison;
import io.harness.core.report.HtmlReport;
import io.harness.core.report.OptionDifferences;
import io.harness.core.report.ReportTable;
import io.harness.core.report.RunGroup;
import io.harness.core.report.SavedRun;
import io.harness.core.report.TextTable;
import io.harness.core.base.LocalOutputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness compare RUN_DIR... [--group LABEL=PATTERN,...]...}: saved runs, or groups of repeated runs,
 * side by side ({@link Comparison}); with {@code --csv} and {@code -o} also as CSV and HTML. Reads the runs'
 * folders only. Every argument is checked, and every run read, before anything is printed or written.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Compares saved runs, or groups of repeated runs, figure by figure.",
    description = {
        "Puts saved runs side by side: the aggregate MB/s, TestDFSIO's throughput and average IO rate, files/s or "
            + "rows/s, the p50 / p99 / max latency per kind of call and the --instrument counters, one column per "
            + "run or group with its ratio to the first column. A group's figure is the median of its runs, with "
            + "[min - max]; " + Comparison.OVERLAP + " after a ratio: the two min-max ranges overlap (the difference "
            + "is within the noise). The options that differ between the runs are listed under the table.",
        "The columns are the RUN_DIRs in order, then the groups in order; the first is what the ratios are to. "
            + "Runs of different workloads or operations are refused unless --force. A folder that is not a run, "
            + "or whose records are missing or damaged, or a pattern that matches nothing, is bad input."})
public final class CompareCommand extends BaseSubcommand implements Callable<Integer> {
  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "RUN_DIR", arity = "0..*", description = "A run's folder (e.g. harness-runs/<run>): a "
      + "column of its own, named after the folder.")
  List<String> runs = new ArrayList<>();

  @Option(names = "--group", paramLabel = "LABEL=PATTERN[,PATTERN...]", description = "A column of repeated runs: "
      + "the folders the patterns name (globs such as runs/a* are expanded here, so quoting works), under LABEL. "
      + "Repeatable.")
  List<String> groups = new ArrayList<>();

  @Option(names = "--force", description = "Compare runs of different workloads or operations.")
  boolean force;

  @Option(names = "--csv", paramLabel = "FILE", description = "Also write the comparison to FILE as CSV: one row "
      + "per figure and column (figure, group, runs, median, min, max, ratio, overlaps_first).")
  Path csv;

  @Option(names = "-o", paramLabel = "FILE.html", description = "Also write the comparison as an HTML report.")
  Path html;

  @Override
  public Integer call() throws IOException {
    if (csv != null) {
      LocalOutputs.checkFile("--csv", csv);
    }
    if (html != null) {
      LocalOutputs.checkFile("-o", html);
    }
    context().checkOutputs(new String[] {"-o", "--csv"}, html, csv);
    if (runs.size() + groups.size() < 2) {
      throw new UsageException("RUN_DIR", runs.isEmpty() && groups.isEmpty() ? "no runs given: name two run "
          + "folders or --group options, or more" : "one column to compare: name two runs or groups, or more");
    }
    List<RunGroup> columns = new ArrayList<>();
    List<String> arguments = new ArrayList<>();
    for (String run : runs) {
      columns.add(RunGroup.of(SavedRun.load(Path.of(run), run)));
      arguments.add(run);
    }
    Set<String> labels = new LinkedHashSet<>();
    for (String group : groups) {
      RunGroup g = group(group, labels);
      columns.add(g);
      arguments.add("--group " + g.label());
    }
    for (RunGroup column : columns) {
      for (SavedRun r : column.runs()) {
        if (html != null) {
          r.refuseAsOutput("-o", html);
        }
        if (csv != null) {
          r.refuseAsOutput("--csv", csv);
        }
      }
    }
    if (!force) {
      sameWorkload(columns, arguments);
    }
    Comparison comparison = Comparison.of(columns, OptionDifferences.of(columns, new SavedOptions(spec.root())));
    ReportTable table = comparison.table();
    SavedRun first = columns.get(0).runs().get(0);
    context().out().println("compare: " + kind(first) + ", " + columns.size() + " columns");
    TextTable.print(table, context().out());
    if (html != null) {
      LocalOutputs.createParent(html);
      HtmlReport.comparison(columns, table, html);
      context().out().println("HTML: " + html);
    }
    if (csv != null) {
      LocalOutputs.createParent(csv);
      comparison.writeCsv(csv);
      context().out().println("CSV: " + csv);
    }
    return ExitCodes.OK;
  }

  /** {@code LABEL=PATTERN[,PATTERN...]}: the runs its patterns name, each read. */
  private static RunGroup group(String text, Set<String> labels) {
    int eq = text.indexOf('=');
    String label = eq < 0 ? "" : text.substring(0, eq).strip();
    if (label.isEmpty() || eq == text.length() - 1) {
      throw new UsageException("--group", "'" + text + "' is not LABEL=PATTERN[,PATTERN...]");
    }
    if (!labels.add(label)) {
      throw new UsageException("--group " + label, "a second group of that label");
    }
    String argument = "--group " + label;
    List<SavedRun> members = new ArrayList<>();
    Set<Path> seen = new LinkedHashSet<>();
    for (String pattern : text.substring(eq + 1).split(",")) {
      if (pattern.isBlank()) {
        throw new UsageException(argument, "an empty pattern in '" + text + "'");
      }
      List<Path> dirs = RunPatterns.expand(pattern.strip());
      if (dirs.isEmpty()) {
        throw new UsageException(argument, pattern.strip() + " matches no folder");
      }
      for (Path dir : dirs) {
        if (seen.add(dir.toAbsolutePath().normalize())) {
          members.add(SavedRun.load(dir, argument));
        }
      }
    }
    return new RunGroup(label, members);
  }

  /** Refuses runs of different workloads or operations, naming the argument of the first run that differs. */
  private static void sameWorkload(List<RunGroup> columns, List<String> arguments) {
    SavedRun first = columns.get(0).runs().get(0);
    String kind = kind(first);
    for (int c = 0; c < columns.size(); c++) {
      for (SavedRun r : columns.get(c).runs()) {
        if (!kind(r).equals(kind)) {
          throw new UsageException(arguments.get(c), r.name() + " is a " + kind(r) + " run, " + first.name() + " a "
              + kind + " run: compare runs of one workload and operation, or give --force");
        }
      }
    }
  }

  private static String kind(SavedRun run) {
    return run.result().workload() + " " + run.result().operation();
  }
}
