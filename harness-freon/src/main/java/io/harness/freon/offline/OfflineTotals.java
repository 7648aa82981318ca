package io.harness.freon.offline;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.harness.core.records.TaskRecord;
import io.harness.core.run.Analysis;
import io.harness.core.engine.ItemLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.base.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToLongFunction;

/**
 * The figures every offline generator has, computed from the run's records alone: the containers written
 * whole, their keys and bytes (cgdn: data bytes; cgscm, cgom: the bytes the metadata describes), the engine's
 * wall time and MB/s,
 * where the time went (seconds summed over the threads: generating data, checksums, chunk writes, the DB, and
 * all the generator's work), the range, and the containers that failed ({@code container-<id>: reason}).
 * Each thread's record notes its sums ({@value #WORKER_NANOS}, {@value #FILL_NANOS},
 * {@value #CHECKSUM_NANOS}, {@value #CHECKSUM_CACHE_HITS}, {@value #WRITE_NANOS}, {@value #DB_NANOS}); the
 * engine notes its own time on the stores outside the containers ({@value #STORE_NANOS}: opening, the last
 * commit, closing; counted as DB and worker time) and a failure there ({@value #STORE_ERROR}). The threads' sums
 * are running totals ({@link io.harness.core.records.TaskRecorder#noteTotal}): a window of the run counts the
 * containers that ended inside it and their time, without the engine's own time on the stores.
 */
public record OfflineTotals(long containers, long keys, long bytes, double elapsedSeconds, double mbPerSec,
    double checksumSeconds, double checksumShare, double fillSeconds, double writeSeconds, double dbSeconds,
    double workerSeconds, long firstContainer, long lastContainer, int keysPerContainer, long keySize,
    String replication, long failedContainers, List<String> failed,
    @JsonInclude(JsonInclude.Include.NON_NULL) String storeError) {
  /** What result.csv and harness compare show: the containers written, a second. */
  List<io.harness.core.workload.Column> columns() {
    return io.harness.core.workload.Column.items("containers", containers,
        elapsedSeconds > 0 ? containers / elapsedSeconds : 0);
  }

  static final String WORKER_NANOS = "workerNanos";
  static final String FILL_NANOS = "fillNanos";
  static final String CHECKSUM_NANOS = "checksumNanos";
  static final String CHECKSUM_CACHE_HITS = "checksumCacheHits";
  static final String WRITE_NANOS = "writeNanos";
  static final String DB_NANOS = "dbNanos";
  static final String STORE_NANOS = "storeNanos";
  static final String STORE_ERROR = "storeError";

  public OfflineTotals {
    failed = List.copyOf(failed);
  }

  /** The totals of {@code records} of a run over {@code ids}; item {@code i} of the run is container {@code id(i)}. */
  static OfflineTotals of(Ids ids, RunRecords records, IntToLongFunction id) {
    long done = ItemLoop.done(records);
    long bytes = done * ids.containerBytes();
    double seconds = records.engineMillis() / 1e3;
    // the stores' opening, last commit and closing are the whole run's: a window of it counts the containers' own
    long store = records.window() == null ? extraLong(records, STORE_NANOS) : 0;
    long worker = sum(records, WORKER_NANOS) + store;
    long checksum = sum(records, CHECKSUM_NANOS);
    List<String> failed = new ArrayList<>();
    for (String f : ItemLoop.failures(records)) {
      int colon = f.indexOf(": ");
      failed.add("container-" + id.applyAsLong(Integer.parseInt(f.substring(0, colon))) + f.substring(colon));
    }
    Object storeError = records.extra().get(STORE_ERROR);
    return new OfflineTotals(done, done * ids.keysPerContainer(), bytes, seconds,
        seconds > 0 ? bytes / (double) Sizes.MB / seconds : 0, checksum / 1e9, share(checksum, worker),
        sum(records, FILL_NANOS) / 1e9, sum(records, WRITE_NANOS) / 1e9, (sum(records, DB_NANOS) + store) / 1e9,
        worker / 1e9, ids.from(), ids.last(), ids.keysPerContainer(), ids.keySize(), "RATIS/" + ids.factor(),
        ItemLoop.failed(records), failed, storeError == null ? null : storeError.toString());
  }

  /** The report's first line, e.g. {@code cgdn: containers 3, keys 6, bytes ...}. */
  String line(String name) {
    return String.format(Locale.ROOT, "%s: containers %d, keys %d, bytes %d (%s), elapsed %.3f s, %.1f MB/s, "
            + "checksums %.3f s (%.1f%% of worker time)", name, containers, keys, bytes, Sizes.format(bytes),
        elapsedSeconds, mbPerSec, checksumSeconds, 100 * checksumShare);
  }

  /** The failed containers and a failure on the stores, as the lines that fail the run. */
  List<String> failures(String name, long planned) {
    List<String> lines = new ArrayList<>();
    if (failedContainers > 0) {
      lines.add(name + ": " + failedContainers + " of " + planned + " container(s) failed:");
      failed.forEach(f -> lines.add("  " + f));
    }
    if (storeError != null) {
      lines.add(name + ": " + storeError);
    }
    return lines;
  }

  /** A value the threads noted, summed over them. */
  static long sum(RunRecords records, String key) {
    long n = 0;
    for (TaskRecord t : records.tasks()) {
      if (t.extra().get(key) instanceof Number x) {
        n += x.longValue();
      }
    }
    return n;
  }

  /** A number the engine noted, or 0. */
  static long extraLong(RunRecords records, String key) {
    return records.extra().get(key) instanceof Number x ? x.longValue() : 0;
  }

  /** A number the engine noted, or null. */
  static Long extraLongOrNull(RunRecords records, String key) {
    return records.extra().get(key) instanceof Number x ? x.longValue() : null;
  }

  /** A fact the engine noted, as text, or null. */
  static String extraText(RunRecords records, String key) {
    Object v = records.extra().get(key);
    return v == null ? null : v.toString();
  }

  static double share(long part, long whole) {
    return whole > 0 ? part / (double) whole : 0;
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * share);
  }
}
