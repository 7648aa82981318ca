package io.harness.spark;

import io.harness.core.base.UsageException;
import io.harness.core.util.Sizes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark generate DIR --records N --iteration I}: the options of {@link GenerateWorkload} (I Spark
 * jobs, each appending N rows, a bigint id unique over all batches and a binary payload of seeded data, to the
 * Parquet data set DIR), checked into a {@link GeneratePlan}.
 */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Writes --iteration batches of --records rows to the Parquet data set DIR, one Spark job per batch, "
            + "each appending its files: id (bigint, unique over all batches: batch b holds ids "
            + "b*N .. b*N+N-1) and payload (--record-size bytes of seeded data, a function of --seed and id).",
        "Prints rows, Parquet bytes written (the files' lengths on the file system), elapsed time and MB/s; "
            + "writes the run's JSON and " + ParquetDirs.MARKER + " (seed, sizes) into DIR for 'count --verify'."})
public final class GenerateCommand extends SparkJobCommand {
  static final long DEFAULT_SEED = 24301;
  private static final long MAX_RECORD = Sizes.GB;

  @Parameters(index = "0", paramLabel = "DIR", description = "The data set to write (must not exist, "
      + "unless --overwrite).")
  String dirText;

  @Option(names = "--records", paramLabel = "N", required = true, description = "Rows per batch.")
  long records;

  @Option(names = {"--iteration", "--iterations"}, paramLabel = "I", defaultValue = "1",
      description = "Batches, i.e. Spark jobs, each appending --records rows (default: ${DEFAULT-VALUE}).")
  long iterations;

  @Option(names = "--record-size", paramLabel = "S", defaultValue = "1MB",
      description = "Payload bytes per row: 1024, 1KB, 1MB ... (a bare number is bytes; default: ${DEFAULT-VALUE}).")
  String recordSizeText;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "" + DEFAULT_SEED,
      description = "Seed of the payloads (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--partitions", paramLabel = "P",
      description = "Spark partitions, i.e. Parquet files, per batch (default: Spark's default parallelism, "
          + "at most --records).")
  Integer partitions;

  @Option(names = "--compression", paramLabel = "CODEC", defaultValue = "snappy",
      description = "Parquet compression: none, snappy, gzip, lz4, lz4_raw, zstd (default: ${DEFAULT-VALUE}; "
          + "the payloads do not compress).")
  String compression;

  @Option(names = "--overwrite",
      description = "Replace DIR if it exists (only when it holds nothing but Spark's Parquet output).")
  boolean overwrite;

  @Option(names = "--verify",
      description = "Then check every row as 'count --verify' does (ids unique, payload lengths and contents); "
          + "exit 1 when a check fails. Useful with --embedded, whose data is gone after the run.")
  boolean verify;

  /** The checked options. */
  GeneratePlan plan() {
    if (records < 1) {
      throw new UsageException("--records", "must be at least 1, was " + records);
    }
    if (iterations < 1) {
      throw new UsageException("--iteration", "must be at least 1, was " + iterations);
    }
    if (records > Long.MAX_VALUE / iterations) {
      throw new UsageException("--records", records + " x " + iterations + " iterations is more rows than ids");
    }
    long size;
    try {
      size = Sizes.parse(recordSizeText, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--record-size", e.getMessage());
    }
    if (size < 1 || size > MAX_RECORD) {
      throw new UsageException("--record-size", "must be between 1 byte and 1 GB, was " + recordSizeText);
    }
    if (partitions != null && partitions < 1) {
      throw new UsageException("--partitions", "must be at least 1, was " + partitions);
    }
    String codec = codec(compression);
    if (dirText == null || dirText.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
    return new GeneratePlan(dirText, records, iterations, (int) size, seed, partitions, codec, overwrite, verify);
  }

  /** Checks the options, then runs the workload they describe (its Spark jobs run inside this call). */
  @Override
  public Integer call() throws Exception {
    GeneratePlan plan = plan();
    return run(new GenerateWorkload(plan), GenerateWorkload.DIR,
        new SparkTarget.PathArgument(GenerateWorkload.DIR, plan.dir()));
  }
}
