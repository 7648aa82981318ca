package io.harness.core.records;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A latency histogram kept in HdrHistogram's compressed form, the form the run's records save it in: a few
 * dozen bytes for a task's handful of calls, where the live {@link Histogram} it came from holds an array of
 * counts over its whole value range (a hundred KB and more at 3 significant digits of nanoseconds). What a
 * finished task and a closed second of the run keep; {@link #histogram()} gives the histogram back, value for
 * value, as a new object each time (to read, merge, or throw away).
 */
public final class CompactHistogram {
  private final byte[] compressed;
  /** The calls counted; -1 until first asked (a histogram read back from Base64). */
  private long totalCount;

  private CompactHistogram(byte[] compressed, long totalCount) {
    this.compressed = compressed;
    this.totalCount = totalCount;
  }

  /** The compact form of {@code h} (which stays as it was). */
  public static CompactHistogram of(Histogram h) {
    // encode a copy: the encoder keeps its working buffers in the histogram it encodes
    Histogram source = h.copy();
    ByteBuffer buf = ByteBuffer.allocate(source.getNeededByteBufferCapacity());
    int len = source.encodeIntoCompressedByteBuffer(buf);
    return new CompactHistogram(Arrays.copyOf(buf.array(), len), h.getTotalCount());
  }

  /**
   * The compact form of {@code h} encoded in place, through {@code scratch} when it is big enough: for a histogram
   * the caller owns and fills again afterwards (an interval's: the encoder leaves its working buffers in it), where
   * {@link #of}'s copy of the whole array of counts would be made every second. Returns the buffer it used.
   */
  static ByteBuffer encodeOwned(Histogram h, ByteBuffer scratch, java.util.function.Consumer<CompactHistogram> to) {
    int need = h.getNeededByteBufferCapacity();
    ByteBuffer buf = scratch != null && scratch.capacity() >= need ? scratch.clear() : ByteBuffer.allocate(need);
    int len = h.encodeIntoCompressedByteBuffer(buf);
    to.accept(new CompactHistogram(Arrays.copyOf(buf.array(), len), h.getTotalCount()));
    return buf;
  }

  /** A histogram in HdrHistogram's compressed Base64 form, as the records and JSON hold it. */
  public static CompactHistogram ofBase64(String base64) {
    byte[] bytes = Base64.getDecoder().decode(base64);
    return new CompactHistogram(bytes, -1);
  }

  /** The histogram, decoded into a new object. */
  public Histogram histogram() {
    return decode(compressed);
  }

  /** HdrHistogram's compressed form, in Base64. */
  public String base64() {
    return Base64.getEncoder().encodeToString(compressed);
  }

  /** The calls counted. */
  public long totalCount() {
    if (totalCount < 0) {
      totalCount = decode(compressed).getTotalCount();
    }
    return totalCount;
  }

  /** The bytes this object keeps (its compressed form). */
  public int compressedBytes() {
    return compressed.length;
  }

  private static Histogram decode(byte[] bytes) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException e) {
      throw new IllegalStateException("corrupt histogram", e);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CompactHistogram c && Arrays.equals(compressed, c.compressed);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(compressed);
  }

  @Override
  public String toString() {
    return "CompactHistogram[" + totalCount + " values, " + compressed.length + " B]";
  }
}
