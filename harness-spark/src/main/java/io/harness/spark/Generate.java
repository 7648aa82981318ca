package io.harness.spark;

import io.harness.core.base.UsageException;
import io.harness.core.base.Sizes;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark generate DIR --records N --iteration I}, and spark generate from Java: the options of
 * {@link GenerateWorkload} (I Spark jobs, each appending N rows, a bigint id unique over all batches and a binary
 * payload of seeded data, to the Parquet data set DIR), with the options every Spark workload has
 * ({@link SparkOptions}), checked into a {@link Plan}.
 *
 * <pre>{@code
 * RunOutcome r = Generate.dir("ofs://om/vol1/bucket1/set").records(100_000).recordSize("4KB").run(conf);
 * long bytes = r.figures(GenerateFigures.class).bytesWritten();
 * }</pre>
 */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Writes --iteration batches of --records rows to the Parquet data set DIR, one Spark job per batch, "
            + "each appending its files: id (bigint, unique over all batches: batch b holds ids "
            + "b*N .. b*N+N-1) and payload (--record-size bytes of seeded data, a function of --seed and id).",
        "Prints rows, Parquet bytes written (the files' lengths on the file system), elapsed time and MB/s; "
            + "writes the run's JSON and " + ParquetDirs.MARKER + " (seed, sizes) into DIR for 'count --verify'."})
public final class Generate extends SparkOptions<Generate, Generate.Plan> {
  private static final long MAX_RECORD = Sizes.GB;

  @Parameters(index = "0", paramLabel = "DIR", description = "The data set to write (must not exist, "
      + "unless --overwrite).")
  private String dir;

  @Option(names = "--records", paramLabel = "N", required = true, description = "Rows per batch.")
  private long records;

  @Option(names = {"--iteration", "--iterations"}, paramLabel = "I",
      description = "Batches, i.e. Spark jobs, each appending --records rows (default: ${DEFAULT-VALUE}).")
  private long iterations = 1;

  @Option(names = "--record-size", paramLabel = "S",
      description = "Payload bytes per row: 1024, 1KB, 1MB ... (a bare number is bytes; default: ${DEFAULT-VALUE}).")
  private String recordSize = "1MB";

  @Option(names = "--seed", paramLabel = "N", description = "Seed of the payloads (default: ${DEFAULT-VALUE}).")
  private long seed = 24301;

  @Option(names = "--partitions", paramLabel = "P",
      description = "Spark partitions, i.e. Parquet files, per batch (default: Spark's default parallelism, "
          + "at most --records).")
  private Integer partitions;

  @Option(names = "--compression", paramLabel = "CODEC",
      description = "Parquet compression: none, snappy, gzip, lz4, lz4_raw, zstd (default: ${DEFAULT-VALUE}; "
          + "the payloads do not compress).")
  private String compression = "snappy";

  @Option(names = "--overwrite",
      description = "Replace DIR if it exists (only when it holds nothing but Spark's Parquet output).")
  private boolean overwrite;

  @Option(names = "--verify",
      description = "Then check every row as 'count --verify' does (ids unique, payload lengths and contents); "
          + "exit 1 when a check fails. Useful with --embedded, whose data is gone after the run.")
  private boolean verify;

  /**
   * One {@code spark generate} run, checked: the data set (as typed), rows per batch, batches, payload bytes per
   * row, the payloads' seed, partitions per batch (null: Spark's default parallelism, at most {@code records}),
   * the Parquet codec, whether an existing data set may be replaced, and whether every row is checked after.
   * Saved in the run's JSON as {@code plan}.
   */
  public record Plan(String dir, long records, long iterations, int recordSize, long seed, Integer partitions,
      String compression, boolean overwrite, boolean verify) {
  }

  /** No data set yet; the command line starts from it. */
  public Generate() {
    super("generate", Plan.class, GenerateWorkload.DIR);
  }

  /** The data set to write ({@code DIR}); {@link #records} must still be given. */
  public static Generate dir(String dir) {
    Generate g = new Generate();
    g.dir = dir;
    return g;
  }

  /** {@code --records}: rows per batch. */
  public Generate records(long rows) {
    this.records = rows;
    return this;
  }

  /** {@code --iteration}: batches. */
  public Generate iterations(long batches) {
    this.iterations = batches;
    return this;
  }

  /** {@code --record-size}: payload bytes per row (1024, 1KB ...). */
  public Generate recordSize(String size) {
    this.recordSize = size;
    return this;
  }

  /** {@code --seed}. */
  public Generate seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** {@code --partitions}: per batch. */
  public Generate partitions(int partitions) {
    this.partitions = partitions;
    return this;
  }

  /** {@code --compression}. */
  public Generate compression(String codec) {
    this.compression = codec;
    return this;
  }

  /** {@code --overwrite}. */
  public Generate overwrite() {
    this.overwrite = true;
    return this;
  }

  /** {@code --verify}. */
  public Generate verify() {
    this.verify = true;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
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
      size = Sizes.parse(recordSize, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--record-size", e.getMessage());
    }
    if (size < 1 || size > MAX_RECORD) {
      throw new UsageException("--record-size", "must be between 1 byte and 1 GB, was " + recordSize);
    }
    if (partitions != null && partitions < 1) {
      throw new UsageException("--partitions", "must be at least 1, was " + partitions);
    }
    String codec = codec(compression);
    if (dir == null || dir.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
    return new Plan(dir, records, iterations, (int) size, seed, partitions, codec, overwrite, verify);
  }

  @Override
  public GenerateWorkload workload(Plan plan, String root) {
    return new GenerateWorkload(plan);
  }

  @Override
  List<SparkTarget.PathArgument> paths(Plan plan) {
    return List.of(new SparkTarget.PathArgument(GenerateWorkload.DIR, plan.dir()));
  }
}
