package io.harness.spark;

import io.harness.core.cli.CommandGroup;
import picocli.CommandLine.Command;

/**
 * {@code harness spark}: Parquet data sets generated, counted and copied by Spark jobs. Its commands are the
 * workloads whose options classes name {@code spark} as their group ({@link Generate}, {@link Count},
 * {@link Copy}).
 */
@Command(name = "spark", mixinStandardHelpOptions = true,
    header = SparkCommand.HEADER,
    description = {
        "Spark jobs on Parquet data through any Hadoop file system (hdfs://, ofs://, o3fs://, file://): "
            + "generate, count, copy. Each prints its elapsed time and MB/s and writes the run's JSON.",
        "Spark runs in this JVM with --master local[*] unless told otherwise; under spark-submit the "
            + "master is spark-submit's."})
public final class SparkCommand extends CommandGroup {
  /** The command's one line in {@code harness --help} (core's placeholder says the same where Spark is not). */
  public static final String HEADER = io.harness.core.cli.Harness.SPARK_HEADER;
}
