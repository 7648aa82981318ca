package io.harness.core.experiment;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.harness.core.base.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An experiment as its YAML file states it: the targets (embedded clusters, or file systems reached over the
 * network), the workloads (harness command lines with {@code ${param}} placeholders, or steps that run in
 * order), the matrix of parameters, the repeats and the figures its tables show. Every key is checked here;
 * bad input names the key's path ({@code workloads[1].run}) and the reason, before any cluster starts.
 */
public record ExperimentFile(String source, String name, String description, int repeat, List<String> figures,
    Map<String, TargetSpec> targets, Map<String, List<String>> matrix, List<WorkloadSpec> workloads) {

  /** The figures the tables show when the file names none. */
  public static final List<String> DEFAULT_FIGURES = List.of("seconds", "mb_per_sec");

  /**
   * A target: a cluster the experiment starts ({@code embedded} is its kind, {@code hdfs} or {@code ozone}, with
   * {@code datanodes} and server settings {@code conf}): in this JVM ({@code embedded:}), or each service in a
   * container of its own ({@code containers:}, with {@code yarn} NodeManagers beside it when above 0); or a file
   * system ({@code fs} a URI, {@code root} where the runs write, {@code confFiles} site files and {@code conf} client
   * settings). A {@code stopped} embedded Ozone is started once, then stopped keeping its data: its runs are the
   * offline generators' (on its first datanode's volumes, the site file they get) and plain writes to the local
   * file system beside them.
   */
  public record TargetSpec(String name, String embedded, boolean containers, int datanodes, int yarn,
      boolean stopped, String fs, String root, List<String> confFiles, Map<String, String> conf) {
    /** Whether the experiment starts this target's cluster (in this JVM or in containers). */
    public boolean isEmbedded() {
      return embedded != null;
    }

    /** Whether this target's servers run in this JVM (an embedded cluster, not containers). */
    public boolean inJvm() {
      return embedded != null && !containers;
    }

    /** The name of the provider that starts the cluster: {@code hdfs}, {@code ozone-containers}, ... */
    public String provider() {
      return containers ? embedded + "-containers" : embedded;
    }

    /** {@code embedded hdfs} or {@code containers ozone}. */
    public String kind() {
      return (containers ? "containers " : "embedded ") + embedded;
    }

    /** This target with its cluster in containers (when it is one the experiment starts) and {@code yarn}. */
    TargetSpec inContainers(int yarnNodes) {
      return new TargetSpec(name, embedded, true, datanodes, yarnNodes, stopped, fs, root, confFiles, conf);
    }
  }

  /**
   * One command line of a workload: a step's name (the workload's for a single line), the line, and the figures
   * its table lines show (its own {@code figures:}, else its workload's, else the file's).
   */
  public record Step(String name, String run, List<String> figures) {}

  /**
   * A workload: its steps (one for a single {@code run:} line), its own matrix additions, the targets it runs on
   * (all when the file does not say) and the figures its steps show unless a step names its own (the file's when
   * it does not say).
   */
  public record WorkloadSpec(String name, List<Step> steps, Map<String, List<String>> matrix, List<String> targets,
      List<String> figures, String path) {}

  private static final Set<String> TOP = Set.of("name", "description", "repeat", "figures", "targets", "matrix",
      "workloads");
  private static final Set<String> WORKLOAD = Set.of("name", "run", "steps", "matrix", "targets", "figures");
  private static final Set<String> STEP = Set.of("name", "run", "figures");

  /** Reads and checks {@code file}; {@code argument} is what bad input is reported against (the file's name). */
  public static ExperimentFile read(Path file) {
    String arg = file.toString();
    if (!Files.isRegularFile(file)) {
      throw new UsageException(arg, Files.isDirectory(file) ? "is a directory, not an experiment's file"
          : "no such file");
    }
    JsonNode root;
    try {
      // a key given twice is an edit gone wrong, not a choice: refused, never the last one silently taken
      root = new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .readTree(file.toFile());
    } catch (IOException e) {
      throw new UsageException(arg, "not YAML: " + String.valueOf(e.getMessage()).split("\\R", 2)[0]);
    }
    if (root == null || !root.isObject()) {
      throw new UsageException(arg, "expected a mapping with targets: and workloads:");
    }
    YamlKeys top = new YamlKeys(arg, "", root, TOP);
    String fileName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    String name = top.text("name", fileName);
    int repeat = top.integer("repeat", 1, 1, 1000);
    List<String> figures = ExperimentFigures.read(arg, top, "", DEFAULT_FIGURES);
    Map<String, TargetSpec> targets = TargetKeys.read(arg, top.node("targets", true));
    Map<String, List<String>> matrix = matrix(arg, "matrix", top.node("matrix", false));
    JsonNode list = top.node("workloads", true);
    if (!list.isArray() || list.isEmpty()) {
      throw new UsageException(arg, "workloads: expected a list of workloads, each with a run: line or steps:");
    }
    List<WorkloadSpec> workloads = new ArrayList<>();
    Set<String> names = new java.util.HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      WorkloadSpec w = workload(arg, "workloads[" + i + "]", list.get(i), targets.keySet(), figures);
      if (!names.add(w.name())) {
        throw new UsageException(arg, w.path() + ".name: a second workload named '" + w.name() + "'");
      }
      workloads.add(w);
    }
    return new ExperimentFile(arg, name, top.text("description", null), repeat, figures, targets, matrix, workloads);
  }

  /**
   * This file with every cluster it starts run in containers ({@code containers}: {@code --processes containers};
   * a stopped embedded Ozone, the offline generators' target, is left as it is, and a plan that runs on it is bad
   * input: {@link ExperimentTargets#check}) and {@code yarn} NodeManagers
   * beside each containers target ({@code --yarn}; null: as the file says). Bad input: {@code --yarn} with no
   * containers target.
   */
  public ExperimentFile withProcesses(boolean containers, Integer yarn) {
    if (yarn != null && (yarn < 0 || yarn > 16)) {
      throw new UsageException("--yarn", "must be from 0 to 16 NodeManagers, was " + yarn);
    }
    Map<String, TargetSpec> out = new LinkedHashMap<>();
    for (TargetSpec t : targets.values()) {
      boolean moved = t.isEmbedded() && !t.stopped() && (containers || t.containers());
      out.put(t.name(), moved ? t.inContainers(yarn != null ? yarn : t.yarn()) : t);
    }
    if (yarn != null && out.values().stream().noneMatch(TargetSpec::containers)) {
      throw new UsageException("--yarn", "the file has no containers: target (give --processes containers to run "
          + "its embedded: targets in containers)");
    }
    return new ExperimentFile(source, name, description, repeat, figures, out, matrix, workloads);
  }

  static Map<String, List<String>> matrix(String arg, String path, JsonNode node) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    if (node.isMissingNode()) {
      return out;
    }
    if (!node.isObject()) {
      throw new UsageException(arg, path + ": expected a mapping of parameters to lists of values, e.g. threads: [1, 10]");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      String p = path + "." + e.getKey();
      if (!e.getKey().matches("[A-Za-z][A-Za-z0-9_]*")) {
        throw new UsageException(arg, p + ": a parameter's name is a letter, then letters, digits and '_'");
      }
      if (ExperimentPlan.BUILT_IN.contains(e.getKey())) {
        throw new UsageException(arg, p + ": ${" + e.getKey() + "} is built in (" + ExperimentPlan.BUILT_IN + ")");
      }
      out.put(e.getKey(), values(arg, p, e.getValue()));
    }
    return out;
  }

  static List<String> values(String arg, String path, JsonNode node) {
    List<String> values = new ArrayList<>();
    if (node.isValueNode() && !node.isNull()) {
      values.add(node.asText());
    } else if (node.isArray() && !node.isEmpty()) {
      for (int i = 0; i < node.size(); i++) {
        if (!node.get(i).isValueNode() || node.get(i).isNull()) {
          throw new UsageException(arg, path + "[" + i + "]: expected a value");
        }
        values.add(node.get(i).asText());
      }
    } else {
      throw new UsageException(arg, path + ": expected a value or a non-empty list of values");
    }
    if (new java.util.HashSet<>(values).size() != values.size()) {
      throw new UsageException(arg, path + ": a value is given twice");
    }
    return values;
  }

  private static WorkloadSpec workload(String arg, String path, JsonNode node, Set<String> targetNames,
      List<String> fileFigures) {
    YamlKeys k = new YamlKeys(arg, path + ".", node, WORKLOAD);
    List<String> figures = ExperimentFigures.read(arg, k, path + ".", fileFigures);
    List<Step> steps = new ArrayList<>();
    if (k.has("run") == k.has("steps")) {
      throw new UsageException(arg, path + ": give either run: (a harness command line) or steps: (a list of them)");
    }
    String name;
    if (k.has("run")) {
      String run = k.text("run", null);
      name = k.text("name", ExperimentPlan.defaultName(run));
      steps.add(new Step(name, run, figures));
    } else {
      JsonNode list = k.node("steps", true);
      if (!list.isArray() || list.isEmpty()) {
        throw new UsageException(arg, path + ".steps: expected a list of {name:, run:}");
      }
      for (int i = 0; i < list.size(); i++) {
        String sp = path + ".steps[" + i + "]";
        JsonNode s = list.get(i);
        YamlKeys sk = s.isTextual() ? null : new YamlKeys(arg, sp + ".", s, STEP);
        String run = sk == null ? s.asText() : sk.text("run", null);
        if (run == null) {
          throw new UsageException(arg, sp + ".run: missing (a harness command line)");
        }
        String stepName = sk == null ? ExperimentPlan.defaultName(run) : sk.text("name", ExperimentPlan.defaultName(run));
        if (steps.stream().anyMatch(o -> o.name().equals(stepName))) {
          throw new UsageException(arg, sp + ".name: a second step named '" + stepName + "'");
        }
        List<String> own = sk == null ? figures : ExperimentFigures.read(arg, sk, sp + ".", figures);
        steps.add(new Step(stepName, run, own));
      }
      name = k.text("name", steps.get(0).name());
    }
    if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new UsageException(arg, path + ".name: '" + name + "' is not letters, digits, '.', '_' and '-'");
    }
    List<String> targets = k.list("targets", new ArrayList<>(targetNames));
    for (int i = 0; i < targets.size(); i++) {
      if (!targetNames.contains(targets.get(i))) {
        throw new UsageException(arg, path + ".targets[" + i + "]: no target named '" + targets.get(i) + "' (targets: "
            + String.join(", ", targetNames) + ")");
      }
    }
    return new WorkloadSpec(name, steps, matrix(arg, path + ".matrix", k.node("matrix", false)), targets, figures,
        path);
  }
}
