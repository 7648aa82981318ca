package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundsTest {
  @Test
  void minMedianMaxOfUnorderedRounds() {
    Rounds r = Rounds.of(3.0, 1.0, 2.5, 2.0);
    assertEquals(1.0, r.min());
    assertEquals(3.0, r.max());
    assertEquals(2.25, r.median());
    assertEquals(2.0, r.spread());
    assertEquals(4, r.count());
    assertEquals("2.25 s (1.00 s - 3.00 s)", r.format("%.2f s"));
    assertEquals("7.0 MB/s (1 round)", Rounds.of(List.of(7)).format("%.1f MB/s"));
  }

  @Test
  void ratioWhenTheGapIsBeyondBothSpreads() {
    Rounds harness = Rounds.of(10, 12, 11);
    Rounds peer = Rounds.of(22, 20, 21);
    // medians 11 and 21: gap 10, spreads 2 and 2
    assertTrue(harness.beyondNoise(peer));
    assertEquals("harness/peer = 0.52", harness.ratioTo(peer, "harness/peer", "%.2f s"));
    assertEquals("peer/harness = 1.91", peer.ratioTo(harness, "peer/harness", "%.2f s"));
  }

  @Test
  void withinNoiseWhenEitherSideSpreadsWiderThanTheGap() {
    Rounds harness = Rounds.of(10, 14, 12);
    Rounds peer = Rounds.of(11.5, 11.5, 11.5);
    // medians 12 and 11.5: gap 0.5, the harness's rounds spread 4
    assertFalse(harness.beyondNoise(peer));
    assertFalse(peer.beyondNoise(harness));
    assertEquals("harness/peer within noise (gap 0.50 s < spread 4.00 s)",
        harness.ratioTo(peer, "harness/peer", "%.2f s"));
  }

  @Test
  void oneRoundEachSaysItHasNoSpread() {
    assertEquals("a/b = 1.50 (1 round each: no spread to judge by)",
        Rounds.of(3).ratioTo(Rounds.of(2), "a/b", "%.2f"));
  }

  @Test
  void noRoundsIsAnError() {
    assertThrows(IllegalArgumentException.class, Rounds::of);
  }
}
