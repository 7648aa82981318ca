package io.harness.spark;

import io.harness.core.base.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark count DIR}: the options of {@link CountWorkload} (the rows of a Parquet data set, counted
 * by a Spark job), checked into a {@link CountPlan}.
 */
@Command(name = "count", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Counts the rows of the Parquet data set DIR with a Spark job and prints the count, the elapsed time "
            + "and MB/s over the data set's Parquet bytes (Spark answers count() from the files' footers, so "
            + "this is a metadata rate, not a scan).",
        "--verify then reads every row: ids unique, payload lengths, and (for 'generate' output) every "
            + "payload against the generator; exit 1 when a check fails."})
public final class CountCommand extends SparkJobCommand {
  @Parameters(index = "0", paramLabel = "DIR", description = "The Parquet data set (a directory or one file).")
  String dirText;

  @Option(names = "--verify",
      description = "Also check every row (a full scan): ids unique, payload lengths and contents.")
  boolean verify;

  @Option(names = "--expect-rows", paramLabel = "N",
      description = "Exit 1 unless the data set holds exactly N rows.")
  Long expectRows;

  /** The checked options. */
  CountPlan plan() {
    if (dirText == null || dirText.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
    if (expectRows != null && expectRows < 0) {
      throw new UsageException("--expect-rows", "must not be negative, was " + expectRows);
    }
    return new CountPlan(dirText, verify, expectRows);
  }

  /** Checks the options, then runs the workload they describe (its Spark job runs inside this call). */
  @Override
  public Integer call() throws Exception {
    CountPlan plan = plan();
    return run(new CountWorkload(plan), CountWorkload.DIR,
        new SparkTarget.PathArgument(CountWorkload.DIR, plan.dir()));
  }
}
