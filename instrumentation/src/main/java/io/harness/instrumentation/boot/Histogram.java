package io.harness.instrumentation.boot;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The distribution of one timed call's nanoseconds: a fixed log-scale bucket array (4 linear sub-buckets per
 * power of two, from 1 ns to 2^63 ns) and the exact maximum. Values below 8 ns have a bucket each; above, the
 * bucket of a value v in [2^e, 2^(e+1)) is one of four of width 2^(e-2), so a bucket's width is at most 1/4 of
 * its lower bound. A percentile is the midpoint of the bucket holding the nearest-rank value (never above the
 * maximum): within 1/8 (12.5%) of the nearest-rank value of the calls. Uses nothing but the JDK (it lives on the
 * bootstrap class path); its static methods also work on bucket counts copied out of it (a run's delta).
 */
public final class Histogram {
  /** Sub-buckets per power of two. */
  static final int SUB = 4;
  /** Buckets: 0 .. 7 one value each, then 4 per power of two up to 2^62 .. 2^63 - 1. */
  public static final int BUCKETS = SUB * 62;

  private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
  private final AtomicLong max = new AtomicLong();

  void record(long nanos) {
    long v = Math.max(0, nanos);
    counts.incrementAndGet(bucket(v));
    long m = max.get();
    while (v > m && !max.compareAndSet(m, v)) {
      m = max.get();
    }
  }

  long max() {
    return max.get();
  }

  /** A copy of the bucket counts. */
  long[] counts() {
    long[] c = new long[BUCKETS];
    for (int i = 0; i < BUCKETS; i++) {
      c[i] = counts.get(i);
    }
    return c;
  }

  /** The bucket of {@code v} (v >= 0). */
  public static int bucket(long v) {
    if (v < 2 * SUB) {
      return (int) Math.max(0, v);
    }
    int e = 63 - Long.numberOfLeadingZeros(v);
    int sub = (int) (v >>> (e - 2)) & (SUB - 1);
    return SUB * (e - 1) + sub;
  }

  /** The smallest value of bucket {@code i}. */
  public static long lower(int i) {
    if (i < 2 * SUB) {
      return i;
    }
    int e = i / SUB + 1;
    return (long) (SUB + i % SUB) << (e - 2);
  }

  /** The number of values bucket {@code i} holds. */
  public static long width(int i) {
    return i < 2 * SUB ? 1 : 1L << (i / SUB - 1);
  }

  /**
   * The {@code p}-th percentile (0 < p <= 1) of the values in {@code counts}: the midpoint of the bucket holding
   * the value of rank ceil(p * n), at most {@code max}; 0 with no values.
   */
  public static long percentile(long[] counts, long max, double p) {
    long n = 0;
    for (long c : counts) {
      n += c;
    }
    if (n == 0) {
      return 0;
    }
    long rank = Math.max(1, (long) Math.ceil(p * n));
    long seen = 0;
    for (int i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen >= rank) {
        return Math.min(max, lower(i) + (width(i) - 1) / 2);
      }
    }
    return max;
  }

  /**
   * The largest value of a delta of two snapshots: exact ({@code endMax}) when the later snapshot's maximum grew;
   * otherwise the highest non-empty bucket's largest value, bounded by {@code endMax} and by what the delta's
   * total time ({@code deltaNanos}) leaves after every other value's bucket lower bound (a maximum is never more
   * than the time the calls took together), and never below that bucket's smallest value; 0 with no values.
   */
  public static long deltaMax(long[] delta, long startMax, long endMax, long deltaNanos) {
    for (int i = delta.length - 1; i >= 0; i--) {
      if (delta[i] > 0) {
        if (endMax > startMax) {
          return endMax;
        }
        long othersAtLeast = -lower(i);
        for (int j = 0; j <= i; j++) {
          othersAtLeast += lower(j) * delta[j];
        }
        long bound = Math.min(endMax, Math.min(lower(i) + width(i) - 1, deltaNanos - othersAtLeast));
        return Math.max(lower(i), bound);
      }
    }
    return 0;
  }
}
