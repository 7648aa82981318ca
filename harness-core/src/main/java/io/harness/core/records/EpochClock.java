package io.harness.core.records;

import java.time.Instant;

/** Nanosecond timestamps on the epoch scale, taken from the monotonic {@link System#nanoTime()}. */
public final class EpochClock {
  private static final long BASE_NANO;
  private static final long BASE_EPOCH_NS;

  static {
    Instant now = Instant.now();
    BASE_NANO = System.nanoTime();
    BASE_EPOCH_NS = now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  private EpochClock() {}

  /** Converts a {@link System#nanoTime()} reading to epoch nanoseconds. */
  public static long toEpochNanos(long nanoTime) {
    return BASE_EPOCH_NS + (nanoTime - BASE_NANO);
  }

  public static long nowEpochNanos() {
    return toEpochNanos(System.nanoTime());
  }
}
