package io.harness.core.report;

import java.util.Arrays;

/**
 * One figure over the runs of a group: how many runs had it, its median (of an even number of runs, the mean
 * of the two middle ones), its least and its greatest value.
 */
public record Spread(int runs, double median, double min, double max) {

  /** The spread of {@code values} (at least one). */
  public static Spread of(double... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return new Spread(n, median, v[0], v[n - 1]);
  }

  /** Whether this min-max range and {@code other}'s have a value in common. */
  public boolean overlaps(Spread other) {
    return min <= other.max && other.min <= max;
  }

  /** This median over {@code first}'s, or null when {@code first}'s is 0. */
  public Double ratioTo(Spread first) {
    return first.median == 0 ? null : median / first.median;
  }
}
