package io.harness.io500;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * IO500's score from fixed phase figures, against values worked out by hand (not with the code under test), and
 * IO500's result lines, against lines laid out as its {@code src/main.c} prints them.
 */
class Io500ScoreTest {
  private static Io500Figures.Phase phase(String name, double score) {
    return new Io500Figures.Phase(name, score, name.startsWith("ior") ? "GiB/s" : "kIOPS", 300.5, 300.1, 300.5, 1, 1,
        0, null, null, List.of());
  }

  private static List<Io500Figures.Phase> phases(double[] scores) {
    List<Io500Figures.Phase> out = new ArrayList<>();
    for (int i = 0; i < Io500Phases.NAMES.size(); i++) {
      out.add(phase(Io500Phases.NAMES.get(i), scores[i]));
    }
    return out;
  }

  @Test
  void theScoreIsTheRootOfTheProductOfTheGroupsGeometricMeans() {
    // ior phases 2, 8, 4, 1 GiB/s: (2*8*4*1)^(1/4) = 64^(1/4) = 2*sqrt(2) = 2.8284271247
    // md phases 1, 4, 16, 2, 8, 1, 4, 2 kIOPS: product 2^(0+2+4+1+3+0+2+1) = 2^13, ^(1/8) = 2^1.625 = 3.0844216508
    // total: sqrt(2^1.5 * 2^1.625) = 2^1.5625 = 2.9536522919
    double[] s = {2, 1, 0, 8, 4, 16, 4, 2, 1, 8, 1, 4, 2};
    // order: ior-easy-write, mdtest-easy-write, timestamp, ior-hard-write, mdtest-hard-write, find, ior-easy-read,
    // mdtest-easy-stat, ior-hard-read, mdtest-hard-stat, mdtest-easy-delete, mdtest-hard-read, mdtest-hard-delete
    Io500Score score = Io500Score.of(phases(s));
    assertEquals(2.8284271247, score.bandwidth(), 1e-9);
    assertEquals(3.0844216508, score.metadata(), 1e-9);
    assertEquals(2.9536522919, score.total(), 1e-9);
  }

  @Test
  void aPhaseThatScoredNothingIsLeftOutOfItsGroup() {
    // ior-hard-read 0: the bandwidth is the geometric mean of the other three, (2*8*4)^(1/3) = 64^(1/3) = 4
    double[] s = {2, 1, 0, 8, 1, 1, 4, 1, 0, 1, 1, 1, 1};
    Io500Score score = Io500Score.of(phases(s));
    assertEquals(4.0, score.bandwidth(), 1e-12);
    assertEquals(1.0, score.metadata(), 1e-12);
    assertEquals(2.0, score.total(), 1e-12);
    // no md phase scored: that group is 0, and so is the total
    Io500Score none = Io500Score.of(phases(new double[] {2, 0, 0, 8, 0, 0, 4, 0, 1, 0, 0, 0, 0}));
    assertEquals(0.0, none.metadata());
    assertEquals(0.0, none.total());
  }

  @Test
  void resultAndScoreLinesAreLaidOutAsIo500PrintsThem() {
    Io500Figures.Phase easy = new Io500Figures.Phase("ior-easy-write", 1.5, "GiB/s", 300.1254, 300, 300.1254, 1, 1, 0,
        null, null, List.of());
    assertEquals("[RESULT]       ior-easy-write        1.500000 GiB/s : time 300.125 seconds",
        Io500Figures.resultLine(easy));
    Io500Figures.Phase find = new Io500Figures.Phase("find", 123.4567891, "kIOPS", 2.5, 2, 2.5, 1, 0, 0, null, null,
        List.of("scored 0"));
    assertEquals("[RESULT]                 find      123.456789 kIOPS : time 2.500 seconds [INVALID]",
        Io500Figures.resultLine(find));
    Io500Figures.Phase stamp = new Io500Figures.Phase("timestamp", 0, "kIOPS", 0.0012, 0, 0.0012, 1, 0, 0, null, null,
        List.of());
    assertEquals("[      ]            timestamp        0.000000 kIOPS : time 0.001 seconds",
        Io500Figures.resultLine(stamp));
    assertEquals("[SCORE ] Bandwidth 2.828427 GiB/s : IOPS 3.084422 kiops : TOTAL 2.953652 [INVALID]",
        Io500Figures.scoreLine(new Io500Score(2.8284271247, 3.0844216508, 2.9536522919), false));
    assertEquals("[SCORE ] Bandwidth 1.000000 GiB/s : IOPS 4.000000 kiops : TOTAL 2.000000",
        Io500Figures.scoreLine(new Io500Score(1, 4, 2), true));
  }

  @Test
  void findMatchesTheMdtestHardFilesWith01InTheirName() {
    // files 0..100 of ranks 0 and 1: no name holds 01 (file.mdtest.0.100 has 0.1, not 01); with 101, each rank one
    assertEquals(0, Io500Layout.expectedMatches(new long[] {101, 101}));
    assertEquals(2, Io500Layout.expectedMatches(new long[] {102, 102}));
    // files 0..199 of rank 0: 101 only
    assertEquals(1, Io500Layout.expectedMatches(new long[] {200}));
    // rank 101 (name file.mdtest.101.0): every one of its files
    long[] made = new long[102];
    made[101] = 5;
    assertEquals(5, Io500Layout.expectedMatches(made));
  }
}
