package io.harness.core.experiment;

import io.harness.core.base.ExitCodes;
import io.harness.core.base.StopRequest;
import io.harness.core.base.UsageException;
import io.harness.core.experiment.ExperimentPlan.Run;
import io.harness.core.experiment.ExperimentRunner.Outcome;
import io.harness.core.run.RunLog;
import io.harness.core.base.LocalOutputs;
import io.harness.core.base.Sizes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * A whole study as one value: the file names targets (embedded clusters, started once each, or file systems),
 * workloads (harness command lines with {@code ${param}} placeholders, or steps run in order) and a matrix; every run
 * is a normal run folder, and the table of medians with every repeat is written as Markdown and CSV, with an HTML
 * comparison per line. {@code harness experiment} fills it from its options.
 *
 * @param file the experiment's YAML file
 * @param repeat runs of each line on each target, or null for the file's {@code repeat:}
 * @param only the workloads and / or targets to keep (empty: all)
 * @param set {@code PARAM=V1,V2} replacements of matrix values
 * @param dryRun print the plan and stop
 * @param output the experiment's folder, or null for {@code harness-runs/experiment-NAME-TIME}
 * @param processes where the clusters the file starts run: {@code embedded} (null: as the file says) or
 *     {@code containers} (every {@code embedded:} target as a {@code containers:} one)
 * @param yarn the NodeManagers beside each containers target, or null for the file's {@code yarn:}
 * @param force run a plan of more than {@link ExperimentPlan#MAX_RUNS} runs (else bad input, with the count)
 */
public record Experiment(Path file, Integer repeat, List<String> only, List<String> set, boolean dryRun,
    Path output, String processes, Integer yarn, boolean force) {
  /** An experiment whose clusters run as its file says. */
  public Experiment(Path file, Integer repeat, List<String> only, List<String> set, boolean dryRun, Path output) {
    this(file, repeat, only, set, dryRun, output, null, null);
  }

  /** An experiment of at most {@link ExperimentPlan#MAX_RUNS} runs. */
  public Experiment(Path file, Integer repeat, List<String> only, List<String> set, boolean dryRun, Path output,
      String processes, Integer yarn) {
    this(file, repeat, only, set, dryRun, output, processes, yarn, false);
  }

  /**
   * Runs the study: checks every line (through {@code lines}, before any cluster starts), then runs them and writes
   * the table. Its exit code: 0 every run succeeded, 1 a run failed, a signal's code when one stopped it.
   */
  public int run(Lines lines, Configuration conf, PrintStream out, PrintStream err, StopRequest stop)
      throws IOException {
    if (repeat != null && (repeat < 1 || repeat > 1000)) {
      throw new UsageException("--repeat", "must be from 1 to 1000, was " + repeat);
    }
    if (processes != null && !processes.equals("embedded") && !processes.equals("containers")) {
      throw new UsageException("--processes", "must be embedded or containers, was '" + processes + "'");
    }
    ExperimentFile spec = ExperimentFile.read(file).withProcesses("containers".equals(processes), yarn);
    ExperimentPlan plan = ExperimentPlan.of(spec, repeat == null ? 0 : repeat, only, settings(set),
        force ? Long.MAX_VALUE : ExperimentPlan.MAX_RUNS);
    Path dir = output != null ? output : Path.of("harness-runs", "experiment-" + spec.name() + "-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    checkOutput(dir);
    // the plan's size and shape first: checking every line takes a while on a large matrix
    summary(plan, out);
    ExperimentCheck.Checked checked = ExperimentCheck.check(file.toString(), plan, dir, System.getenv(), lines,
        (r, outputs) -> {
          if (dryRun) {
            out.printf("  %3d  %-40s %-14s r%d  %s%n", r.number(), r.label(), r.target().name(), r.repeat(),
                String.join(" ", ExperimentOutputs.apply(r.args(r.target().isEmbedded() ? "${root}"
                    : r.target().root()), outputs)));
          }
        });
    ExperimentTargets.check(file.toString(), plan.targets(), "containers".equals(processes), !dryRun);
    writes(checked.bytes(), out);
    if (dryRun) {
      return ExitCodes.OK;
    }
    Files.createDirectories(dir);
    Files.copy(file, dir.resolve("experiment.yaml"));
    List<Outcome> outcomes;
    // the clusters' own log lines go to experiment.log (each run keeps its own run.log)
    RunLog log = RunLog.start(dir.resolve("experiment.log"), err, false);
    io.harness.core.engine.RunInstrumentation servers = servers(plan, out);
    try (ExperimentTargets targets = ExperimentTargets.start(plan.targets(), conf, dir, out)) {
      outcomes = new ExperimentRunner(System.getenv(), dir, out, servers, stop, lines, checked).run(plan, targets,
          done -> ExperimentRecord.write(dir, plan, done));
    } finally {
      log.close();
    }
    if (servers != null) {
      // the agent reports this JVM's datanode counters once more at exit: the runs hold their shares, so that
      // report goes to experiment.log, not to the terminal
      PrintStream rest = new PrintStream(Files.newOutputStream(dir.resolve("experiment.log"),
          java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND), true, StandardCharsets.UTF_8);
      System.setOut(rest);
      System.setErr(rest);
    }
    return finish(dir, plan, outcomes, out, err);
  }

  /**
   * The agent timing the datanodes of this JVM's embedded Ozone clusters, when a Spark step (a JVM of its own) asks
   * for {@code --instrument}: its run then gets the datanodes' side of its waits too. Null when none does.
   */
  private static io.harness.core.engine.RunInstrumentation servers(ExperimentPlan plan, PrintStream out) {
    boolean wanted = plan.runs().stream().anyMatch(r -> r.spark() && r.target().inJvm()
        && "ozone".equals(r.target().embedded()) && r.step().run().contains("--instrument"));
    if (!wanted) {
      return null;
    }
    java.util.Optional<io.harness.core.engine.RunInstrumentation> agent = java.util.ServiceLoader.load(
        io.harness.core.engine.RunInstrumentation.class).findFirst();
    if (agent.isEmpty()) {
      out.println("experiment: no instrumentation module here: Spark runs get their client's counters only");
      return null;
    }
    out.println(agent.get().start("--instrument", "datanode") + " (the embedded datanodes, for Spark's runs)");
    return agent.get();
  }

  /** {@code --set PARAM=V1,V2} options, checked. */
  private static Map<String, List<String>> settings(List<String> set) {
    Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    for (String s : set) {
      int eq = s.indexOf('=');
      if (eq < 1 || eq == s.length() - 1) {
        throw new UsageException("--set", "'" + s + "' is not PARAM=VALUE[,VALUE...]");
      }
      List<String> values = List.of(s.substring(eq + 1).split(","));
      if (values.stream().anyMatch(String::isBlank) || out.put(s.substring(0, eq), values) != null) {
        throw new UsageException("--set", "'" + s + "': an empty value, or a parameter given twice");
      }
    }
    return out;
  }

  private static void checkOutput(Path dir) throws IOException {
    LocalOutputs.checkDirectory("-o", dir);
    if (Files.isDirectory(dir)) {
      try (Stream<Path> s = Files.list(dir)) {
        if (s.findAny().isPresent()) {
          throw new UsageException("-o", dir + " is not empty (an experiment writes a folder of its own)");
        }
      }
    }
  }

  private static void summary(ExperimentPlan plan, PrintStream out) {
    long lines = plan.rows().stream().mapToLong(r -> r.workload().steps().size()).sum();
    out.printf("experiment %s: %d line(s) x %d target(s) x %d repeat(s) = %d run(s)%n", plan.file().name(), lines,
        plan.targets().size(), plan.repeat(), plan.runs().size());
    for (ExperimentFile.TargetSpec t : plan.targets()) {
      out.printf("  target %-16s %s%n", t.name(), t.isEmbedded() ? t.kind() + ", " + t.datanodes() + " datanode(s)"
          + (t.yarn() > 0 ? " + YARN, " + t.yarn() + " NodeManager(s)" : "") + ", started once"
          + (t.conf().isEmpty() ? "" : ", " + t.conf())
          : t.fs() + (t.root().isEmpty() ? "" : " under " + t.root()));
    }
    Map<String, List<String>> figures = new LinkedHashMap<>();
    new LinkedHashSet<>(plan.rows().stream().map(ExperimentPlan.Row::workload).toList()).forEach(w -> w.steps()
        .forEach(s -> figures.put(w.name() + (w.steps().size() > 1 ? " / " + s.name() : ""), s.figures())));
    int width = figures.keySet().stream().mapToInt(String::length).max().orElse(1);
    figures.forEach((line, f) -> out.printf("  figures %-" + width + "s  %s%n", line, String.join(", ", f)));
  }

  /** What the runs write, as far as their options say. */
  private static void writes(Map<Integer, OptionalLong> bytes, PrintStream out) {
    long total = bytes.values().stream().filter(OptionalLong::isPresent).mapToLong(OptionalLong::getAsLong).sum();
    long unknown = bytes.values().stream().filter(OptionalLong::isEmpty).count();
    out.printf("  writes %s%s%n", Sizes.format(total), unknown == 0 ? "" : " (and what " + unknown
        + " run(s) write whose options do not fix it: reads, Spark, time-bounded runs)");
  }

  private static int finish(Path dir, ExperimentPlan plan, List<Outcome> outcomes, PrintStream out, PrintStream err)
      throws IOException {
    ExperimentRecord.write(dir, plan, outcomes);
    ExperimentTable table = new ExperimentTable(plan, outcomes);
    List<String> md = new ArrayList<>(List.of("# " + plan.file().name(), ""));
    if (plan.file().description() != null) {
      md.addAll(List.of(plan.file().description(), ""));
    }
    List<String> rows = table.markdown();
    md.addAll(rows);
    md.addAll(List.of("", "Each cell: the median of the repeats, then every repeat in order; runs in runs/, each "
        + "run's output in logs/."));
    Files.write(dir.resolve("table.md"), md, StandardCharsets.UTF_8);
    table.writeCsv(dir.resolve("table.csv"), dir);
    List<Path> pages = ExperimentRecord.comparisons(dir, plan, table, err);
    out.println();
    rows.forEach(out::println);
    out.println();
    out.println("Table: " + dir.resolve("table.md") + ", " + dir.resolve("table.csv"));
    if (!pages.isEmpty()) {
      out.println("Comparisons: " + dir.resolve("rows") + " (" + pages.size() + " HTML page(s))");
    }
    List<Outcome> failed = outcomes.stream().filter(o -> !o.ok()).toList();
    int missing = plan.runs().size() - outcomes.size();
    if (failed.isEmpty() && missing == 0) {
      return ExitCodes.OK;
    }
    for (Outcome o : failed) {
      err.printf("experiment: run %d %s (%s on %s, repeat %d, exit %d)%s%n", o.run().number(),
          o.stopped() ? "stopped" : "failed", o.run().label(), o.run().target().name(), o.run().repeat(), o.exitCode(),
          o.reason() == null || o.stopped() ? "" : ": " + o.reason());
    }
    if (missing > 0) {
      err.printf("experiment: %d run(s) not run (stopped)%n", missing);
    }
    // a stopped run is not a failure: the experiment's code is then the signal's (its own stop request's)
    List<Outcome> stopped = failed.stream().filter(Outcome::stopped).toList();
    return failed.size() > stopped.size() ? ExitCodes.FAILED
        : !stopped.isEmpty() ? stopped.get(stopped.size() - 1).exitCode() : missing > 0 ? ExitCodes.FAILED : ExitCodes.OK;
  }
}
