package io.harness.freon.dfsg;

import io.harness.core.workload.Figures;
import io.harness.core.engine.ItemLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.base.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A freon dfsg run's own figures, as its JSON has them: files written and failed, files/s and MB/s over the
 * run (first thread start to last end), the run's shape, and the failed files ({@code file: reason}, the
 * first 100 of each thread). A failed file fails the run.
 */
public record DfsgFigures(long files, long failedFiles, double filesPerSecond, double mbPerSec, double seconds,
    long fileSizeBytes, int bufferBytes, int copyBufferBytes, String sync, int threads, String directory, long seed,
    boolean failAtEnd, List<String> failed) implements Figures {

  static DfsgFigures of(Dfsg.Plan plan, String directory, RunRecords records) {
    long ok = ItemLoop.done(records);
    long bad = ItemLoop.failed(records);
    double seconds = records.engineMillis() / 1e3;
    return new DfsgFigures(ok, bad, seconds > 0 ? ok / seconds : 0,
        seconds > 0 ? ok * plan.fileBytes() / (double) Sizes.MB / seconds : 0, seconds, plan.fileBytes(),
        plan.bufferBytes(), plan.copyBytes(), plan.sync().name(), plan.threads(), directory, plan.seed(),
        plan.failAtEnd(), ItemLoop.failures(records));
  }

  /** The files written and files/s. */
  @Override
  public List<io.harness.core.workload.Column> columns() {
    return io.harness.core.workload.Column.items("files", files, filesPerSecond);
  }

  @Override
  public List<String> lines() {
    return List.of(
        String.format(Locale.ROOT, "%30s: %d (%d failed)", "Files written", files, failedFiles),
        String.format(Locale.ROOT, "%30s: %.1f  (%.2f MB/s over %.3f s, first thread start to last end)",
            "Files/second", filesPerSecond, mbPerSec, seconds));
  }

  /** The failed files, one line per distinct reason with its count and the first files. */
  @Override
  public List<String> failures() {
    if (failedFiles == 0) {
      return List.of();
    }
    List<String> lines = new ArrayList<>(List.of("freon dfsg: " + failedFiles + " file(s) failed" + (failAtEnd ? ""
        : "; stopped at the first (-f goes on)") + ":"));
    lines.addAll(ItemLoop.failureLines(failed, failedFiles, "file"));
    return lines;
  }
}
