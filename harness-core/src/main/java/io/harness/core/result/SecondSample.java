package io.harness.core.result;

/**
 * Bytes moved by all tasks together in one second of the run (second 0 starts at the first task's
 * start; a call's bytes count in the 100 ms tick in which it ended), and as MB/s. The last second of a run
 * is usually cut short: it is marked {@code partial}, {@code seconds} says how long it was, and its MB/s is
 * over that time.
 */
public record SecondSample(int second, long bytes, double seconds, double mbPerSec, boolean partial) {
  public static SecondSample of(int second, long bytes, double seconds) {
    return new SecondSample(second, bytes, seconds, seconds > 0 ? bytes / (double) (1 << 20) / seconds : 0,
        seconds < 0.999);
  }
}
