package io.harness.core.live;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

/**
 * {@code --live-csv FILE}: a row per interval of every run, as elbencho's live CSV: one row for all calls together
 * (kind {@code all}) and one per kind of call. Totals are so far; rates and p99 are over the interval. Each row is
 * flushed as it is written, so the file can be followed while the run goes on. The last rows of a run are taken
 * when it ends: their totals are the run's.
 */
final class LiveCsv implements AutoCloseable {
  static final String HEADER = "time,run_id,seconds,kind,bytes,operations,mb_per_sec,ops_per_sec,p99_ms,"
      + "tasks_running,tasks_done,tasks_failed,tasks_stuck";

  private final BufferedWriter out;

  LiveCsv(Path file) throws IOException {
    io.harness.core.base.LocalOutputs.createParent(file);
    out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(HEADER);
    out.newLine();
    out.flush();
  }

  synchronized void write(String runId, LiveTick t) {
    try {
      String time = Instant.ofEpochMilli(t.epochMillis()).toString();
      String tasks = t.tasks().running() + "," + t.tasks().done() + "," + t.tasks().failed() + "," + t.tasks().stuck();
      row(time, runId, t.seconds(), "all", t.bytes(), t.operations(), t.mbPerSec(), t.opsPerSec(), t.p99Ms(), tasks);
      for (var e : t.kinds().entrySet()) {
        LiveTick.KindTick k = e.getValue();
        row(time, runId, t.seconds(), e.getKey(), k.bytes(), k.operations(), k.mbPerSec(), k.opsPerSec(), k.p99Ms(),
            tasks);
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void row(String time, String runId, double seconds, String kind, long bytes, long ops, double mbPerSec,
      double opsPerSec, double p99, String tasks) throws IOException {
    out.write(String.format(Locale.ROOT, "%s,%s,%.3f,%s,%d,%d,%.3f,%.1f,%.3f,%s", time, quote(runId), seconds,
        quote(kind), bytes, ops, mbPerSec, opsPerSec, p99, tasks));
    out.newLine();
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
  }

  @Override
  public synchronized void close() throws IOException {
    out.close();
  }
}
