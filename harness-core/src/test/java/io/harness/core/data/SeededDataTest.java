package io.harness.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class SeededDataTest {
  @Test
  void anyRangeEqualsTheBytesAtItsPositions() {
    SeededData d = new SeededData(7, 3);
    byte[] whole = new byte[1000];
    d.fill(whole, 0, whole.length, 0);
    for (int start : new int[] {0, 1, 5, 8, 13, 500}) {
      for (int len : new int[] {0, 1, 7, 8, 9, 100, 1000 - 500}) {
        byte[] part = new byte[len + 3];
        d.fill(part, 3, len, start);
        assertTrue(Arrays.equals(whole, start, start + len, part, 3, 3 + len), start + "/" + len);
      }
    }
    for (int p = 0; p < 64; p++) {
      assertEquals(whole[p], d.byteAt(p));
    }
  }

  @Test
  void dataIsIncompressibleAndDiffersBetweenStreamsAndSeeds() {
    byte[] a = new byte[1 << 20];
    byte[] b = new byte[1 << 20];
    byte[] c = new byte[1 << 20];
    new SeededData(1, 0).fill(a, 0, a.length, 0);
    new SeededData(1, 1).fill(b, 0, b.length, 0);
    new SeededData(2, 0).fill(c, 0, c.length, 0);
    assertFalse(Arrays.equals(a, b));
    assertFalse(Arrays.equals(a, c));
    // no repeated buffer: the second half differs from the first
    assertFalse(Arrays.equals(a, 0, a.length / 2, a, a.length / 2, a.length));
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    deflater.setInput(a);
    deflater.finish();
    byte[] out = new byte[a.length * 2];
    int compressed = deflater.deflate(out);
    assertTrue(compressed > a.length * 0.99, "compressed to " + compressed);
    int zeros = 0;
    for (byte x : a) {
      zeros += x == 0 ? 1 : 0;
    }
    assertTrue(zeros < a.length / 200, "zeros: " + zeros);
  }

  @Test
  void mismatchIsFoundAtItsPosition() {
    SeededData d = new SeededData(9, 9);
    byte[] buf = new byte[4096];
    byte[] scratch = new byte[4096];
    d.fill(buf, 0, buf.length, 12345);
    assertEquals(-1, d.firstMismatch(buf, 0, buf.length, 12345, scratch));
    buf[1000] ^= 1;
    assertEquals(12345 + 1000, d.firstMismatch(buf, 0, buf.length, 12345, scratch));
  }
}
