package io.harness.core.cli;

import io.harness.core.base.UsageException;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark} where Spark is not on the class path: {@code bin/harness spark} starts a JVM of its
 * own on Spark's class path (lib/spark), so the main JVM only lists the command in {@code harness --help};
 * reached here (e.g. {@code hadoop jar harness.jar spark}), it says where it runs.
 */
@Command(name = "spark", header = SparkPlaceholder.HEADER,
    description = "Runs on Spark's own class path: use bin/harness spark (it starts that JVM) or spark-submit with "
        + "harness-spark.jar.")
public final class SparkPlaceholder implements Callable<Integer> {
  /** The spark command's one line in {@code harness --help}. */
  public static final String HEADER = "Parquet generate / count / copy on Spark (local[*] or a cluster).";

  @Parameters(arity = "0..*", hidden = true)
  java.util.List<String> rest;

  @Override
  public Integer call() {
    throw new UsageException("spark", "Spark is not on this class path: run it as bin/harness spark ..., or "
        + "spark-submit harness-spark.jar");
  }
}
