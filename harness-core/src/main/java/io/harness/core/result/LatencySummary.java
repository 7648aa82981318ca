package io.harness.core.result;

import java.nio.ByteBuffer;
import java.util.Base64;
import org.HdrHistogram.Histogram;

/**
 * Percentiles of one kind of call, in nanoseconds, with the whole histogram in HdrHistogram's
 * compressed form (Base64) so a saved run can be analysed again.
 */
public record LatencySummary(long count, double meanNanos, long p50Nanos, long p90Nanos, long p99Nanos,
    long p999Nanos, long maxNanos, String histogram) {

  public static LatencySummary of(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int len = h.encodeIntoCompressedByteBuffer(buf);
    String encoded = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), len));
    return new LatencySummary(h.getTotalCount(), h.getTotalCount() == 0 ? 0 : h.getMean(),
        h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9), h.getMaxValue(), encoded);
  }

  /** Decodes {@link #histogram()}. */
  public Histogram decode() {
    return decode(histogram);
  }

  /** A histogram in HdrHistogram's compressed Base64 form, decoded. */
  public static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (java.util.zip.DataFormatException e) {
      throw new IllegalStateException("corrupt histogram", e);
    }
  }
}
