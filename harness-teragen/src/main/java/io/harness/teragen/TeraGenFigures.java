package io.harness.teragen;

import io.harness.core.records.TaskRecord;
import com.fasterxml.jackson.annotation.JsonIgnore;
import io.harness.core.run.Analysis;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import io.harness.core.base.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A teragen run's own figures, as its JSON has them: rows asked for, bytes written (by the files that were
 * written whole), maps, engine, the checksum of the rows written (as TeraValidate prints it), elapsed time and
 * MB/s over it, and each file's range of rows.
 */
public record TeraGenFigures(long rows, long bytes, int maps, String engine, String checksum, double elapsedSeconds,
    double mbPerSec, boolean finalSync, int batchRows, List<File> files, int failedFiles,
    @JsonIgnore int windowFiles, @JsonIgnore int windowFilesEnded, @JsonIgnore int lateLeftOut) implements Figures {

  /** One output file: its name, its first row and how many rows it holds. */
  public record File(String file, long firstRow, long rows) {}

  /** The run records' key that names a MapReduce engine's run (the local engine's records have none). */
  static final String ENGINE = "engine";

  static TeraGenFigures of(TeraGen.Plan plan, RunRecords records) {
    boolean mapReduce = "mapreduce".equals(records.extra().get(ENGINE));
    // a window of the run ([from, to) in epoch ns): its tasks' bytes inside it, and the checksum of the files that
    // ended inside it (a file's rows are summed when it ends)
    long[] window = records.window();
    Checksum128 total = new Checksum128();
    long bytes = 0;
    int failed = 0;
    int inWindow = 0;
    int ended = 0;
    for (TaskRecord r : records.tasks()) {
      if (r.failed()) {
        failed++;
        continue;
      }
      bytes += r.bytes();
      inWindow++;
      boolean endedInside = window == null || r.endEpochNanos() < window[1];
      if (endedInside && r.extra().get(RowWriter.CHECKSUM) instanceof String sum) {
        total.add(Checksum128.parse(sum));
        ended++;
      }
    }
    double seconds = records.engineMillis() / 1e3;
    List<File> files = new ArrayList<>();
    for (RowRange r : RowRange.split(plan.rows(), plan.maps())) {
      files.add(new File(r.fileName(), r.first(), r.count()));
    }
    return new TeraGenFigures(plan.rows(), bytes, plan.maps(), mapReduce ? "mapreduce" : "local", total.toString(),
        seconds, seconds > 0 ? bytes / (double) Sizes.MB / seconds : 0, plan.finalSync(), plan.batchRows(), files,
        failed, window == null ? -1 : inWindow, window == null ? -1 : ended, lateLeftOut(records));
  }

  /** How many maps came late to the start barrier and are left out of these figures (0 without a barrier). */
  private static int lateLeftOut(RunRecords records) {
    java.util.Map<String, Object> clients = Analysis.clients(records);
    return clients == null || Boolean.TRUE.equals(clients.get("countLate"))
        || !(clients.get("late") instanceof Number n) ? 0 : n.intValue();
  }

  /** The rows written (by the files written whole) and rows/s over the elapsed time. */
  @Override
  public List<io.harness.core.workload.Column> columns() {
    long written = bytes / TeraRows.ROW;
    return io.harness.core.workload.Column.items("rows", written, elapsedSeconds > 0 ? written / elapsedSeconds : 0);
  }

  @Override
  public List<String> lines() {
    return List.of(
        String.format(Locale.ROOT, "teragen: %d rows, %d bytes, %d file(s) in %.3f s: %.2f MB/s",
            bytes / TeraRows.ROW, bytes, windowFiles >= 0 ? windowFiles : maps - failedFiles - lateLeftOut,
            elapsedSeconds, mbPerSec),
        "teragen: checksum " + checksum + (windowFilesEnded >= 0 ? " (of the " + windowFilesEnded
            + " file(s) that ended in the window)" : lateLeftOut > 0 ? " (of the files of the maps on time; "
            + lateLeftOut + " late map(s) left out: --count-late counts them)" : failedFiles == 0 ? ""
            : " (of the files written; " + failedFiles + " failed)"));
  }
}
