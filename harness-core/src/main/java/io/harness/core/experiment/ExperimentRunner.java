package io.harness.core.experiment;

import io.harness.core.base.ExitCodes;
import io.harness.core.experiment.ExperimentPlan.Run;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Runs an experiment's runs one after the other: in this JVM through {@link Lines#run} (on the cluster the
 * experiment keeps, or on the file system a target names), or, for Spark's steps, with {@code bin/harness} in a
 * JVM of its own. Each run is a normal run folder under {@code runs/ROW/TARGET/}; what it printed goes to
 * {@code logs/}. A failed run is recorded and the experiment goes on. A signal stops it after the current run, which
 * ends as it would have; a second signal stops that run now (it is recorded as stopped, never as failed).
 */
final class ExperimentRunner {
  /** What became of one run: its exit code, its folder (null when it made none), its wall time. */
  record Outcome(Run run, int exitCode, Path dir, double seconds, String reason) {
    boolean ok() {
      return exitCode == ExitCodes.OK && dir != null;
    }

    /** Whether a signal stopped the run (it did not fail: it was cut short). */
    boolean stopped() {
      return exitCode == SIGINT || exitCode == SIGTERM;
    }
  }

  private static final int SIGINT = 130;
  private static final int SIGTERM = 143;

  private final Map<String, String> env;
  private final Path dir;
  private final PrintStream out;
  private final io.harness.core.engine.RunInstrumentation servers;
  private final io.harness.core.base.StopRequest stop;
  private final Lines lines;
  private final ExperimentCheck.Checked checked;

  /**
   * {@code servers}: the agent timing this JVM's datanodes for runs in JVMs of their own, or null; {@code checked}:
   * what the check of the plan learnt (where each run's local outputs go).
   */
  ExperimentRunner(Map<String, String> env, Path dir, PrintStream out, io.harness.core.engine.RunInstrumentation servers,
      io.harness.core.base.StopRequest stop, Lines lines, ExperimentCheck.Checked checked) {
    this.stop = stop;
    this.lines = lines;
    this.checked = checked;
    this.env = env;
    this.dir = dir;
    this.out = out;
    this.servers = servers;
  }

  /** Runs {@code plan}'s runs; {@code after} is called after each (to save what is done so far). */
  List<Outcome> run(ExperimentPlan plan, ExperimentTargets targets, java.util.function.Consumer<List<Outcome>> after)
      throws IOException {
    List<Outcome> outcomes = new ArrayList<>();
    int width = Integer.toString(plan.runs().size()).length();
    for (Run r : plan.runs()) {
      if (stop.requested()) {
        out.println("experiment: stopped by " + stop.signal() + " before run " + r.number() + "; the runs so far are "
            + "kept");
        break;
      }
      ExperimentTargets.Ready t = targets.get(r.target().name());
      Path runDir = r.folder(dir);
      Path log = dir.resolve("logs").resolve(String.format("%0" + width + "d-%s-%s-r%d%s.txt", r.number(),
          r.row().id(), r.target().name(), r.repeat(), r.row().workload().steps().size() > 1 ? "-" + r.step().name()
              : ""));
      Files.createDirectories(runDir);
      Files.createDirectories(log.getParent());
      // its local outputs (-resFile, --json) in the experiment's folder, beside the run's
      List<String> args = checked.line(r, r.args(t.root()));
      out.printf("[%" + width + "d/%d] %s on %s, repeat %d ...%n", r.number(), plan.runs().size(), r.label(),
          r.target().name(), r.repeat());
      Set<Path> before = r.spark() ? folders(runDir) : Set.of();
      long t0 = System.nanoTime();
      boolean timeServers = r.spark() && servers != null && r.target().inJvm() && "ozone".equals(r.target().embedded())
          && args.stream().anyMatch(a -> a.startsWith("--instrument"));
      if (timeServers) {
        servers.mark();
      }
      // a run in this JVM tells its folder, exit code and reason itself; a JVM of its own leaves its folder only
      Lines.Ended end = r.spark() ? child(args, t, runDir, log, before) : inProcess(args, t, runDir, log);
      int code = end.exitCode();
      double seconds = (System.nanoTime() - t0) / 1e9;
      // the run's folder is one under runDir (its --run-dir), named as the experiment names its own paths
      Path runFolder = end.folder() == null ? null : runDir.resolve(end.folder().getFileName());
      if (timeServers && runFolder != null) {
        ExperimentRecord.addServerTimings(runFolder, servers.timings());
      }
      boolean stopped = code == SIGINT || code == SIGTERM;
      String reason = code == ExitCodes.OK ? null : stopped ? "stopped by a signal"
          : end.reason() != null ? end.reason() : "see " + dir.relativize(log);
      Outcome o = new Outcome(r, code, runFolder, seconds, reason);
      outcomes.add(o);
      out.printf("%s  exit %d, %.1f s%s%n", " ".repeat(2 * width + 3), code, seconds,
          o.ok() ? ", " + dir.relativize(runFolder) : ": " + reason + (stopped && runFolder != null ? ", "
              + dir.relativize(runFolder) : ""));
      after.accept(outcomes);
      if (stopped || stop.requested()) {
        // the first signal lets the current run end as it would, the second stops it: either way none follows
        out.println("experiment: stopped by " + (stop.signal() != null ? stop.signal() : "a signal") + " after run "
            + r.number() + "; the runs so far are kept");
        break;
      }
    }
    return outcomes;
  }

