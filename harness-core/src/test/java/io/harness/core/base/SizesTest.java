package io.harness.core.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SizesTest {
  @Test
  void unitsAreBinaryAndCaseInsensitive() {
    assertEquals(16L * 1024 * 1024 * 1024, Sizes.parse("16GB", Sizes.MB));
    assertEquals(16L * 1024 * 1024 * 1024, Sizes.parse("16G", Sizes.MB));
    assertEquals(16L * 1024 * 1024 * 1024, Sizes.parse("16g", Sizes.MB));
    assertEquals(16L * 1024 * 1024 * 1024, Sizes.parse("16gb", Sizes.MB));
    assertEquals(512L * 1024, Sizes.parse("512k", 1));
    assertEquals(512L * 1024, Sizes.parse("512KB", 1));
    assertEquals(64L * 1024 * 1024, Sizes.parse("64M", 1));
    assertEquals(2L * 1024 * 1024 * 1024 * 1024, Sizes.parse("2T", 1));
    assertEquals(2L * 1024 * 1024 * 1024 * 1024, Sizes.parse("2tb", 1));
    assertEquals(100, Sizes.parse("100B", Sizes.MB));
    assertEquals(1536L * 1024 * 1024, Sizes.parse("1.5G", 1));
  }

  @Test
  void bareNumberUsesTheOptionsUnit() {
    assertEquals(64L * 1024 * 1024, Sizes.parse("64", Sizes.MB));
    assertEquals(1_000_000, Sizes.parse("1000000", 1));
  }

  @Test
  void negativeAndZeroAreReturnedForTheCallerToJudge() {
    assertEquals(-1024L * 1024, Sizes.parse("-1MB", 1));
    assertEquals(0, Sizes.parse("0", Sizes.MB));
  }

  @Test
  void badTextIsRejectedWithAReason() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.parse("abc", Sizes.MB));
    assertTrue(e.getMessage().contains("'abc' is not a size"), e.getMessage());
    assertTrue(e.getMessage().contains("bare number means MB"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Sizes.parse("1Q", 1));
    assertTrue(e.getMessage().contains("unknown unit 'Q'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Sizes.parse("", 1));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parse("0.5B", 1));
    assertThrows(IllegalArgumentException.class, () -> Sizes.parse("99999999T", 1));
  }

  @Test
  void formatsShortly() {
    assertEquals("64 MB", Sizes.format(64L << 20));
    assertEquals("1.50 GB", Sizes.format(3L << 29));
    assertEquals("976.56 KB", Sizes.format(1_000_000));
    assertEquals("100 B", Sizes.format(100));
  }
}
