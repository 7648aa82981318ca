package io.harness.core.experiment;

import io.harness.core.base.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every file an experiment's runs write lands in the experiment's folder ({@code -o}): each local file a line
 * writes besides its run's folder, by the option that names it (the workload's own, {@link
 * io.harness.core.workload.Workload#localOutputs}: dfsio's {@code -resFile}, whose default is a file of the working
 * directory; and {@code --json}, every workload's), goes beside the run's folder ({@code runs/ROW/TARGET/}): a
 * default or a relative path is placed there, a path already inside {@code -o} stays, and one outside it is bad
 * input naming the line's key.
 */
final class ExperimentOutputs {
  /** Output options every workload's line may give, known by name (a Spark line is not planned here). */
  private static final List<String> NAMED = List.of("--json");

  private ExperimentOutputs() {}

  /**
   * Where each local output of {@code args} goes, by option: {@code outputs} are the workload's own (option to the
   * path it would write, its default where the line gives none); {@code runDir} is the run's {@code --run-dir}
   * inside {@code dir}. An output outside {@code dir} that the line names itself is refused, naming {@code key}.
   */
  static Map<String, String> place(String file, String key, List<String> args, Map<String, Path> outputs,
      Path runDir, Path dir) {
    Path home = dir.toAbsolutePath().normalize();
    Path folder = runDir.toAbsolutePath().normalize();
    Map<String, String> placed = new LinkedHashMap<>();
    List<String> options = new ArrayList<>(outputs.keySet());
    NAMED.forEach(o -> {
      if (!options.contains(o)) {
        options.add(o);
      }
    });
    for (String option : options) {
      String given = value(args, option);
      if (given == null) {
        Path p = outputs.get(option);
        if (p != null && p.getFileName() != null) {
          placed.put(option, folder.resolve(p.getFileName()).toString());
        }
        continue;
      }
      Path p = Path.of(given);
      Path where = (p.isAbsolute() ? p : folder.resolve(p)).toAbsolutePath().normalize();
      if (!where.startsWith(home)) {
        throw new UsageException(file, key + ": " + option + " " + given + " is outside the experiment's folder "
            + home + " (-o): every file its runs write goes there (give a path relative to the run's folder)");
      }
      placed.put(option, where.toString());
    }
    // two options placed on one file would write over each other (the line's own check saw them elsewhere)
    Map<String, String> seen = new LinkedHashMap<>();
    placed.forEach((option, path) -> {
      String other = seen.putIfAbsent(path, option);
      if (other != null) {
        throw new UsageException(file, key + ": " + option + " " + path + " is also " + other + "'s: give them "
            + "files of their own");
      }
    });
    return placed;
  }

  /** {@code args} with each placed option's value replaced, or the option added where the line has none. */
  static List<String> apply(List<String> args, Map<String, String> placed) {
    List<String> out = new ArrayList<>(args);
    placed.forEach((option, path) -> {
      int at = index(out, option);
      if (at < 0) {
        out.add(option);
        out.add(path);
      } else if (out.get(at).contains("=")) {
        out.set(at, out.get(at).substring(0, out.get(at).indexOf('=') + 1) + path);
      } else if (at + 1 < out.size()) {
        out.set(at + 1, path);
      }
    });
    return out;
  }

  /** The value the line gives {@code option} ({@code OPTION VALUE} or {@code OPTION=VALUE}), or null. */
  private static String value(List<String> args, String option) {
    int at = index(args, option);
    if (at < 0) {
      return null;
    }
    String a = args.get(at);
    return a.contains("=") ? a.substring(a.indexOf('=') + 1) : at + 1 < args.size() ? args.get(at + 1) : null;
  }

  /** Where {@code option} is in {@code args} (options' names are not case-sensitive), or -1; the last one counts. */
  private static int index(List<String> args, String option) {
    String name = option.toLowerCase(Locale.ROOT);
    int found = -1;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).toLowerCase(Locale.ROOT);
      if (a.equals(name) || a.startsWith(name + "=")) {
        found = i;
      }
    }
    return found;
  }
}
