package io.harness.spark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@code spark generate} run's figures, as its JSON has them: rows, the plan's sizes, partitions per batch,
 * the Parquet files and their bytes on the file system after the last batch, the batches' elapsed time (the
 * driver's clock) and MB/s over it, the bytes Spark's tasks counted, each batch, {@code --verify}'s scan, and
 * the Spark session's version, master and default parallelism.
 */
public record GenerateFigures(long rows, long records, long iterations, int recordSize, long payloadBytes, long seed,
    int partitionsPerBatch, String compression, int files, long bytesWritten, double elapsedSeconds, double mbPerSec,
    long taskBytesWritten, List<Batch> batches, @JsonInclude(JsonInclude.Include.NON_NULL) Verification verify,
    String sparkVersion, String master, int defaultParallelism,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> retriedAttempts,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ExecutorTasks> executors) implements Figures {

  static final String PARTITIONS = "partitionsPerBatch";
  static final String BATCHES = "batches";
  static final String FILES = "files";
  static final String BYTES = "bytesWritten";
  static final String VERIFY = "verify";

  /** One batch (one Spark job): its first id, rows, the files it added and their bytes, its seconds. */
  public record Batch(long batch, long firstId, long rows, int files, long bytes, double seconds) {}

  static GenerateFigures of(Generate.Plan plan, RunRecords r) {
    List<Batch> batches = SparkNotes.get(r, BATCHES, new TypeReference<List<Batch>>() {});
    batches = batches == null ? List.of() : batches;
    long rows = batches.stream().mapToLong(Batch::rows).sum();
    long bytes = SparkNotes.number(r, BYTES);
    double seconds = SparkNotes.seconds(r);
    return new GenerateFigures(rows, plan.records(), plan.iterations(), plan.recordSize(), rows * plan.recordSize(),
        plan.seed(), (int) SparkNotes.number(r, PARTITIONS), plan.compression(), (int) SparkNotes.number(r, FILES),
        bytes, seconds, SparkNotes.mbPerSec(bytes, seconds), SparkNotes.taskSum(r, SparkEngine.BYTES_WRITTEN),
        batches, SparkNotes.get(r, VERIFY, new TypeReference<Verification>() {}), SparkNotes.text(r, "sparkVersion"),
        SparkNotes.text(r, "master"), (int) SparkNotes.number(r, "defaultParallelism"), SparkNotes.retried(r),
        ExecutorTasks.of(r));
  }

  /** What result.csv and harness compare show beside the aggregate: the rows, a second. */
  @Override
  public List<io.harness.core.workload.Column> columns() {
    return io.harness.core.workload.Column.items("rows", rows, elapsedSeconds > 0 ? rows / elapsedSeconds : 0);
  }

  @Override
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.ROOT, "spark generate: %d rows, %d payload bytes, %s of Parquet in %d file(s)", rows,
        payloadBytes, SparkNotes.mb(bytesWritten), files));
    out.add(String.format(Locale.ROOT, "spark generate: elapsed %.3f s, %.2f MB/s (Parquet bytes written / elapsed), "
        + "%.0f rows/s", elapsedSeconds, mbPerSec, elapsedSeconds > 0 ? rows / elapsedSeconds : 0));
    if (verify != null) {
      out.addAll(verify.lines(rows));
    }
    out.addAll(ExecutorTasks.lines("spark generate", executors));
    out.addAll(SparkNotes.retriedLines("spark generate", retriedAttempts));
    return out;
  }

  @Override
  public List<String> failures() {
    return verify == null ? List.of() : verify.failures(rows).stream().map(f -> "spark generate: " + f).toList();
  }
}