  private Lines.Ended inProcess(List<String> args, ExperimentTargets.Ready t, Path runDir, Path log)
      throws IOException {
    List<String> line = new ArrayList<>(args);
    line.addAll(t.genericOptions());
    line.addAll(List.of("--run-dir", runDir.toString()));
    try (PrintStream p = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
      p.println("$ harness " + String.join(" ", line));
      try {
        return lines.run(env, p, t.cluster(), line);
      } catch (RuntimeException | LinkageError e) {
        p.println("experiment: the run failed: " + e);
        e.printStackTrace(p);
        return new Lines.Ended(null, ExitCodes.FAILED, "the run failed: " + e);
      }
    }
  }

  private Lines.Ended child(List<String> args, ExperimentTargets.Ready t, Path runDir, Path log,
      Set<Path> before) throws IOException {
    List<String> line = new ArrayList<>(List.of(ExperimentCheck.launcher().toString()));
    line.addAll(args);
    line.addAll(t.childOptions());
    line.addAll(List.of("--run-dir", runDir.toString()));
    Files.writeString(log, "$ " + String.join(" ", line) + "\n");
    ProcessBuilder pb = new ProcessBuilder(line).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().putAll(env);
    Process p = pb.start();
    int code;
    // the run's own stop request, asked by the signal after the one that asked the experiment: it stops the run now
    io.harness.core.base.StopRequest now = io.harness.core.base.StopRequest.nested();
    try {
      boolean told = false;
      while (!p.waitFor(100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
        if (now.requested() && !told) {
          told = true;
          p.destroy(); // SIGTERM: the run stops, saves what it measured and exits 143
        }
      }
      code = p.exitValue();
    } catch (InterruptedException e) {
      p.destroy();
      Thread.currentThread().interrupt();
      code = SIGINT;
    } finally {
      now.close();
    }
    // one run at a time: the folder it made is the one that was not there before
    Set<Path> made = folders(runDir);
    made.removeAll(before);
    Path folder = made.size() == 1 ? made.iterator().next() : null;
    return new Lines.Ended(folder, code, code == ExitCodes.OK ? null : childReason(folder, log));
  }

  /**
   * Why a run in a JVM of its own failed: its saved result's first failed task, else (it saved none) its own
   * error line.
   */
  private static String childReason(Path folder, Path log) throws IOException {
    Path json = folder == null ? null : folder.resolve("result.json");
    if (json != null && Files.isRegularFile(json)) {
      com.fasterxml.jackson.databind.JsonNode failed = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(json.toFile()).path("failedTasks");
      if (failed.size() > 0) {
        return failed.size() + " task(s) failed, the first: " + failed.get(0).asText();
      }
    }
    return reason(log);
  }

  private static Set<Path> folders(Path runDir) throws IOException {
    try (Stream<Path> s = Files.list(runDir)) {
      return new HashSet<>(s.filter(Files::isDirectory).toList());
    }
  }

  /** The line of a failed run's output that says why (its own error line, or the last one). */
  private static String reason(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    for (String l : lines) {
      if (l.matches("^[a-z ]+: .*") && !l.startsWith("$ ") && (l.contains("failed") || l.contains(": -")
          || l.contains("cannot") || l.contains("no ") || l.contains("must"))) {
        return l.strip();
      }
    }
    return lines.isEmpty() ? null : lines.get(lines.size() - 1).strip();
  }
}
