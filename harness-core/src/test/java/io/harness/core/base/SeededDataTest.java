package io.harness.core.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class SeededDataTest {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private static String hex(SeededData d, long position, int len) {
    byte[] b = new byte[len];
    d.fill(b, 0, len, position);
    return HexFormat.of().formatHex(b);
  }

  /**
   * The bytes are pinned: files written by one version are verified by the next (a dfsio -read --verify of a
   * root written earlier, a part file's data), so a changed generator must fail here. Computed once and written
   * down; the position 2^40 + 3 is a file of a terabyte, the one at 512 MB - 16 the end of a 512 MB dfsio file.
   */
  @Test
  void theBytesOfGivenSeedsStreamsAndPositionsArePinned() {
    assertEquals("6378c5f9d48bfe33ec052c1a0b9b8a56", hex(new SeededData(0, 0), 0, 16));
    assertEquals("46e0e77d8bc23f4a5e47690e14ce57db", hex(new SeededData(4242, 0), 0, 16));
    assertEquals("e79b17151af06aa09511e9bbd52db200", hex(new SeededData(4242, 3), (512L << 20) - 16, 16));
    assertEquals("892462d3ac489b41259e6454b2024a86", hex(new SeededData(7, 3), 5, 16));
    assertEquals("0d088b0bb57e08e7df95e702fdb5f601", hex(new SeededData(1, 1), (1L << 40) + 3, 16));
    byte[] mb = new byte[1 << 20];
    new SeededData(4242, 1).fill(mb, 0, mb.length, 0);
    CRC32 crc = new CRC32();
    crc.update(mb);
    assertEquals(0x258cfc2cL, crc.getValue(), "CRC-32 of the first MB of stream 1 of seed 4242");
  }

  /**
   * The mixing function is SplitMix64's finalizer (Steele, Lea and Flood, 2014): mixing 1, 2, 3 and 4 times the
   * golden gamma gives the published first outputs of SplitMix64 seeded with 0.
   */
  @Test
  void theMixIsSplitMix64() {
    assertEquals(0xE220A8397B1DCDAFL, SeededData.mix(GOLDEN));
    assertEquals(0x6E789E6AA1B965F4L, SeededData.mix(2 * GOLDEN));
    assertEquals(0x06C45D188009454FL, SeededData.mix(3 * GOLDEN));
    assertEquals(0xF88BB8A8724C81ECL, SeededData.mix(4 * GOLDEN));
  }

  /**
   * What the class documents, computed here from its description alone: word {@code i} of a stream is
   * SplitMix64's mix of {@code key + i * gamma}, {@code key = mix(seed ^ mix(stream + gamma))}, stored little
   * endian; checked at word-aligned and unaligned positions of several streams.
   */
  @Test
  void everyByteIsTheLittleEndianByteOfItsWordsHash() {
    for (long[] c : new long[][] {{0, 0}, {4242, 3}, {-1, 1L << 33}, {Long.MIN_VALUE, 7}}) {
      SeededData d = new SeededData(c[0], c[1]);
      long key = splitMix(c[0] ^ splitMix(c[1] + GOLDEN));
      for (long position : new long[] {0, 1, 7, 8, 9, 4095, 1L << 31, (1L << 40) + 5}) {
        long word = splitMix(key + (position >>> 3) * GOLDEN);
        byte expected = (byte) (word >>> (8 * (position % 8)));
        assertEquals(expected, d.byteAt(position), c[0] + "/" + c[1] + " at " + position);
        byte[] one = new byte[1];
        d.fill(one, 0, 1, position);
        assertEquals(expected, one[0], c[0] + "/" + c[1] + " filled at " + position);
      }
    }
  }

  /** SplitMix64's finalizer, written out from the paper's constants. */
  private static long splitMix(long z) {
    long x = z;
    x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
    x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
    return x ^ (x >>> 31);
  }

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
