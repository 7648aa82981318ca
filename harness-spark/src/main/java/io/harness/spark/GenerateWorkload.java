package io.harness.spark;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.base.Sizes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A {@code spark generate} run for the pipeline: {@code iterations} Spark jobs, each appending {@code records}
 * rows (a bigint id, unique over all batches, and a payload of seeded data) to the Parquet data set; then
 * {@value ParquetDirs#MARKER} (seed, sizes) beside the data for {@code count --verify}, and with {@code --verify}
 * a scan of every row. Rows are made on the executors from {@code spark.range}: nothing is collected on the
 * driver. The measured jobs are the batches, from the first one's start to the last one's end.
 */
public final class GenerateWorkload extends NamedWorkload<SparkTarget, Generate.Plan> {
  /** The data set's argument. */
  static final String DIR = "DIR";

  private String writesUnder;

  public GenerateWorkload(Generate.Plan plan) {
    super("spark", "generate", plan);
  }

  @Override
  public java.util.Map<String, String> dataPaths(SparkTarget target) {
    return java.util.Map.of(DIR, target.place(DIR).uri());
  }

  @Override
  public void preflight(SparkTarget target) throws Exception {
    RowMemory.check(target.master(), target.sparkConf(), plan.partitions(), plan.records(), plan.recordSize());
    ParquetDirs.checkDestination(target.place(DIR), plan.overwrite(), "generate writes a new data set; "
        + "--overwrite replaces one that holds Spark's Parquet output");
    writesUnder = target.place(DIR).uri();
  }

  /** The payloads' bytes (the ids and Parquet's own pages come on top; the payloads do not compress). */
  @Override
  public OptionalLong plannedBytes() {
    return OptionalLong.of(Sizes.planned("--records x --iteration x --record-size",
        plan.records() * plan.iterations(), plan.recordSize()));
  }

  @Override
  public String writesUnder() {
    return writesUnder;
  }

  @Override
  public Prepared prepare(SparkTarget target, Settings settings) throws Exception {
    SparkRunner spark = target.spark(settings);
    SparkTarget.Place dir = target.place(DIR);
    int parts = (int) Math.min(plan.partitions() != null ? plan.partitions() : Math.max(1, spark.defaultParallelism()),
        plan.records());
    String line = String.format(Locale.ROOT, "spark generate: %d rows (%d batch(es) of %d), %d-byte payloads "
        + "(seed %d), %d partition(s) per batch, %s, to %s", plan.records() * plan.iterations(), plan.iterations(),
        plan.records(), plan.recordSize(), plan.seed(), parts, plan.compression(), dir.path());
    ParquetDirs.replace(dir);
    return new Prepared(new SparkEngine(spark, "spark generate", true, run -> batches(run, dir, parts)), line,
        dir.uri());
  }

  /** The jobs: the batches (measured), the marker, then the scan of {@code --verify}. */
  private void batches(SparkEngine.Run run, SparkTarget.Place dir, int parts) throws Exception {
    run.note(GenerateFigures.PARTITIONS, parts);
    List<GenerateFigures.Batch> batches = new ArrayList<>();
    ParquetDirs.DataFiles before = new ParquetDirs.DataFiles(Map.of());
    run.begin();
    for (long b = 0; b < plan.iterations(); b++) {
      long first = b * plan.records();
      long t0 = System.nanoTime();
      List<TaskCollector.SparkTask> tasks = run.job("batch " + b, () -> run.spark.generateBatch(dir.uri(), first,
          plan.records(), parts, plan.seed(), plan.recordSize(), plan.compression()));
      long t1 = System.nanoTime();
      ParquetDirs.DataFiles after = ParquetDirs.list(dir.fs(), dir.path());
      List<String> added = ParquetDirs.added(before, after);
      long bytes = 0;
      for (String f : added) {
        bytes += after.files().get(f);
      }
      before = after;
      run.tasks(tasks, "batch-" + b + "/", true);
      batches.add(new GenerateFigures.Batch(b, first, plan.records(), added.size(), bytes, (t1 - t0) / 1e9));
      run.note(GenerateFigures.BATCHES, List.copyOf(batches));
      run.note(GenerateFigures.FILES, after.count());
      run.note(GenerateFigures.BYTES, after.bytes());
    }
    run.end();
    Map<String, Object> marker = new LinkedHashMap<>();
    marker.put("generator", "harness spark generate");
    marker.put("seed", plan.seed());
    marker.put("recordSize", plan.recordSize());
    marker.put("records", plan.records());
    marker.put("iterations", plan.iterations());
    marker.put("rows", plan.records() * plan.iterations());
    marker.put("firstId", 0);
    ParquetDirs.writeMarker(dir.fs(), dir.path(), marker);
    if (plan.verify()) {
      run.note(GenerateFigures.VERIFY, Verification.of(run.spark, dir));
    }
  }

  @Override
  public Figures figures(RunRecords records) {
    return GenerateFigures.of(plan, records);
  }
}
