package io.harness.spark;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import java.util.Locale;

/**
 * A {@code spark count} run for the pipeline: the rows of a Parquet data set, counted by a Spark job (from the
 * files' footers), then with {@code --verify} a scan of every row. Before Spark starts, every data file must
 * be a Parquet file (bad input otherwise).
 */
public final class CountWorkload extends NamedWorkload<SparkTarget, Count.Plan> {
  /** The data set's argument. */
  static final String DIR = "DIR";

  private ParquetDirs.DataFiles files;

  public CountWorkload(Count.Plan plan) {
    super("spark", "count", plan);
  }

  @Override
  public java.util.Map<String, String> dataPaths(SparkTarget target) {
    return java.util.Map.of(DIR, target.place(DIR).uri());
  }

  @Override
  public void preflight(SparkTarget target) throws Exception {
    files = ParquetDirs.existing(target.place(DIR));
  }

  @Override
  public Prepared prepare(SparkTarget target, Settings settings) {
    SparkRunner spark = target.spark(settings);
    SparkTarget.Place dir = target.place(DIR);
    String line = String.format(Locale.ROOT, "spark count: %s (%s of Parquet in %d file(s))", dir.path(),
        SparkNotes.mb(files.bytes()), files.count());
    return new Prepared(new SparkEngine(spark, "spark count", false, run -> {
      run.note(CountFigures.DATA_SET, dir.uri());
      run.note(CountFigures.FILES, files.count());
      run.note(CountFigures.BYTES, files.bytes());
      run.begin();
      SparkRunner.Counted counted = run.job("count of " + dir.path(), () -> run.spark.count(dir.uri(), true));
      run.end();
      run.note(CountFigures.ROWS, counted.rows());
      run.tasks(counted.tasks(), "", false);
      if (plan.verify()) {
        run.note(CountFigures.VERIFY, Verification.of(run.spark, dir));
      }
    }), line, dir.uri());
  }

  @Override
  public Figures figures(RunRecords records) {
    return CountFigures.of(plan, records);
  }
}
