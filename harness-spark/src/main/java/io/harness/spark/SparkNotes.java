package io.harness.spark;

import com.fasterxml.jackson.core.type.TypeReference;
import io.harness.core.records.TaskRecord;
import io.harness.core.result.ResultWriter;
import io.harness.core.records.RunRecords;
import io.harness.core.base.Sizes;
import java.util.List;
import java.util.Locale;

/**
 * The Spark workloads' figures read back what their engine noted in the run's records ({@link SparkEngine}):
 * the same code reads the records of a run as it ends and those {@code harness analyze} loads from its folder
 * (where the notes are plain JSON values).
 */
final class SparkNotes {
  private SparkNotes() {}

  /** The note {@code key} as {@code type}, or null when the run has none (it was stopped before). */
  static <X> X get(RunRecords records, String key, TypeReference<X> type) {
    Object v = records.extra().get(key);
    return v == null ? null : ResultWriter.mapper().convertValue(v, type);
  }

  /** A numeric note, 0 when there is none. */
  static long number(RunRecords records, String key) {
    return records.extra().get(key) instanceof Number n ? n.longValue() : 0;
  }

  /** A text note, or null. */
  static String text(RunRecords records, String key) {
    Object v = records.extra().get(key);
    return v == null ? null : v.toString();
  }

  /** The task attempts Spark ran again, as {@code name: reason}. */
  static List<String> retried(RunRecords records) {
    List<String> r = get(records, SparkEngine.RETRIED, new TypeReference<List<String>>() {});
    return r == null ? List.of() : r;
  }

  /** The sum over the tasks of their metric {@code key} ({@link SparkEngine#BYTES_READ} ...). */
  static long taskSum(RunRecords records, String key) {
    long sum = 0;
    for (TaskRecord t : records.tasks()) {
      if (t.extra().get(key) instanceof Number n) {
        sum += n.longValue();
      }
    }
    return sum;
  }

  /** The measured jobs' time: the engine's span on the driver's clock. */
  static double seconds(RunRecords records) {
    return (records.engineEndEpochNanos() - records.engineStartEpochNanos()) / 1e9;
  }

  /** MB/s: bytes (2^20 per MB) over seconds; 0 for no time. */
  static double mbPerSec(long bytes, double seconds) {
    return seconds > 0 ? bytes / (double) Sizes.MB / seconds : 0;
  }

  static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.2f MB", bytes / (double) Sizes.MB);
  }

  /** The line that names the attempts Spark ran again, when there were any. */
  static List<String> retriedLines(String label, List<String> retried) {
    return retried.isEmpty() ? List.of() : List.of(label + ": " + retried.size() + " task attempt(s) failed and "
        + "Spark ran them again (figures.retriedAttempts); the records are the successful attempts'");
  }
}
