package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.SeededData;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class PayloadsTest {
  @Test
  void payloadIsTheSeededStreamOfTheId() {
    byte[] p = Payloads.of(7, 42, 1000);
    assertEquals(1000, p.length);
    byte[] expected = new byte[1000];
    new SeededData(7, 42).fill(expected, 0, 1000, 0);
    assertArrayEquals(expected, p);
    assertArrayEquals(p, Payloads.of(7, 42, 1000), "a pure function of (seed, id, size)");
    // a shorter payload is a prefix of a longer one: the size only cuts the stream
    assertArrayEquals(Arrays.copyOf(p, 10), Payloads.of(7, 42, 10));
  }

  @Test
  void everyRowAndSeedDiffers() {
    Set<String> seen = new HashSet<>();
    for (long id = 0; id < 1000; id++) {
      assertTrue(seen.add(Arrays.toString(Payloads.of(1, id, 16))), "id " + id + " repeats a payload");
    }
    assertFalse(Arrays.equals(Payloads.of(1, 5, 64), Payloads.of(2, 5, 64)));
  }

  @Test
  void matchesChecksLengthAndContent() {
    byte[] p = Payloads.of(3, 9, 100);
    assertTrue(Payloads.matches(3, 9, 100, p));
    assertFalse(Payloads.matches(3, 10, 100, p));
    assertFalse(Payloads.matches(3, 9, 100, Arrays.copyOf(p, 99)));
    assertFalse(Payloads.matches(3, 9, 100, null));
    p[50] ^= 1;
    assertFalse(Payloads.matches(3, 9, 100, p));
  }

  @Test
  void payloadsDoNotCompress() {
    byte[] p = Payloads.of(24301, 0, 1 << 16);
    Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
    d.setInput(p);
    d.finish();
    byte[] out = new byte[p.length * 2];
    int n = d.deflate(out);
    assertTrue(n >= p.length, "seeded data compressed to " + n + " of " + p.length + " bytes");
  }
}
