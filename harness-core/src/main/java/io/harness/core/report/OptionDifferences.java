package io.harness.core.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What differs between the runs of a comparison, from their {@code result.json}: the workload and operation
 * (when {@code --force} let different ones in) and every option whose value is not the same in all runs, one
 * line each with the value in each group (or each run, where a group's runs differ). Where a run's output went
 * ({@code --json}, {@code --run-dir}, {@code -resFile}, {@code --verbose}) is left out.
 */
public final class OptionDifferences {
  private static final Set<String> OUTPUTS = Set.of("--json", "--run-dir", "-resFile", "--verbose");

  private OptionDifferences() {}

  /** The lines, empty when the runs were all run alike. */
  public static List<String> of(List<RunGroup> groups) {
    List<String> lines = new ArrayList<>();
    String workloads = line(groups, r -> r.result().workload() + " " + r.result().operation());
    if (workloads != null) {
      lines.add("workloads differ: " + workloads);
    }
    Set<String> names = new LinkedHashSet<>();
    groups.forEach(g -> g.runs().forEach(r -> names.addAll(options(r).keySet())));
    for (String name : names) {
      if (OUTPUTS.contains(name)) {
        continue;
      }
      String values = line(groups, r -> String.valueOf(options(r).get(name)));
      if (values != null) {
        lines.add("option " + name + " differs: " + values);
      }
    }
    return lines;
  }

  private static Map<String, Object> options(SavedRun run) {
    return run.result().options() == null ? Map.of() : run.result().options();
  }

  /** Each value and where it is ({@code 4 in hdfs, 8 in ozone}), or null when all runs have the same. */
  private static String line(List<RunGroup> groups, java.util.function.Function<SavedRun, String> value) {
    Map<String, List<String>> where = new LinkedHashMap<>();
    for (RunGroup g : groups) {
      Set<String> own = new LinkedHashSet<>();
      g.runs().forEach(r -> own.add(value.apply(r)));
      for (SavedRun r : g.runs()) {
        String v = value.apply(r);
        String place = own.size() == 1 ? g.label() : g.label() + "/" + r.name();
        List<String> places = where.computeIfAbsent(v, k -> new ArrayList<>());
        if (!places.contains(place)) {
          places.add(place);
        }
      }
    }
    if (where.size() < 2) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    where.forEach((v, places) -> parts.add(Objects.toString(v) + " in " + String.join(", ", places)));
    return String.join("; ", parts);
  }
}
