package io.harness.core.base;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Pseudo-random, incompressible, non-repeating test data that is a pure function of
 * (seed, stream, position): any byte of any file can be regenerated on its own, so a reader can
 * verify what it reads at any offset, in any order. Each 8-byte word is a SplitMix64 hash of its
 * index, so filling costs a few instructions per 8 bytes.
 */
public final class SeededData {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private final long key;

  /** The data of one stream (e.g. one file) of a run with the given seed. */
  public SeededData(long seed, long stream) {
    this.key = mix(seed ^ mix(stream + GOLDEN));
  }

  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private long word(long index) {
    return mix(key + index * GOLDEN);
  }

  /** Fills {@code buf[off, off+len)} with the stream's bytes starting at {@code position}. */
  public void fill(byte[] buf, int off, int len, long position) {
    int i = 0;
    // leading bytes up to a word boundary
    while (i < len && ((position + i) & 7) != 0) {
      buf[off + i] = byteAt(position + i);
      i++;
    }
    long w = (position + i) >>> 3;
    for (; i + 8 <= len; i += 8, w++) {
      LONG_LE.set(buf, off + i, word(w));
    }
    for (; i < len; i++) {
      buf[off + i] = byteAt(position + i);
    }
  }

  /** The byte at {@code position}. */
  public byte byteAt(long position) {
    return (byte) (word(position >>> 3) >>> (8 * (int) (position & 7)));
  }

  /**
   * Checks {@code buf[off, off+len)} against the stream at {@code position}, using {@code scratch}
   * (at least {@code len} bytes) for the expected bytes.
   *
   * @return the stream position of the first wrong byte, or -1 when all match
   */
  public long firstMismatch(byte[] buf, int off, int len, long position, byte[] scratch) {
    fill(scratch, 0, len, position);
    int m = Arrays.mismatch(buf, off, off + len, scratch, 0, len);
    return m < 0 ? -1 : position + m;
  }
}
