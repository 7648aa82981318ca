package io.harness.core.experiment;

import io.harness.core.base.UsageException;
import io.harness.core.experiment.ExperimentFile.Step;
import io.harness.core.experiment.ExperimentFile.TargetSpec;
import io.harness.core.experiment.ExperimentFile.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an experiment runs, in order: its rows (a workload at one point of its matrix) and its runs (a row's steps
 * on one target in one repeat). Repeats go one after the other; within a repeat every row runs on each of its
 * targets in turn, the targets in the file's order in odd repeats and in reverse in even ones, so that a drift of
 * the machine does not favour one side.
 */
public record ExperimentPlan(ExperimentFile file, int repeat, List<Row> rows, List<Run> runs) {
  /**
   * The placeholders every line may use: where the target's runs write, the repeat (1, 2, ...), the target's name
   * and the run's number in the plan (1, 2, ...: unique, e.g. for the offline generators' container ids).
   */
  public static final Set<String> BUILT_IN = Set.of("root", "repeat", "target", "run");
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

  /** A workload at one point of its matrix ({@code params}, in the matrix's order). */
  public record Row(int index, WorkloadSpec workload, Map<String, String> params) {
    /** {@code teragen rows=1000000}. */
    public String label() {
      StringBuilder b = new StringBuilder(workload.name());
      params.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
      return b.toString();
    }

    /** A folder name for the row: {@code 02-teragen_rows-1000000}. */
    public String id() {
      return String.format("%02d-", index + 1) + label().replace('=', '-').replace(' ', '_')
          .replaceAll("[^A-Za-z0-9._-]", "_");
    }
  }

  /** One run: {@code step} of {@code row} on {@code target} in repeat {@code repeat} (from 1); {@code number} from 1. */
  public record Run(int number, Row row, Step step, TargetSpec target, int repeat) {
    /** The step's command line for this run, {@code root} the target's (where its runs write). */
    public List<String> args(String root) {
      Map<String, String> values = new LinkedHashMap<>(row.params());
      values.put("root", root);
      values.put("repeat", Integer.toString(repeat));
      values.put("target", target.name());
      values.put("run", Integer.toString(number));
      return split(substitute(step.run(), values));
    }

    /** Whether the step runs on Spark's class path ({@code spark generate ...}). */
    public boolean spark() {
      return step.run().strip().startsWith("spark ");
    }

    /** Where the run's folder goes in the experiment's folder {@code dir}: its {@code --run-dir}. */
    public java.nio.file.Path folder(java.nio.file.Path dir) {
      return dir.resolve("runs").resolve(row.id()).resolve(target.name());
    }

    /** {@code teragen rows=1000000 / generate} for a workload of steps. */
    public String label() {
      return row.label() + (row.workload().steps().size() > 1 ? " / " + step.name() : "");
    }
  }

  /** The plan of {@code file}: {@code repeat} overrides the file's when positive; {@code only} keeps those names. */
  public static ExperimentPlan of(ExperimentFile file, int repeat, List<String> only) {
    return of(file, repeat, only, Map.of());
  }

  /**
   * The most runs a plan has unless the experiment is given {@code --force}: a matrix past it is far more likely a
   * mistake (a parameter's list pasted twice, a range typed as values) than a study, and its plan alone, every line
   * checked before anything runs, would take minutes.
   */
  public static final long MAX_RUNS = 1000;

  /** {@link #of(ExperimentFile, int, List)} with the values of some matrix parameters replaced ({@code --set}). */
  public static ExperimentPlan of(ExperimentFile file, int repeat, List<String> only, Map<String, List<String>> set) {
    return of(file, repeat, only, set, Long.MAX_VALUE);
  }

