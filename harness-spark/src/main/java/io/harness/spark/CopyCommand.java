package io.harness.spark;

import io.harness.core.base.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark copy SRC DST}: the options of {@link CopyWorkload} (a Parquet data set read and written
 * again by a Spark job), checked into a {@link CopyPlan}.
 */
@Command(name = "copy", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Reads the Parquet data set SRC and writes its rows to DST as Parquet with one Spark job (SRC and DST "
            + "may be on different file systems: give full URIs).",
        "Prints the Parquet bytes read and written (the files' lengths on the file systems), elapsed time and "
            + "MB/s; writes the run's JSON."})
public final class CopyCommand extends SparkJobCommand {
  @Parameters(index = "0", paramLabel = "SRC", description = "The Parquet data set to read.")
  String srcText;

  @Parameters(index = "1", paramLabel = "DST", description = "Where to write it (must not exist, unless "
      + "--overwrite).")
  String dstText;

  @Option(names = "--overwrite",
      description = "Replace DST if it exists (only when it holds nothing but Spark's Parquet output).")
  boolean overwrite;

  @Option(names = "--compression", paramLabel = "CODEC",
      description = "Parquet compression of DST: none, snappy, gzip, lz4, lz4_raw, zstd (default: Spark's, "
          + "spark.sql.parquet.compression.codec, snappy).")
  String compression;

  @Option(names = "--verify",
      description = "Then check DST as 'count --verify' does (ids unique, payloads), and its row count "
          + "against SRC's.")
  boolean verify;

  /** The checked options. */
  CopyPlan plan() {
    if (srcText == null || srcText.isBlank()) {
      throw new UsageException("SRC", "must not be empty");
    }
    if (dstText == null || dstText.isBlank()) {
      throw new UsageException("DST", "must not be empty");
    }
    return new CopyPlan(srcText, dstText, overwrite, compression == null ? null : codec(compression), verify);
  }

  /** Checks the options, then runs the workload they describe (its Spark job runs inside this call). */
  @Override
  public Integer call() throws Exception {
    CopyPlan plan = plan();
    return run(new CopyWorkload(plan), CopyWorkload.DST, new SparkTarget.PathArgument(CopyWorkload.SRC, plan.source()),
        new SparkTarget.PathArgument(CopyWorkload.DST, plan.destination()));
  }
}
