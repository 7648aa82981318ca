package io.harness.core.records;

/**
 * The measured part of each task's life: the first {@code warmupNanos} after the task starts are not
 * measured (calls that start in them count for nothing: no bytes, no latency, no time), and a
 * time-bounded task stops {@code durationNanos} after its warm-up ends. Zero means no warm-up and no
 * time limit (the task ends when its work is done).
 */
public record Window(long warmupNanos, long durationNanos) {
  public static final Window NONE = new Window(0, 0);

  public Window {
    if (warmupNanos < 0 || durationNanos < 0) {
      throw new IllegalArgumentException("warm-up and duration must not be negative: " + warmupNanos
          + ", " + durationNanos);
    }
  }

  public boolean timeBounded() {
    return durationNanos > 0;
  }
}
