package io.harness.spark;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@code spark copy} run's figures, as its JSON has them: the source, the Parquet files and bytes read (the
 * source's) and written (the destination's, on the file systems), the job's elapsed time (the driver's clock)
 * and MB/s read and written over it ({@code mbPerSec}: written), the bytes Spark's tasks read and wrote, with
 * {@code --verify} both sets' rows and the copy's scan, and the Spark session's version, master and default
 * parallelism.
 */
public record CopyFigures(String source, int filesRead, long bytesRead, int filesWritten, long bytesWritten,
    double elapsedSeconds, double mbPerSecRead, double mbPerSecWritten, double mbPerSec, long taskBytesRead,
    long taskBytesWritten, @JsonInclude(JsonInclude.Include.NON_NULL) Long sourceRows,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long destinationRows,
    @JsonInclude(JsonInclude.Include.NON_NULL) Verification verify, String sparkVersion, String master,
    int defaultParallelism, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> retriedAttempts,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ExecutorTasks> executors)
    implements Figures {

  static final String SOURCE = "source";
  static final String FILES_READ = "filesRead";
  static final String BYTES_READ = "bytesRead";
  static final String FILES_WRITTEN = "filesWritten";
  static final String BYTES_WRITTEN = "bytesWritten";
  static final String SOURCE_ROWS = "sourceRows";
  static final String DESTINATION_ROWS = "destinationRows";
  static final String VERIFY = "verify";

  static CopyFigures of(RunRecords r) {
    long read = SparkNotes.number(r, BYTES_READ);
    long written = SparkNotes.number(r, BYTES_WRITTEN);
    double seconds = SparkNotes.seconds(r);
    double writeRate = SparkNotes.mbPerSec(written, seconds);
    return new CopyFigures(SparkNotes.text(r, SOURCE), (int) SparkNotes.number(r, FILES_READ), read,
        (int) SparkNotes.number(r, FILES_WRITTEN), written, seconds, SparkNotes.mbPerSec(read, seconds), writeRate,
        writeRate, SparkNotes.taskSum(r, SparkEngine.BYTES_READ), SparkNotes.taskSum(r, SparkEngine.BYTES_WRITTEN),
        SparkNotes.get(r, SOURCE_ROWS, new TypeReference<Long>() {}),
        SparkNotes.get(r, DESTINATION_ROWS, new TypeReference<Long>() {}),
        SparkNotes.get(r, VERIFY, new TypeReference<Verification>() {}), SparkNotes.text(r, "sparkVersion"),
        SparkNotes.text(r, "master"), (int) SparkNotes.number(r, "defaultParallelism"), SparkNotes.retried(r),
        ExecutorTasks.of(r));
  }

  /** What result.csv and harness compare show beside the aggregate: the rows, a second. */
  @Override
  public List<io.harness.core.workload.Column> columns() {
    Long rows = destinationRows != null ? destinationRows : sourceRows;
    return rows == null ? List.of()
        : io.harness.core.workload.Column.items("rows", rows, elapsedSeconds > 0 ? rows / elapsedSeconds : 0);
  }

  @Override
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.ROOT, "spark copy: read %s, wrote %s in %d file(s)", SparkNotes.mb(bytesRead),
        SparkNotes.mb(bytesWritten), filesWritten));
    out.add(String.format(Locale.ROOT, "spark copy: elapsed %.3f s, %.2f MB/s read, %.2f MB/s written (Parquet bytes "
        + "/ elapsed)", elapsedSeconds, mbPerSecRead, mbPerSecWritten));
    if (verify != null) {
      out.addAll(verify.lines(destinationRows == null ? verify.rows() : destinationRows));
    }
    out.addAll(ExecutorTasks.lines("spark copy", executors));
    out.addAll(SparkNotes.retriedLines("spark copy", retriedAttempts));
    return out;
  }

  @Override
  public List<String> failures() {
    List<String> failed = new ArrayList<>();
    if (sourceRows != null && destinationRows != null && !sourceRows.equals(destinationRows)) {
      failed.add("--verify: SRC has " + sourceRows + " rows, DST " + destinationRows);
    }
    if (verify != null) {
      failed.addAll(verify.failures(destinationRows == null ? verify.rows() : destinationRows));
    }
    return failed.stream().map(f -> "spark copy: " + f).toList();
  }
}
