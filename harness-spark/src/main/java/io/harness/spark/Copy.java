package io.harness.spark;

import io.harness.core.base.UsageException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark copy SRC DST}, and spark copy from Java: the options of {@link CopyWorkload} (a Parquet data
 * set read and written again by a Spark job), with the options every Spark workload has ({@link SparkOptions}),
 * checked into a {@link Plan}.
 *
 * <pre>{@code
 * RunOutcome r = Copy.of("hdfs://nn:8020/set", "ofs://om/vol1/bucket1/set").verify().run(conf);
 * }</pre>
 */
@Command(name = "copy", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Reads the Parquet data set SRC and writes its rows to DST as Parquet with one Spark job (SRC and DST "
            + "may be on different file systems: give full URIs).",
        "Prints the Parquet bytes read and written (the files' lengths on the file systems), elapsed time and "
            + "MB/s; writes the run's JSON."})
public final class Copy extends SparkOptions<Copy, Copy.Plan> {
  @Parameters(index = "0", paramLabel = "SRC", description = "The Parquet data set to read.")
  private String source;

  @Parameters(index = "1", paramLabel = "DST", description = "Where to write it (must not exist, unless "
      + "--overwrite).")
  private String destination;

  @Option(names = "--overwrite",
      description = "Replace DST if it exists (only when it holds nothing but Spark's Parquet output).")
  private boolean overwrite;

  @Option(names = "--compression", paramLabel = "CODEC",
      description = "Parquet compression of DST: none, snappy, gzip, lz4, lz4_raw, zstd (default: Spark's, "
          + "spark.sql.parquet.compression.codec, snappy).")
  private String compression;

  @Option(names = "--verify",
      description = "Then check DST as 'count --verify' does (ids unique, payloads), and its row count "
          + "against SRC's.")
  private boolean verify;

  /**
   * One {@code spark copy} run, checked: the source and destination data sets (as typed), whether an existing
   * destination may be replaced, the destination's Parquet codec (null: Spark's), and whether the copy is checked
   * after. Saved in the run's JSON as {@code plan}.
   */
  public record Plan(String source, String destination, boolean overwrite, String compression, boolean verify) {
  }

  /** No data sets yet; the command line starts from it. */
  public Copy() {
    super("copy", Plan.class, CopyWorkload.DST);
  }

  /** The data set to read ({@code SRC}) and where to write it ({@code DST}). */
  public static Copy of(String source, String destination) {
    Copy c = new Copy();
    c.source = source;
    c.destination = destination;
    return c;
  }

  /** {@code --overwrite}. */
  public Copy overwrite() {
    this.overwrite = true;
    return this;
  }

  /** {@code --compression}: DST's Parquet codec. */
  public Copy compression(String codec) {
    this.compression = codec;
    return this;
  }

  /** {@code --verify}. */
  public Copy verify() {
    this.verify = true;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    if (source == null || source.isBlank()) {
      throw new UsageException("SRC", "must not be empty");
    }
    if (destination == null || destination.isBlank()) {
      throw new UsageException("DST", "must not be empty");
    }
    return new Plan(source, destination, overwrite, compression == null ? null : codec(compression), verify);
  }

  @Override
  public CopyWorkload workload(Plan plan, String root) {
    return new CopyWorkload(plan);
  }

  @Override
  List<SparkTarget.PathArgument> paths(Plan plan) {
    return List.of(new SparkTarget.PathArgument(CopyWorkload.SRC, plan.source()),
        new SparkTarget.PathArgument(CopyWorkload.DST, plan.destination()));
  }
}
