package io.harness.core.cli;

import io.harness.core.experiment.Experiment;
import io.harness.core.experiment.Lines;
import io.harness.core.workload.Workload;
import io.harness.core.fs.EmbeddedCluster;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import io.harness.core.live.Live;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness experiment FILE.yaml}: a whole study as one command. The file names targets (embedded clusters,
 * started once each, or file systems), workloads (harness command lines with {@code ${param}} placeholders, or
 * steps run in order) and a matrix; every run is a normal run folder, and the table of medians with every repeat
 * is written as Markdown and CSV, with an HTML comparison per line.
 */
@Command(name = "experiment", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Runs a study: targets x workloads x parameters x repeats, then its table.",
    description = {
        "Reads FILE.yaml (see experiments/ for examples): targets (embedded: hdfs|ozone with datanodes: and server "
            + "settings conf:; containers: hdfs|ozone the same in containers, with yarn: NodeManagers; or fs: URI with "
            + "root:, confFiles: and conf:), workloads (run: a harness command line, "
            + "or steps: lines run in order), matrix: (parameters and their values; $${name} in a line), repeat: and "
            + "figures: (columns of a run's result.csv: seconds, mb_per_sec, items_per_sec, write_p99_ms, ...; per "
            + "workload and per step too). "
            + "$${root} is where the target's runs write, $${repeat} the repeat (1, 2, ...), $${target} its name.",
        "Each embedded cluster starts once and serves all of its runs. Runs are interleaved: every line runs on each "
            + "target in turn, the order reversed every other repeat. A failed run is recorded and the experiment "
            + "goes on. Every line is checked before any cluster starts. Writes into -o: runs/ (the run folders), "
            + "logs/ (what each run printed), table.md, table.csv, rows/*.html (a comparison per line), "
            + "experiment.json (the plan and each run's outcome) and experiment.log (the clusters' logs); a line's own "
            + "files (dfsio's -resFile, by default TestDFSIO_results.log, and --json) go beside its run's folder "
            + "(runs/ROW/TARGET/; a path outside -o is refused). A plan of more than "
            + io.harness.core.experiment.ExperimentPlan.MAX_RUNS + " runs is refused, with its count, unless --force.",
        "Exit codes: 0 every run succeeded, 1 a run failed (the others are in the table), 2 bad input (nothing "
            + "started)."})
public final class ExperimentCommand extends BaseSubcommand implements Callable<Integer> {
  @Parameters(paramLabel = "FILE.yaml", description = "The experiment.")
  Path file;

  @Option(names = "--repeat", paramLabel = "N", description = "Runs of each line on each target (default: the "
      + "file's repeat:, else 1).")
  Integer repeat;

  @Option(names = "--only", paramLabel = "NAME", split = ",", description = "Only these workloads and / or targets "
      + "(names from the file; repeatable, or comma-separated).")
  List<String> only = new ArrayList<>();

  @Option(names = "--set", paramLabel = "PARAM=VALUE[,VALUE...]", description = "Replace a matrix parameter's "
      + "values (e.g. --set rows=10000 for a quick pass, --set threads=1,10,50 on a real cluster); repeatable.")
  List<String> set = new ArrayList<>();

  @Option(names = "--dry-run", description = "Print the plan (runs, clusters, each line's figures, bytes to be "
      + "written) and exit.")
  boolean dryRun;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "The experiment's folder; must not exist or "
      + "be empty (default: harness-runs/experiment-<name>-<time>).")
  Path output;

  @Option(names = "--processes", paramLabel = "WHERE", description = "Where the clusters the file starts run: "
      + "embedded (its embedded: targets in this JVM, the default) or containers (each service in a Docker container "
      + "and a JVM of its own, as its containers: targets; a stopped embedded ozone, the offline generators' target, "
      + "cannot: leave it out with --only).")
  String processes;

  @Option(names = "--yarn", paramLabel = "N", description = "N YARN NodeManagers (with a ResourceManager and a "
      + "JobHistoryServer) beside each cluster in containers; its runs' MapReduce jobs run there (default: the "
      + "target's yarn:, else none).")
  Integer yarn;

  @Option(names = "--force", description = "Run (or plan) more than " + io.harness.core.experiment.ExperimentPlan.MAX_RUNS
      + " runs: a matrix past that is refused as a likely mistake unless this is given.")
  boolean force;

  /** --metrics-port and the other live options: every run of the experiment, in turn, on one page. */
  @Mixin
  LiveOptions liveOptions;

  @Override
  public Integer call() throws Exception {
    RunContext ctx = context();
    // a signal while a run is in flight lets it end (Signals); one between runs stops the experiment there
    Signals.stopping("stopping the experiment before its next run");
    try (Live live = dryRun ? Live.none() : liveOptions.live()) {
      live.start(ctx.err());
      io.harness.core.base.LocalInputs inputs = ctx.inputs().with(java.util.List.of(
          new io.harness.core.base.LocalInputs.Input("the experiment's file", file)));
      return new Experiment(file, repeat, only, set, dryRun, output, processes, yarn, force).run(
          new CommandLines(live, inputs),
          ctx.conf(), ctx.out(), ctx.err(), ctx.stop());
    }
  }

  /** The experiment's lines, run and planned by {@link Harness#run} in this JVM, their live views on one hub. */
  private static final class CommandLines implements Lines {
    private final Live live;
    private final io.harness.core.base.LocalInputs inputs;
    private int runs;

    CommandLines(Live live, io.harness.core.base.LocalInputs inputs) {
      this.live = live;
      this.inputs = inputs;
    }

    @Override
    public Lines.Ended run(Map<String, String> env, PrintStream out, EmbeddedCluster cluster, List<String> line) {
      List<Lines.Ended> ended = new ArrayList<>();
      live.note("experiment run " + ++runs + ": harness " + String.join(" ", line));
      int code = Harness.run(env, out, out, new RunContext.Host(cluster, null, ended::add,
          live.asked() ? live : null, inputs), line.toArray(new String[0]));
      Lines.Ended end = ended.isEmpty() ? new Lines.Ended(null, code, null) : ended.get(0);
      // the process's code (a signal's) wins over the run's own
      return new Lines.Ended(end.folder(), code, end.reason());
    }

    @Override
    public int plan(Map<String, String> env, PrintStream out, List<String> line, Consumer<Workload<?>> planned) {
      return Harness.run(env, out, out, new RunContext.Host(null, planned, null, null, inputs),
          line.toArray(new String[0]));
    }
  }
}