  /**
   * {@link #of(ExperimentFile, int, List, Map)}, refused (bad input naming the file, with the count) when it has
   * more than {@code maxRuns} runs: counted from the matrix before any run is made.
   */
  public static ExperimentPlan of(ExperimentFile file, int repeat, List<String> only, Map<String, List<String>> set,
      long maxRuns) {
    for (String p : set.keySet()) {
      if (!file.matrix().containsKey(p) && file.workloads().stream().noneMatch(w -> w.matrix().containsKey(p))) {
        throw new UsageException("--set", "'" + p + "' is not a matrix parameter of the file");
      }
    }
    int repeats = repeat > 0 ? repeat : file.repeat();
    Set<String> names = new LinkedHashSet<>(only);
    for (String n : names) {
      if (file.targets().containsKey(n) == false && file.workloads().stream().noneMatch(w -> w.name().equals(n))) {
        throw new UsageException("--only", "'" + n + "' names no workload or target of the file (workloads: "
            + String.join(", ", file.workloads().stream().map(WorkloadSpec::name).toList()) + "; targets: "
            + String.join(", ", file.targets().keySet()) + ")");
      }
    }
    boolean onlyWorkloads = names.stream().anyMatch(n -> file.workloads().stream().anyMatch(w -> w.name().equals(n)));
    boolean onlyTargets = names.stream().anyMatch(file.targets()::containsKey);
    java.math.BigInteger count = java.math.BigInteger.ZERO;
    java.math.BigInteger lines = java.math.BigInteger.ZERO;
    for (WorkloadSpec w : file.workloads()) {
      if (!onlyWorkloads || names.contains(w.name())) {
        java.math.BigInteger points = java.math.BigInteger.ONE;
        Map<String, List<String>> matrix = matrix(file, w, set);
        for (String p : used(file, w, matrix)) {
          points = points.multiply(java.math.BigInteger.valueOf(matrix.get(p).size()));
        }
        long targets = w.targets().stream().filter(t -> !onlyTargets || names.contains(t)).count();
        java.math.BigInteger steps = points.multiply(java.math.BigInteger.valueOf(w.steps().size()));
        lines = lines.add(steps);
        count = count.add(steps.multiply(java.math.BigInteger.valueOf(targets)));
      }
    }
    count = count.multiply(java.math.BigInteger.valueOf(repeats));
    if (count.compareTo(java.math.BigInteger.valueOf(maxRuns)) > 0) {
      throw new UsageException(file.source(), "the plan has " + count + " runs (" + lines + " line(s) of the matrix on "
          + "their targets, " + repeats + " repeat(s)), more than " + maxRuns + ": check the matrix (or --set, "
          + "--only, --repeat), or give --force");
    }
    List<Row> rows = new ArrayList<>();
    for (WorkloadSpec w : file.workloads()) {
      if (onlyWorkloads && !names.contains(w.name())) {
        continue;
      }
      for (Map<String, String> point : points(file, w, set)) {
        rows.add(new Row(rows.size(), w, point));
      }
    }
    List<Run> runs = new ArrayList<>();
    for (int r = 1; r <= repeats; r++) {
      for (Row row : rows) {
        List<String> targets = new ArrayList<>(row.workload().targets());
        if (onlyTargets) {
          targets.removeIf(t -> !names.contains(t));
        }
        if (r % 2 == 0) {
          java.util.Collections.reverse(targets);
        }
        for (String t : targets) {
          for (Step s : row.workload().steps()) {
            runs.add(new Run(runs.size() + 1, row, s, file.targets().get(t), r));
          }
        }
      }
    }
    if (runs.isEmpty()) {
      throw new UsageException("--only", "leaves no run: name a workload and a target it runs on");
    }
    return new ExperimentPlan(file, repeats, rows, runs);
  }

  /** The targets some run uses, in the file's order. */
  public List<TargetSpec> targets() {
    Set<String> used = new LinkedHashSet<>();
    runs.forEach(r -> used.add(r.target().name()));
    return file.targets().values().stream().filter(t -> used.contains(t.name())).toList();
  }

  /** The points of the workload's matrix: one per combination of the parameters its lines use. */
  private static List<Map<String, String>> points(ExperimentFile file, WorkloadSpec w, Map<String, List<String>> set) {
    Map<String, List<String>> matrix = matrix(file, w, set);
    Set<String> used = used(file, w, matrix);
    List<Map<String, String>> points = new ArrayList<>();
    points.add(new LinkedHashMap<>());
    for (String p : matrix.keySet()) {
      if (!used.contains(p)) {
        continue;
      }
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> point : points) {
        for (String v : matrix.get(p)) {
          Map<String, String> more = new LinkedHashMap<>(point);
          more.put(p, v);
          next.add(more);
        }
      }
      points = next;
    }
    return points;
  }

  /** The workload's matrix: the file's, its own over it, {@code --set}'s values over both. */
  private static Map<String, List<String>> matrix(ExperimentFile file, WorkloadSpec w, Map<String, List<String>> set) {
    Map<String, List<String>> matrix = new LinkedHashMap<>(file.matrix());
    matrix.putAll(w.matrix());
    set.forEach((p, values) -> matrix.computeIfPresent(p, (k, old) -> values));
    return matrix;
  }

  /** The matrix parameters the workload's lines use; a placeholder that is none is bad input naming its line. */
  private static Set<String> used(ExperimentFile file, WorkloadSpec w, Map<String, List<String>> matrix) {
    Set<String> used = new LinkedHashSet<>();
    for (int i = 0; i < w.steps().size(); i++) {
      Matcher m = PLACEHOLDER.matcher(w.steps().get(i).run());
      while (m.find()) {
        String p = m.group(1);
        if (!BUILT_IN.contains(p) && !matrix.containsKey(p)) {
          String where = w.path() + (w.steps().size() > 1 ? ".steps[" + i + "]" : "") + ".run";
          throw new UsageException(file.source(), where + ": ${" + p + "} is not a matrix parameter "
              + "(matrix: " + (matrix.isEmpty() ? "none" : String.join(", ", matrix.keySet())) + "; built in: root, "
              + "repeat, target, run)");
        }
        if (!BUILT_IN.contains(p)) {
          used.add(p);
        }
      }
    }
    return used;
  }

  /** A workload's name when the file gives none: its command's words before the first option or path. */
  static String defaultName(String run) {
    List<String> words = new ArrayList<>();
    for (String w : run.strip().split("\\s+")) {
      if (w.startsWith("-") || w.contains("/") || w.contains("$") || words.size() == 2) {
        break;
      }
      words.add(w);
    }
    return words.isEmpty() ? "run" : String.join("-", words);
  }

  static String substitute(String line, Map<String, String> values) {
    Matcher m = PLACEHOLDER.matcher(line);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(b, Matcher.quoteReplacement(values.getOrDefault(m.group(1), m.group())));
    }
    m.appendTail(b);
    return b.toString();
  }

  /** Splits a command line into words as a shell would: on blanks, except inside '...' or "...". */
  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          w.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else {
        w.append(c);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("an unclosed " + quote + " in: " + line);
    }
    if (inWord) {
      words.add(w.toString());
    }
    return words;
  }
}
