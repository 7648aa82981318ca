package io.harness.core.workload;

import java.util.List;
import java.util.Locale;

/**
 * One figure of a workload's own as the run's tables show it: a column of {@code result.csv} ({@code name}), a row
 * of {@code harness compare} ({@code heading}), a figure an experiment's table can name. A workload publishes its
 * columns from its {@link Figures}; {@code result.csv}, {@code compare}, the report and an experiment read them
 * from there, so a new column is written in the workload alone.
 *
 * @param name the column's name in {@code result.csv}: lower case, digits and {@code _}
 *     ({@code testdfsio_throughput_mb_per_sec}, {@code create_ops_per_sec})
 * @param heading how a table names it ({@code TestDFSIO throughput MB/s}, {@code create ops/s})
 * @param unit what its value counts ({@code MB/s}, {@code ops/s}, {@code files})
 * @param direction which way is better, for a comparison
 * @param value the value (null: the run has the figure but cannot tell it)
 */
public record Column(String name, String heading, String unit, Direction direction, Double value) {
  /** The suffix of an operation's rate: {@code create_ops_per_sec}. */
  public static final String OPS_PER_SEC = "_ops_per_sec";

  /** Which way a figure is better. */
  public enum Direction {
    /** A rate, a throughput, a score. */
    HIGHER_IS_BETTER,
    /** A latency, a time, a count of failures. */
    LOWER_IS_BETTER,
    /** A count or a spread that tells what ran, not how well: shown, not compared. */
    NEITHER
  }

  public Column {
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("a column's name is lower case, digits and _: '" + name + "'");
    }
  }

  /** A figure where more is better (a rate). */
  public static Column higher(String name, String heading, String unit, Double value) {
    return new Column(name, heading, unit, Direction.HIGHER_IS_BETTER, value);
  }

  /** A figure where less is better (a latency). */
  public static Column lower(String name, String heading, String unit, Double value) {
    return new Column(name, heading, unit, Direction.LOWER_IS_BETTER, value);
  }

  /** A figure that tells what ran, not how well. */
  public static Column neither(String name, String heading, String unit, Double value) {
    return new Column(name, heading, unit, Direction.NEITHER, value);
  }

  /** This column with another value. */
  public Column with(Double other) {
    return new Column(name, heading, unit, direction, other);
  }

  /** Whether a comparison puts it side by side (it has a better way). */
  public boolean compared() {
    return direction != Direction.NEITHER;
  }

  /** TestDFSIO's throughput, average IO rate and IO rate standard deviation (MB/s). */
  public static List<Column> testDfsio(double throughputMbSec, double averageIoRateMbSec, double ioRateStdDev) {
    return List.of(higher("testdfsio_throughput_mb_per_sec", "TestDFSIO throughput MB/s", "MB/s", throughputMbSec),
        higher("testdfsio_average_io_rate_mb_per_sec", "TestDFSIO average IO rate MB/s", "MB/s", averageIoRateMbSec),
        neither("testdfsio_io_rate_std_dev", "TestDFSIO IO rate std deviation", "MB/s", ioRateStdDev));
  }

  /** {@code items} of {@code item} (plural: {@code files}), made at {@code perSec} a second. */
  public static List<Column> items(String item, long items, double perSec) {
    return List.of(neither("items", item, item, (double) items), higher("items_per_sec", item + "/s", item + "/s",
        perSec));
  }

  /** The rate of an operation of the workload's own ({@code create}: the column {@code create_ops_per_sec}). */
  public static Column opsPerSec(String operation, double rate) {
    return higher(name(operation) + OPS_PER_SEC, operation + " ops/s", "ops/s", rate);
  }

  /** A column's name for a word of any shape: {@code createFile} and {@code create-file} are {@code create_file}. */
  public static String name(String word) {
    return word.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
  }
}
