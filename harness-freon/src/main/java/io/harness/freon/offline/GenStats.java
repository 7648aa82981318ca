package io.harness.freon.offline;

import io.harness.core.engine.EpochClock;
import io.harness.core.engine.TaskRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/** What a generator did: counts, where its time went, one record per container. */
final class GenStats {
  final LongAdder containers = new LongAdder();
  final LongAdder keys = new LongAdder();
  /** Data bytes written (cgdn) or described by the metadata written (cgscm, cgom). */
  final LongAdder bytes = new LongAdder();
  /** Time inside Checksum#computeChecksum, over all threads. */
  final LongAdder checksumNanos = new LongAdder();
  /** Time generating the data (seeded bytes), over all threads. */
  final LongAdder fillNanos = new LongAdder();
  /** Time writing chunk files, over all threads. */
  final LongAdder writeNanos = new LongAdder();
  /** Time putting and committing DB batches, over all threads. */
  final LongAdder dbNanos = new LongAdder();
  /** Time of all container tasks, over all threads. */
  final LongAdder workerNanos = new LongAdder();
  /** Checksums served from the zero-data cache. */
  final LongAdder checksumCacheHits = new LongAdder();

  private final List<TaskRecord> records = Collections.synchronizedList(new ArrayList<>());
  private final List<String> failed = Collections.synchronizedList(new ArrayList<>());
  /** Extra figures of the generator, for the JSON and the report. */
  final Map<String, Object> figures = Collections.synchronizedMap(new LinkedHashMap<>());

  long startNanos;
  long endNanos;

  /** Records one container task: its bytes and [start, end) in {@link System#nanoTime()}. */
  void task(int index, long containerId, long taskBytes, long start, long end, String error) {
    records.add(new TaskRecord(index, "container-" + containerId, taskBytes, EpochClock.toEpochNanos(start),
        EpochClock.toEpochNanos(end), new LinkedHashMap<>(), new TreeMap<>(), error));
    if (error != null) {
      failed.add("container-" + containerId + ": " + error);
    }
  }

  List<TaskRecord> records() {
    synchronized (records) {
      List<TaskRecord> copy = new ArrayList<>(records);
      copy.sort((a, b) -> Integer.compare(a.index(), b.index()));
      return copy;
    }
  }

  List<String> failed() {
    synchronized (failed) {
      return new ArrayList<>(failed);
    }
  }

  double elapsedSeconds() {
    return (endNanos - startNanos) / 1e9;
  }

  double mbPerSec() {
    double s = elapsedSeconds();
    return s > 0 ? bytes.sum() / (double) (1 << 20) / s : 0;
  }

  /** The share of all worker time spent computing checksums, 0..1. */
  double checksumShare() {
    long w = workerNanos.sum();
    return w > 0 ? checksumNanos.sum() / (double) w : 0;
  }

  static double share(long part, long whole) {
    return whole > 0 ? part / (double) whole : 0;
  }
}
