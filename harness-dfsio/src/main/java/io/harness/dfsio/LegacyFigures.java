package io.harness.dfsio;

import io.harness.core.records.TaskRecord;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/**
 * TestDFSIO's figures, from the same sums its reducer keeps: {@code tasks}, {@code size} (bytes),
 * {@code time} (sum of task milliseconds), {@code rate} (sum of per-task MB/s x 1000) and
 * {@code sqrate} (sum of squared per-task MB/s x 1000). The formulas are TestDFSIO's; the inputs
 * here come from nanosecond clocks, so a very fast task has a finite rate.
 *
 * <p>"Throughput mb/sec" is total MB over the <em>sum</em> of task seconds: a per-task average, not
 * what the cluster did. The harness prints its wall-clock aggregate beside it.
 *
 * <p>Figures read from a part file ({@code floatSums}) are computed in TestDFSIO's own float
 * arithmetic, so that they print exactly what TestDFSIO printed for the same file.
 * {@code execTimeMillis} is NaN when the part file does not say how long the job ran.
 */
public record LegacyFigures(String testType, long tasks, long size, double timeMillis, double rate,
    double sqrate, double execTimeMillis, boolean floatSums) {

  /** 2^20, TestDFSIO's MEGA. */
  public static final double MEGA = 1 << 20;

  /** The sums over successful tasks, the way TestDFSIO's mappers and reducer build them. */
  public static LegacyFigures of(String testType, List<TaskRecord> records, double execTimeMillis) {
    long tasks = 0;
    long size = 0;
    double time = 0;
    double rate = 0;
    double sqrate = 0;
    for (TaskRecord r : records) {
      // a task that ended within its warm-up measured nothing: it has no rate, and is not in TestDFSIO's sums
      if (r.failed() || r.durationNanos() <= 0) {
        continue;
      }
      double ms = r.durationNanos() / 1e6;
      double ioRateMbSec = r.bytes() * 1000.0 / (ms * MEGA);
      tasks++;
      size += r.bytes();
      time += ms;
      rate += ioRateMbSec * 1000;
      sqrate += ioRateMbSec * ioRateMbSec * 1000;
    }
    return new LegacyFigures(testType, tasks, size, time, rate, sqrate, execTimeMillis, false);
  }

  /** The sums as TestDFSIO's reducer wrote them (long milliseconds, float rates). */
  public static LegacyFigures ofPartFile(String testType, long tasks, long size, long timeMillis,
      float rate, float sqrate, double execTimeMillis) {
    return new LegacyFigures(testType, tasks, size, timeMillis, rate, sqrate, execTimeMillis, true);
  }

  public double totalMBytes() {
    return floatSums ? (float) size / (1L << 20) : size / MEGA;
  }

  /** Total MB / sum of task seconds. */
  public double throughputMbSec() {
    if (floatSums) {
      return (float) totalMBytes() / ((long) timeMillis / 1000.0f);
    }
    return totalMBytes() / (timeMillis / 1000.0);
  }

  /** Mean of the per-task rates. */
  public double averageIoRateMbSec() {
    return floatSums ? (float) rate / 1000 / tasks : rate / 1000 / tasks;
  }

  /** Standard deviation of the per-task rates: sqrt(|E[r^2] - E[r]^2|). */
  public double ioRateStdDev() {
    double med = averageIoRateMbSec();
    double meanSquare = floatSums ? (float) sqrate / 1000 / tasks : sqrate / 1000 / tasks;
    return Math.sqrt(Math.abs(meanSquare - med * med));
  }

  public double execTimeSeconds() {
    return floatSums ? (float) ((long) execTimeMillis / 1000.0f) : execTimeMillis / 1000.0;
  }

  /** The block TestDFSIO prints and appends to its result file, with its formatting. */
  public List<String> lines(Date when) {
    DecimalFormat df = new DecimalFormat("#.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
    return List.of(
        "----- TestDFSIO ----- : " + testType,
        "            Date & time: " + when,
        "        Number of files: " + tasks,
        " Total MBytes processed: " + df.format(totalMBytes()),
        "      Throughput mb/sec: " + df.format(throughputMbSec()),
        " Average IO rate mb/sec: " + df.format(averageIoRateMbSec()),
        "  IO rate std deviation: " + df.format(ioRateStdDev()),
        "     Test exec time sec: " + (Double.isNaN(execTimeMillis)
            ? "n/a (not in the part file)" : df.format(execTimeSeconds())),
        "");
  }
}
