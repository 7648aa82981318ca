package io.harness.spark;

import io.harness.core.base.UsageException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark count DIR}, and spark count from Java: the options of {@link CountWorkload} (the rows of a
 * Parquet data set, counted by a Spark job), with the options every Spark workload has ({@link SparkOptions}),
 * checked into a {@link Plan}.
 *
 * <pre>{@code
 * RunOutcome r = Count.dir("ofs://om/vol1/bucket1/set").verify().expectRows(100_000).run(conf);
 * }</pre>
 */
@Command(name = "count", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Counts the rows of the Parquet data set DIR with a Spark job and prints the count, the elapsed time "
            + "and MB/s over the data set's Parquet bytes (Spark answers count() from the files' footers, so "
            + "this is a metadata rate, not a scan).",
        "--verify then reads every row: ids unique, payload lengths, and (for 'generate' output) every "
            + "payload against the generator; exit 1 when a check fails."})
public final class Count extends SparkOptions<Count, Count.Plan> {
  @Parameters(index = "0", paramLabel = "DIR", description = "The Parquet data set (a directory or one file).")
  private String dir;

  @Option(names = "--verify",
      description = "Also check every row (a full scan): ids unique, payload lengths and contents.")
  private boolean verify;

  @Option(names = "--expect-rows", paramLabel = "N",
      description = "Exit 1 unless the data set holds exactly N rows.")
  private Long expectRows;

  /**
   * One {@code spark count} run, checked: the data set (as typed), whether every row is checked after the count,
   * and the rows it must hold (null: any). Saved in the run's JSON as {@code plan}.
   */
  public record Plan(String dir, boolean verify, Long expectRows) {
  }

  /** No data set yet; the command line starts from it. */
  public Count() {
    super("count", Plan.class, CountWorkload.DIR);
  }

  /** The data set to count ({@code DIR}). */
  public static Count dir(String dir) {
    Count c = new Count();
    c.dir = dir;
    return c;
  }

  /** {@code --verify}. */
  public Count verify() {
    this.verify = true;
    return this;
  }

  /** {@code --expect-rows}. */
  public Count expectRows(long rows) {
    this.expectRows = rows;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    if (dir == null || dir.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
    if (expectRows != null && expectRows < 0) {
      throw new UsageException("--expect-rows", "must not be negative, was " + expectRows);
    }
    return new Plan(dir, verify, expectRows);
  }

  @Override
  public CountWorkload workload(Plan plan, String root) {
    return new CountWorkload(plan);
  }

  @Override
  List<SparkTarget.PathArgument> paths(Plan plan) {
    return List.of(new SparkTarget.PathArgument(CountWorkload.DIR, plan.dir()));
  }
}
