package io.harness.testkit;

import java.util.Arrays;
import java.util.Collection;

/** Small statistics the benches print. */
public final class Stats {
  private Stats() {}

  /** The median (the mean of the middle two for an even count); NaN for no values. */
  public static double median(double... values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /** The median of a collection of numbers. */
  public static double median(Collection<? extends Number> values) {
    return median(values.stream().mapToDouble(Number::doubleValue).toArray());
  }
}
