package io.harness.core.experiment;

import io.harness.core.base.UsageException;
import io.harness.core.report.RunCsv;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The figures an experiment's tables show: columns of a run's {@code result.csv} (written by every run, whatever
 * its workload, from its own typed figures), such as {@code seconds}, {@code mb_per_sec},
 * {@code testdfsio_throughput_mb_per_sec}, {@code items_per_sec}, {@code write_p99_ms} or a namespace phase's
 * {@code create_ops_per_sec}.
 */
final class ExperimentFigures {
  /** The numeric columns every result.csv has. */
  static final List<String> RUN_COLUMNS = RunCsv.RESULT_COLUMNS.stream()
      .filter(c -> !List.of("run", "workload", "operation", "target", "started_at", "exit_code", "item").contains(c))
      .toList();
  /**
   * A column a workload publishes of its own ({@code io.harness.core.workload.Column}), known here by its unit's
   * suffix: a rate, a time, a size, a count or a score.
   */
  private static final Pattern OWN = Pattern.compile("[a-z][a-z0-9_]*_(per_sec|ms|s|mb|bytes|count|score|kiops)");

  private ExperimentFigures() {}

  /**
   * The figures {@code keys} name ({@code otherwise} when it has no {@code figures:}), each checked: a bad one names
   * its path, {@code prefix} then {@code figures[i]} ({@code workloads[0].steps[1].figures[0]}).
   */
  static List<String> read(String arg, YamlKeys keys, String prefix, List<String> otherwise) {
    if (!keys.has("figures")) {
      return otherwise;
    }
    List<String> figures = keys.list("figures", otherwise);
    boolean list = keys.node("figures", true).isArray();
    for (int i = 0; i < figures.size(); i++) {
      check(arg, prefix + "figures" + (list ? "[" + i + "]" : ""), figures.get(i));
    }
    return figures;
  }

  /** Refuses a name that no result.csv can have. */
  static void check(String arg, String path, String figure) {
    if (!RUN_COLUMNS.contains(figure) && !RunCsv.isKindColumn(figure) && !OWN.matcher(figure).matches()) {
      throw new UsageException(arg, path + ": '" + figure + "' is not a column of a run's result.csv (one of "
          + String.join(", ", RUN_COLUMNS) + ", or KIND_" + String.join("|", RunCsv.KIND_COLUMNS)
          + " such as write_p99_ms, or PHASE_ops_per_sec such as create_ops_per_sec, or a workload's own column "
          + "NAME_per_sec|_ms|_s|_mb|_bytes|_count|_score|_kiops)");
    }
  }

  /** The unit a figure is shown with in a table's heading. */
  static String unit(String figure) {
    if (figure.equals("seconds")) {
      return "s";
    }
    if (figure.endsWith("_mb_per_sec") || figure.equals("mb_per_sec")) {
      return "MB/s";
    }
    if (figure.endsWith("_gib_per_sec")) {
      return "GiB/s";
    }
    if (figure.endsWith("_kiops")) {
      return "kIOPS";
    }
    if (figure.endsWith("_ms")) {
      return "ms";
    }
    if (figure.equals("bytes")) {
      return "bytes";
    }
    return figure.endsWith("per_sec") ? "/s" : "";
  }
}
