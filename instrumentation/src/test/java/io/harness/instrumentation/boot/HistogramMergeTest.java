package io.harness.instrumentation.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.report.AgentBuckets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * harness-core's reading of the agent's buckets ({@link AgentBuckets}, what {@code harness compare} adds up over a
 * run's reports) pinned to the agent's own {@link Histogram}: the same value for every bucket, and two histograms'
 * buckets added together give the percentiles of one histogram that saw all their calls.
 */
class HistogramMergeTest {
  @Test
  void everyBucketReadsAsTheAgentsValue() {
    for (int i = 0; i < Histogram.BUCKETS; i++) {
      long[] counts = new long[Histogram.BUCKETS];
      counts[i] = 3;
      assertEquals(Histogram.percentile(counts, Long.MAX_VALUE, 0.5), AgentBuckets.percentile(counts, Long.MAX_VALUE,
          0.5), "bucket " + i);
    }
  }

  @Test
  void twoHistogramsAddedUpAreOneThatSawEveryCall() {
    Random random = new Random(42);
    Histogram one = new Histogram();
    Histogram other = new Histogram();
    Histogram both = new Histogram();
    for (int i = 0; i < 20_000; i++) {
      // the second a hundred times slower for a tenth of its calls: each p99 differs from the run's
      long v = (long) Math.pow(10, 4 + random.nextDouble() * 3) * (i % 20 == 1 ? 100 : 1);
      (i % 2 == 0 ? one : other).record(v);
      both.record(v);
    }
    long[] summed = AgentBuckets.sum(AgentBuckets.trimmed(one.counts()), other.counts());
    long max = Math.max(one.max(), other.max());
    assertEquals(both.max(), max);
    for (double p : new double[] {0.5, 0.9, 0.99, 0.999}) {
      assertEquals(Histogram.percentile(both.counts(), both.max(), p), AgentBuckets.percentile(summed, max, p),
          "p" + p);
    }
  }

  /**
   * A run's share of a histogram that an earlier run already pushed to a larger maximum: three calls of 0.12, 0.12
   * and 5.38 ms. The top bucket's upper edge (6.29 ms) is more than the three calls took together; the delta's
   * maximum is what their total leaves after the two small calls' bucket bounds, at most the total.
   */
  @Test
  void aDeltasMaximumIsNeverMoreThanItsCallsTookTogether() {
    Histogram h = new Histogram();
    h.record(117_000_000L);
    long[] start = h.counts();
    long startMax = h.max();
    long[] calls = {122_000L, 123_000L, 5_380_000L};
    long total = 0;
    for (long c : calls) {
      h.record(c);
      total += c;
    }
    long[] end = h.counts();
    long[] delta = new long[Histogram.BUCKETS];
    for (int i = 0; i < delta.length; i++) {
      delta[i] = end[i] - start[i];
    }
    int top = Histogram.bucket(5_380_000L);
    long max = Histogram.deltaMax(delta, startMax, h.max(), total);
    assertTrue(Histogram.lower(top) + Histogram.width(top) - 1 > total, "the case needs a bucket wider than the total");
    assertTrue(max <= total && max >= 5_380_000L && max >= Histogram.lower(top), max + " of " + total);
    assertTrue(Histogram.percentile(delta, max, 0.99) <= max);
    // a later maximum that grew is exact
    h.record(200_000_000L);
    assertEquals(200_000_000L, Histogram.deltaMax(new long[] {0, 1}, startMax, h.max(), 200_000_000L));
  }
}
