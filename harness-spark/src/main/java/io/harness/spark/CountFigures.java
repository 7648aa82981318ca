package io.harness.spark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@code spark count} run's figures, as its JSON has them: rows, the data set's Parquet files and bytes, the
 * count's elapsed time (the driver's clock) and MB/s over those bytes (a metadata rate: Spark answers count()
 * from the footers), the bytes Spark's tasks read, the data set, the rows {@code --expect-rows} asked for,
 * {@code --verify}'s scan, and the Spark session's version, master and default parallelism.
 */
public record CountFigures(long rows, int files, long bytesRead, double elapsedSeconds, double mbPerSec,
    long taskBytesRead, String dataSet, @JsonInclude(JsonInclude.Include.NON_NULL) Long expectedRows,
    @JsonInclude(JsonInclude.Include.NON_NULL) Verification verify, String sparkVersion, String master,
    int defaultParallelism, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> retriedAttempts,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ExecutorTasks> executors)
    implements Figures {

  static final String ROWS = "rows";
  static final String FILES = "files";
  static final String BYTES = "bytesRead";
  static final String DATA_SET = "dataSet";
  static final String VERIFY = "verify";

  static CountFigures of(Count.Plan plan, RunRecords r) {
    long bytes = SparkNotes.number(r, BYTES);
    double seconds = SparkNotes.seconds(r);
    return new CountFigures(SparkNotes.number(r, ROWS), (int) SparkNotes.number(r, FILES), bytes, seconds,
        SparkNotes.mbPerSec(bytes, seconds), SparkNotes.taskSum(r, SparkEngine.BYTES_READ),
        SparkNotes.text(r, DATA_SET), plan.expectRows(), SparkNotes.get(r, VERIFY, new TypeReference<Verification>() {}),
        SparkNotes.text(r, "sparkVersion"), SparkNotes.text(r, "master"),
        (int) SparkNotes.number(r, "defaultParallelism"), SparkNotes.retried(r),
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
    out.add("spark count: " + rows + " rows in " + dataSet);
    out.add(String.format(Locale.ROOT, "spark count: elapsed %.3f s, %.2f MB/s (%s of Parquet in %d file(s) / "
        + "elapsed)", elapsedSeconds, mbPerSec, SparkNotes.mb(bytesRead), files));
    out.add(String.format(Locale.ROOT, "spark count: the tasks read %s (Spark's input metrics: footers and row-group "
        + "metadata, not the payloads)", SparkNotes.mb(taskBytesRead)));
    if (verify != null) {
      out.addAll(verify.lines(rows));
    }
    out.addAll(ExecutorTasks.lines("spark count", executors));
    out.addAll(SparkNotes.retriedLines("spark count", retriedAttempts));
    return out;
  }

  @Override
  public List<String> failures() {
    List<String> failed = new ArrayList<>();
    if (expectedRows != null && rows != expectedRows) {
      failed.add("expected " + expectedRows + " rows, found " + rows);
    }
    if (verify != null) {
      failed.addAll(verify.failures(rows));
    }
    return failed.stream().map(f -> "spark count: " + f).toList();
  }
}
