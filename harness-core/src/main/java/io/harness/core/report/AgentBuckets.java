package io.harness.core.report;

/**
 * The timing agent's log-scale buckets as a run's JSON holds them ({@code instrumentation[].buckets}:
 * per timed call, the count of calls in each bucket of nanoseconds), read back: the one place in harness-core
 * that knows which values a bucket holds. The rule is the agent's, {@code
 * io.harness.instrumentation.boot.Histogram} (instrumentation module, which harness-core does not depend on):
 * buckets 0 to 7 hold one value each, then 4 buckets of equal width per power of two, so bucket {@code i >= 8}
 * starts at {@code (4 + i % 4) << (i / 4 - 1)} and is {@code 1 << (i / 4 - 1)} wide. A percentile is the midpoint
 * of the bucket holding the value of rank ceil(p * n), at most the exact maximum: within 12.5% of the calls' own.
 * {@code HistogramMergeTest} in the instrumentation module pins the two together.
 */
public final class AgentBuckets {
  /** Buckets below this index hold one value each (their index). */
  private static final int EXACT = 8;
  /** Buckets per power of two. */
  private static final int PER_OCTAVE = 4;

  private AgentBuckets() {}

  /** {@code a} plus {@code b}, bucket by bucket (the two may differ in length: trailing empty buckets are cut). */
  public static long[] sum(long[] a, long[] b) {
    long[] longer = a.length >= b.length ? a : b;
    long[] shorter = longer == a ? b : a;
    long[] out = longer.clone();
    for (int i = 0; i < shorter.length; i++) {
      out[i] += shorter[i];
    }
    return out;
  }

  /** {@code counts} up to its last non-empty bucket: how a run's JSON keeps them. */
  public static long[] trimmed(long[] counts) {
    int end = counts.length;
    while (end > 0 && counts[end - 1] == 0) {
      end--;
    }
    return java.util.Arrays.copyOf(counts, end);
  }

  /**
   * The {@code p}-th percentile (0 < p <= 1) in nanoseconds of the calls counted in {@code counts}: the midpoint
   * of the bucket holding the call of rank ceil(p * n), at most {@code maxNanos}; 0 without calls.
   */
  public static long percentile(long[] counts, long maxNanos, double p) {
    long n = 0;
    for (long c : counts) {
      n += c;
    }
    long rank = Math.max(1, (long) Math.ceil(p * n));
    long below = 0;
    for (int i = 0; i < counts.length && n > 0; i++) {
      below += counts[i];
      if (below >= rank) {
        return Math.min(maxNanos, midpoint(i));
      }
    }
    return n == 0 ? 0 : maxNanos;
  }

  /** The middle value of bucket {@code i} (rounded down). */
  static long midpoint(int i) {
    if (i < EXACT) {
      return i;
    }
    int shift = i / PER_OCTAVE - 1;
    long first = (long) (PER_OCTAVE + i % PER_OCTAVE) << shift;
    return first + ((1L << shift) - 1) / 2;
  }
}
