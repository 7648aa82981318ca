package io.harness.dfsio;

import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The writing side of {@link PartFile}: the keys a map emits for its task (TestDFSIO's and the harness's), and
 * the part file a local run writes with the sums a reducer would have made.
 */
public final class PartFileOutput {
  private PartFileOutput() {}

  /** Writes the sums of a local run as a reducer would, with each task's record. */
  public static void write(FileSystem fs, Path dir, LegacyFigures legacy, Aggregate agg,
      List<io.harness.core.records.TaskRecord> records) throws IOException {
    Map<String, String> v = new TreeMap<>();
    v.put("l:tasks", String.valueOf(legacy.tasks()));
    v.put("l:size", String.valueOf(legacy.size()));
    v.put("l:time", String.valueOf(Math.round(legacy.timeMillis())));
    v.put("f:rate", String.valueOf((float) legacy.rate()));
    v.put("f:sqrate", String.valueOf((float) legacy.sqrate()));
    v.put(PartFile.FIRST_START, String.valueOf(agg.firstStartEpochNanos()));
    v.put(PartFile.LAST_END, String.valueOf(agg.lastEndEpochNanos()));
    v.put(PartFile.FAILED, String.valueOf(agg.failedTasks()));
    for (Map.Entry<String, LatencySummary> e : agg.latency().entrySet()) {
      v.put(PartFile.HISTOGRAM_PREFIX + e.getKey(), e.getValue().histogram());
    }
    Map<Long, Long> perSecond = new TreeMap<>();
    for (io.harness.core.records.TaskRecord r : records) {
      if (!r.failed()) {
        perEpochSecond(r.bytesPerTick()).forEach((sec, b) -> perSecond.merge(sec, b, Long::sum));
      }
      v.put(PartFile.TASK_PREFIX + r.name(), io.harness.core.records.TaskLine.text(r));
    }
    v.put(PartFile.BYTES_PER_SECOND, formatSeries(perSecond));
    fs.delete(dir, true);
    try (FSDataOutputStream out = fs.create(new Path(dir, PartFile.NAME), true);
        PrintStream p = new PrintStream(out, false, StandardCharsets.UTF_8)) {
      v.forEach((k, val) -> p.print(k + "\t" + val + "\n"));
    }
  }

  /**
   * What one map emits for one task, as TestDFSIO's mappers do ({@code l:tasks 1}, its bytes, its
   * milliseconds, its rate and squared rate x 1000), plus the harness's keys. A failed task adds to
   * the harness's failure keys only, so the legacy figures cover the successful tasks, as on the
   * local engine. The task's own key holds its line as the records file has it, with its calls' latency per
   * second of the run ({@code intervals}). A task that does not count (its map came late to the start barrier)
   * adds to no sum: its line alone says what it did.
   */
  public static Map<String, String> mapOutput(io.harness.core.records.TaskRecord r,
      java.util.List<io.harness.core.records.Intervals.Interval> intervals, boolean counted) {
    Map<String, String> v = new TreeMap<>();
    if (!counted) {
      v.put(PartFile.TASK_PREFIX + r.name(), io.harness.core.records.TaskLine.of(r, intervals).text());
      return v;
    }
    if (r.failed()) {
      v.put(PartFile.FAILED, "1");
      v.put(PartFile.FAILED_NAMES, r.name() + ": " + r.error().replace(';', ','));
    } else if (r.durationNanos() <= 0) {
      // ended within its warm-up: it measured nothing, and adds nothing to TestDFSIO's sums (no rate of 0 / 0)
      v.put("l:tasks", "0");
      v.put("l:size", "0");
      v.put("l:time", "0");
      v.put("f:rate", "0.0");
      v.put("f:sqrate", "0.0");
      v.put(PartFile.FAILED, "0");
    } else {
      double seconds = r.durationNanos() / 1e9;
      float ioRateMbSec = (float) (r.bytes() / LegacyFigures.MEGA / seconds);
      v.put("l:tasks", "1");
      v.put("l:size", String.valueOf(r.bytes()));
      v.put("l:time", String.valueOf(Math.round(r.durationNanos() / 1e6)));
      v.put("f:rate", String.valueOf(ioRateMbSec * 1000));
      v.put("f:sqrate", String.valueOf(ioRateMbSec * ioRateMbSec * 1000));
      v.put(PartFile.FAILED, "0");
    }
    v.put(PartFile.FIRST_START, String.valueOf(r.startEpochNanos()));
    v.put(PartFile.LAST_END, String.valueOf(r.endEpochNanos()));
    r.latency().forEach((kind, h) -> v.put(PartFile.HISTOGRAM_PREFIX + kind, LatencySummary.of(h).histogram()));
    v.put(PartFile.BYTES_PER_SECOND, formatSeries(perEpochSecond(r.bytesPerTick())));
    v.put(PartFile.TASK_PREFIX + r.name(), io.harness.core.records.TaskLine.of(r, intervals).text());
    return v;
  }

  /** A task's bytes per tick, summed per epoch second (the part file's form, as TestDFSIO tools see it). */
  static Map<Long, Long> perEpochSecond(Map<Long, Long> perTick) {
    Map<Long, Long> out = new TreeMap<>();
    long ticksPerSecond = 1_000_000_000L / io.harness.core.records.TaskRecord.TICK_NANOS;
    perTick.forEach((tick, b) -> out.merge(Math.floorDiv(tick, ticksPerSecond), b, Long::sum));
    return out;
  }

  /** {@code second:bytes,...}, the form of {@link PartFile#BYTES_PER_SECOND}. */
  public static String formatSeries(Map<Long, Long> perSecond) {
    StringBuilder series = new StringBuilder();
    perSecond.forEach((sec, bytes) -> series.append(series.length() == 0 ? "" : ",").append(sec)
        .append(':').append(bytes));
    return series.toString();
  }
}
