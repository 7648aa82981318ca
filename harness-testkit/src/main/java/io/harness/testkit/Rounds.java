package io.harness.testkit;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;

/**
 * A bench's rounds of one figure (seconds, MB/s, CPU seconds): their minimum, median and maximum, and the rule every
 * bench prints its ratios by: a ratio of two medians is printed only when the gap between them is at least the
 * spread (max - min) of either side's rounds; otherwise the two are "within noise" and no ratio is printed, since
 * the rounds alone could have made the gap.
 */
public final class Rounds {
  private final double[] sorted;

  private Rounds(double[] values) {
    this.sorted = values.clone();
    Arrays.sort(sorted);
  }

  /** The rounds' values, in any order; at least one. */
  public static Rounds of(double... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no rounds");
    }
    return new Rounds(values);
  }

  public static Rounds of(Collection<? extends Number> values) {
    return of(values.stream().mapToDouble(Number::doubleValue).toArray());
  }

  public int count() {
    return sorted.length;
  }

  public double min() {
    return sorted[0];
  }

  public double max() {
    return sorted[sorted.length - 1];
  }

  public double median() {
    return Stats.median(sorted);
  }

  /** Max - min: how far apart the rounds were. */
  public double spread() {
    return max() - min();
  }

  /**
   * The median and the range, each value in {@code format} ({@code "%.2f s"}): {@code 1.23 s (1.10 s - 1.40 s)};
   * a single round is its value alone.
   */
  public String format(String format) {
    String median = String.format(Locale.ROOT, format, median());
    if (count() == 1) {
      return median + " (1 round)";
    }
    return median + " (" + String.format(Locale.ROOT, format, min()) + " - " + String.format(Locale.ROOT, format, max())
        + ")";
  }

  /** Whether the gap between the two medians is at least the larger spread of the two sides' rounds. */
  public boolean beyondNoise(Rounds other) {
    return Math.abs(median() - other.median()) >= Math.max(spread(), other.spread());
  }

  /**
   * {@code label = ratio} of this median to {@code other}'s (two decimals), or {@code label within noise (gap ... <
   * spread ...)} when the rounds' spread is larger than the gap; {@code format} formats the gap and the spread
   * ({@code "%.2f s"}). With one round on each side there is no spread to judge by: the ratio says so.
   */
  public String ratioTo(Rounds other, String label, String format) {
    double gap = Math.abs(median() - other.median());
    double spread = Math.max(spread(), other.spread());
    if (!beyondNoise(other)) {
      return String.format(Locale.ROOT, "%s within noise (gap %s < spread %s)", label,
          String.format(Locale.ROOT, format, gap), String.format(Locale.ROOT, format, spread));
    }
    String ratio = String.format(Locale.ROOT, "%s = %.2f", label, median() / other.median());
    return count() == 1 && other.count() == 1 ? ratio + " (1 round each: no spread to judge by)" : ratio;
  }
}
