package io.harness.core.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void unitsAndBareSeconds() {
    assertEquals(30_000_000_000L, Durations.parseNanos("30"));
    assertEquals(30_000_000_000L, Durations.parseNanos("30s"));
    assertEquals(90_000_000_000L, Durations.parseNanos("1.5m"));
    assertEquals(7_200_000_000_000L, Durations.parseNanos("2H"));
    assertEquals(500_000_000L, Durations.parseNanos("500ms"));
    assertEquals(0, Durations.parseNanos("0"));
  }

  @Test
  void badSpansSayWhy() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos("-5s")).getMessage()
        .contains("not a time span"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos("5d")).getMessage()
        .contains("unknown unit 'd'"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos(" "));
  }

  @Test
  void formatting() {
    assertEquals("30 s", Durations.format(30_000_000_000L));
    assertEquals("1.5 s", Durations.format(1_500_000_000L));
    assertEquals("250 ms", Durations.format(250_000_000L));
  }
}
