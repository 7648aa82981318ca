package io.harness.core.engine;

import io.harness.core.base.UsageException;
import java.time.Duration;
import java.time.Instant;

/**
 * How the maps of a workload whose MapReduce maps are its tasks (dfsio, teragen: one map per file) start together,
 * when the run asks them to ({@code --barrier}, {@code --start-at}): each map waits at the start barrier until every
 * map is ready, or until {@code startAtMillis}, or until it waited {@code timeoutMillis}; a map ready after the
 * release is late, and its task is left out of the figures unless {@code countLate}. (The clients of
 * {@code --clients} always start at a barrier: {@link Clients}.)
 *
 * @param startAtMillis when the barrier releases (epoch ms); 0: once every map is ready
 * @param timeoutMillis how long a ready map waits for the others before it releases the barrier itself
 * @param countLate whether late maps' tasks count in the figures
 */
public record StartBarrier(long startAtMillis, long timeoutMillis, boolean countLate) {
  /**
   * The checked options as typed ({@code on}: {@code --barrier}; the others null or false when not given), or null
   * when none asks for a barrier. {@code mapReduce}: whether the run's engine is MapReduce (the barrier is its maps').
   */
  public static StartBarrier of(boolean on, String startAt, Long timeoutNanos, boolean countLate, boolean mapReduce) {
    if (!on && startAt == null && timeoutNanos == null && !countLate) {
      return null;
    }
    String option = on ? "--barrier" : startAt != null ? "--start-at" : timeoutNanos != null ? "--barrier-timeout"
        : "--count-late";
    if (!mapReduce) {
      throw new UsageException(option, "is the start barrier of the MapReduce engine's maps (--engine mapreduce, "
          + "or mapreduce.framework.name=yarn); the local engine's tasks start together already");
    }
    long at = startAt == null ? 0 : Clients.startAt("--start-at", startAt);
    if (timeoutNanos != null && timeoutNanos <= 0) {
      throw new UsageException("--barrier-timeout", "must be positive");
    }
    return new StartBarrier(at, timeoutNanos == null ? Clients.DEFAULT_BARRIER_TIMEOUT_MILLIS
        : Math.max(1, timeoutNanos / 1_000_000), countLate);
  }

  /** The Java API's: a start barrier releasing at {@code startAt} (null: once every map is ready). */
  public static StartBarrier of(Instant startAt, Duration timeout, boolean countLate) {
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new UsageException("--barrier-timeout", "must be positive");
    }
    return new StartBarrier(startAt == null ? 0 : startAt.toEpochMilli(), timeout == null
        ? Clients.DEFAULT_BARRIER_TIMEOUT_MILLIS : Math.max(1, timeout.toMillis()), countLate);
  }

  /** The barrier of {@code count} maps, as the clients engine's settings have it. */
  public Clients clients(int count) {
    return new Clients("mapreduce", count, startAtMillis, timeoutMillis, countLate, true);
  }

  /** {@code maps start together at 2026-11-27T10:15:00Z}, {@code start barrier (120 s)}: for a run's first line. */
  public String describe() {
    return (startAtMillis > 0 ? "maps start together at " + Instant.ofEpochMilli(startAtMillis)
        : "start barrier (waits " + io.harness.core.base.Durations.format(timeoutMillis * 1_000_000L) + " at most)") + (countLate ? ", late maps counted" : "");
  }
}
