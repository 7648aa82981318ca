package io.harness.core.cli;

import io.harness.core.base.UsageException;
import io.harness.core.base.ExitCodes;

import io.harness.core.report.HtmlReport;
import io.harness.core.report.SavedRun;
import io.harness.core.base.LocalOutputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness report RUN_DIR... [-o FILE.html] [--skip T] [--until T]}: the HTML report of saved runs, drawn
 * from their folders alone (the same report every run writes as {@code report.html}). Every run is read and
 * every output checked before anything is written; bad input exits 2 with one line.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Writes the HTML report (charts, figures, cluster context) of saved runs.",
    description = {
        "Writes one self-contained HTML file (it works offline) for one or more saved runs: what ran where "
            + "(the run, the cluster's context, the command line), the figures, throughput over time (all tasks "
            + "and each task, the set-up before the first task shaded), latency over time and its distribution "
            + "per kind of call, each task's rate, and the counters of --instrument and the flame graph of "
            + "--profile when the run had them.",
        "Every run writes this report as report.html in its folder unless it was given --no-report; this command "
            + "draws it again, over a window of the run, or for several runs in one file.",
        "A folder that is not a run, or whose records are missing or damaged, is bad input: nothing is written."})
public final class ReportCommand extends BaseSubcommand implements Callable<Integer> {

  @Parameters(paramLabel = "RUN_DIR", arity = "1..*",
      description = "Runs' folders (under --run-dir, e.g. harness-runs/<run>).")
  List<Path> dirs;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Where to write the report. Default for one run: report.html in its folder (replacing the "
          + "one the run wrote); with several runs -o is required.")
  Path output;

  /** --skip, --until: the figures over that window of each run; what is left out is shaded in the charts. */
  @Mixin
  WindowOptions window;

  @Override
  public Integer call() throws IOException {
    window.check();
    if (dirs.size() > 1 && output == null) {
      throw new UsageException("-o", "is needed with several runs (" + dirs.size() + " given): the HTML file to "
          + "write");
    }
    if (output != null) {
      LocalOutputs.checkFile("-o", output);
      context().inputs().refuseOver("-o", output);
    }
    List<SavedRun> runs = new ArrayList<>();
    for (Path dir : dirs) {
      SavedRun run = SavedRun.load(dir, "RUN_DIR");
      window.check(run.records(), dir);
      if (output != null) {
        run.refuseAsOutput("-o", output);
      }
      runs.add(run);
    }
    Path out = output;
    if (out == null) {
      out = runs.get(0).dir().resolve(HtmlReport.FILE);
      if (Files.isSymbolicLink(out)) {
        // a folder from elsewhere could point it at any file of this user's
        throw new UsageException("RUN_DIR", out + " is a symbolic link: the report is not written through it "
            + "(remove it, or give -o)");
      }
      LocalOutputs.checkFile("RUN_DIR", out);
      context().inputs().refuseOver("RUN_DIR", out);
    }
    LocalOutputs.createParent(out);
    HtmlReport.runs(runs, window.skipNanos(), window.untilNanos(), out);
    context().out().println("Report: " + out.toAbsolutePath().normalize());
    return ExitCodes.OK;
  }
}
