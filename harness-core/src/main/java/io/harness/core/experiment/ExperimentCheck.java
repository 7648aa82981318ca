package io.harness.core.experiment;

import io.harness.core.base.ExitCodes;
import io.harness.core.base.UsageException;
import io.harness.core.experiment.ExperimentPlan.Run;
import io.harness.core.workload.Workload;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Checks every command line of a plan before any cluster starts, the way the command itself checks it (parsed and
 * planned in this JVM, nothing run), and learns what each run will write. A bad line is bad input naming its key
 * ({@code workloads[1].run}) and the command's own reason.
 */
final class ExperimentCheck {
  /** Options the experiment gives every run itself. */
  private static final List<String> OWN = List.of("-fs", "--embedded", "--run-dir");
  private static final List<String> SPARK_OPERATIONS = List.of("generate", "count", "copy");

  private ExperimentCheck() {}

  /**
   * What the check learnt: the bytes each run writes, by run number (absent where the workload does not say, e.g.
   * Spark's), and where each run's local outputs go ({@link ExperimentOutputs}: option to path, under the
   * experiment's folder).
   */
  record Checked(Map<Integer, OptionalLong> bytes, Map<Integer, Map<String, String>> outputs) {
    /** Run {@code r}'s line as it runs: {@code args} with its local outputs placed. */
    List<String> line(Run r, List<String> args) {
      return ExperimentOutputs.apply(args, outputs.getOrDefault(r.number(), Map.of()));
    }
  }

  /** What one distinct line planned to: the bytes it writes and its own local outputs. */
  private record Planned(OptionalLong bytes, Map<String, Path> outputs) {}

  /**
   * Checks every run of {@code plan}, whose folder is {@code dir}, in order; {@code each} is told of each run once its
   * line is good (for a plan printed as it is checked).
   */
  static Checked check(String file, ExperimentPlan plan, Path dir, Map<String, String> env, Lines lines,
      java.util.function.BiConsumer<Run, Map<String, String>> each) {
    Map<List<String>, Planned> checked = new HashMap<>();
    Map<Integer, OptionalLong> bytes = new HashMap<>();
    Map<Integer, Map<String, String>> outputs = new HashMap<>();
    for (Run r : plan.runs()) {
      String key = where(r);
      List<String> args;
      try {
        args = r.args(r.target().isEmbedded() ? "" : r.target().root());
      } catch (IllegalArgumentException e) {
        throw new UsageException(file, key + ": " + e.getMessage());
      }
      if (args.isEmpty()) {
        throw new UsageException(file, key + ": an empty command line");
      }
      for (String a : args) {
        String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
        if (OWN.contains(name.toLowerCase(java.util.Locale.ROOT))) {
          throw new UsageException(file, key + ": " + name + " is the experiment's (its targets name the file system "
              + "and it places every run's folder)");
        }
      }
      if (r.spark()) {
        if (args.size() < 2 || !SPARK_OPERATIONS.contains(args.get(1))) {
          throw new UsageException(file, key + ": spark " + (args.size() < 2 ? "" : args.get(1) + " ")
              + "is not spark generate, count or copy");
        }
        if (launcher() == null) {
          throw new UsageException(file, key + ": Spark's steps run with the distribution's bin/harness: run the "
              + "experiment with bin/harness (or ./harness)");
        }
        bytes.put(r.number(), OptionalLong.empty());
        outputs.put(r.number(), ExperimentOutputs.place(file, key, args, Map.of(), r.folder(dir), dir));
        each.accept(r, outputs.get(r.number()));
        continue;
      }
      List<String> line = new ArrayList<>(args);
      if (!r.target().isEmbedded()) {
        line.addAll(ExperimentTargets.options(r.target()));
      } else if (r.target().stopped()) {
        line.addAll(List.of("-fs", "file:///"));
      } else if (r.target().containers() && r.target().yarn() > 0) {
        // the runs get the YARN's client configuration when it has started: a line is checked as it will run
        // there (--clients needs the MapReduce engine, which YARN's configuration chooses)
        line.addAll(List.of("-D", "mapreduce.framework.name=yarn"));
      }
      Planned p = checked.computeIfAbsent(line, l -> plan(file, key, l, env, lines));
      bytes.put(r.number(), p.bytes());
      outputs.put(r.number(), ExperimentOutputs.place(file, key, args, p.outputs(), r.folder(dir), dir));
      each.accept(r, outputs.get(r.number()));
    }
    return new Checked(bytes, outputs);
  }

  private static Planned plan(String file, String key, List<String> line, Map<String, String> env,
      Lines lines) {
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    List<Workload<?>> planned = new ArrayList<>();
    int code;
    try (PrintStream p = new PrintStream(said, true, StandardCharsets.UTF_8)) {
      code = lines.plan(env, p, line, planned::add);
    }
    if (code != ExitCodes.OK) {
      String text = said.toString(StandardCharsets.UTF_8).strip();
      String first = text.isEmpty() ? "exit " + code : text.lines().filter(l -> !l.isBlank()).findFirst().orElse("");
      throw new UsageException(file, key + ": " + first);
    }
    if (planned.isEmpty()) {
      throw new UsageException(file, key + ": '" + String.join(" ", line.subList(0, Math.min(2, line.size())))
          + "' is not a workload that runs (give a harness workload's command line)");
    }
    Workload<?> w = planned.get(0);
    return w == null ? new Planned(OptionalLong.empty(), Map.of())
        : new Planned(w.plannedBytes(), new java.util.LinkedHashMap<>(w.localOutputs()));
  }

  /** The key of a run's line in the file: {@code workloads[1].run} or {@code workloads[1].steps[0].run}. */
  static String where(Run r) {
    List<ExperimentFile.Step> steps = r.row().workload().steps();
    return r.row().workload().path() + (steps.size() > 1 ? ".steps[" + steps.indexOf(r.step()) + "]" : "") + ".run";
  }

  /** The distribution's launcher (Spark's steps run with it), or null when this JVM was not started by one. */
  static Path launcher() {
    String home = System.getProperty("harness.home");
    if (home == null) {
      return null;
    }
    Path p = Path.of(home, "bin", "harness");
    return Files.isExecutable(p) ? p : null;
  }
}
