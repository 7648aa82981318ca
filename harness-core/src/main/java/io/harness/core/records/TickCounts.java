package io.harness.core.records;

import java.util.Arrays;

/**
 * A task's increases of one count (its bytes, a running total it notes) by epoch tick
 * ({@link TaskRecord#TICK_NANOS}), from the first tick with an increase on; the array grows as ticks come.
 */
final class TickCounts {
  private long first = -1;
  private long[] counts = new long[16];
  private int length;
  /** The last running total these increases came from (a task's {@code noteTotal}). */
  private long last;

  /** Adds {@code n} to {@code tick}'s count. */
  void add(long tick, long n) {
    if (n == 0) {
      return;
    }
    if (first < 0) {
      first = tick;
    }
    int i = (int) (tick - first);
    if (i >= counts.length) {
      counts = Arrays.copyOf(counts, Math.max(i + 1, counts.length * 2));
    }
    counts[i] += n;
    length = Math.max(length, i + 1);
  }

  long last() {
    return last;
  }

  void last(long total) {
    last = total;
  }

  /** The first tick with an increase, or -1 when there was none. */
  long first() {
    return first;
  }

  long[] counts() {
    return counts;
  }

  /** How many ticks from {@link #first} on hold counts. */
  int length() {
    return length;
  }
}
