package io.harness.core.result;

/** Bytes moved by all tasks together in one epoch second (by the end of each call), and as MB/s. */
public record SecondSample(long epochSecond, long bytes, double mbPerSec) {
  public static SecondSample of(long epochSecond, long bytes) {
    return new SecondSample(epochSecond, bytes, bytes / (double) (1 << 20));
  }
}
