package io.harness.io500;

import java.util.List;

/**
 * IO500's score ({@code calc_score} in its {@code src/main.c}): in each group (bandwidth: the ior phases in GiB/s;
 * metadata: the mdtest phases and find in kIOPS) the geometric mean of the phases' scores, a phase scoring 0 or less
 * left out (a group with none scores 0); the total is the square root of the two groups' product.
 */
public record Io500Score(double bandwidth, double metadata, double total) {
  static Io500Score of(List<Io500Figures.Phase> phases) {
    double bw = geometricMean(phases.stream().filter(p -> p.scored() && p.bandwidth())
        .mapToDouble(Io500Figures.Phase::score).toArray());
    double md = geometricMean(phases.stream().filter(p -> p.scored() && !p.bandwidth())
        .mapToDouble(Io500Figures.Phase::score).toArray());
    return new Io500Score(bw, md, Math.sqrt(bw * md));
  }

  /** The geometric mean of the positive scores, as IO500 takes it (their product to the power 1/n); 0 with none. */
  static double geometricMean(double[] scores) {
    double product = 1;
    int n = 0;
    for (double s : scores) {
      if (s > 0) {
        product *= s;
        n++;
      }
    }
    return n == 0 ? 0 : Math.pow(product, 1.0 / n);
  }
}
