package io.harness.core.engine;

import io.harness.core.base.UsageException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * When one thread of a {@link PhaseLoop} phase makes its calls, and the rule every rate and duration keeps: a phase
 * bounded by time ends at its deadline, and no call is issued after it.
 *
 * <p>Closed loop (no rate), a thread's next call starts when its last returned. Open loop, its calls are due
 * {@code threads / rate} apart (the threads' schedules staggered) and each is issued when due whether or not the
 * file system kept up; a call issued one interval or more after it was due is <em>late</em>, and the calls that were
 * due before the deadline but not issued by then are <em>owed</em>: the figures say both, and the calls owed are
 * never issued. A rate is bad input ({@link #check}) when its schedule cannot be kept: fewer calls in the duration than
 * threads to share them, more calls a second per thread than {@link #MAX_PER_THREAD}, or more than a day between one
 * thread's calls.
 */
public final class Schedule {
  /**
   * The most calls a second one thread may be asked to issue, open loop. Measured on this project's 2-core build
   * machine, a thread of the harness issued at most about 34,000 calls a second of the cheapest call there is (a
   * stat on the local file system, closed loop, so its own pace); a schedule of more than three times that is one
   * no thread can keep, whatever the file system.
   */
  public static final double MAX_PER_THREAD = 100_000;
  /** The longest a thread's calls may be apart, open loop: a day. */
  static final long LONGEST_INTERVAL_SECONDS = 86_400;
  /** How long a wait for a call's time lasts before the stop request is looked at again. */
  private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final long interval;
  private final long deadline;
  private final boolean timed;
  private long due;
  private long late;
  private long owed;

  /**
   * Thread {@code thread}'s schedule (of {@code threads} over all clients) in a phase that starts at {@code begin}
   * ({@link System#nanoTime()}) and lasts {@code durationNanos} (0: until its calls are made), at {@code perSecond}
   * calls a second over all threads (0: closed loop).
   */
  Schedule(double perSecond, int threads, int thread, long begin, long durationNanos) {
    // at most a day apart (check): a schedule of a whole run stays far from a long's overflow
    this.interval = perSecond > 0 ? Math.max(1, (long) Math.min(threads * 1e9 / perSecond,
        LONGEST_INTERVAL_SECONDS * 1e9)) : 0;
    this.timed = durationNanos > 0;
    this.deadline = begin + durationNanos;
    this.due = begin + interval * thread / Math.max(1, threads);
  }

  /**
   * Checks an open loop's {@code perSecond} (given as {@code option}) over {@code threads} threads for a phase of
   * {@code durationNanos} (0: bounded by its calls, not by time); bad input names {@code option} and why.
   */
  public static void check(String option, double perSecond, long durationNanos, long threads) {
    double perThread = perSecond / threads;
    if (perThread > MAX_PER_THREAD) {
      throw new UsageException(option, String.format(Locale.ROOT, "%s calls/s over %d thread(s) is %s a thread, more "
          + "than the %,.0f a thread can issue (one thread of the harness issues at most about 34,000 calls/s, "
          + "local stat calls); give more threads or a lower rate", number(perSecond), threads, number(perThread),
          MAX_PER_THREAD));
    }
    if (perThread < 1.0 / LONGEST_INTERVAL_SECONDS) {
      throw new UsageException(option, String.format(Locale.ROOT, "%s calls/s over %d thread(s) is one call every "
          + "%s s a thread, more than a day between a thread's calls; give a higher rate", number(perSecond), threads,
          number(1 / perThread)));
    }
    double calls = perSecond * durationNanos / 1e9;
    if (durationNanos > 0 && calls < threads) {
      throw new UsageException(option, String.format(Locale.ROOT, "%s calls/s for %s schedules %s call(s), fewer "
          + "than the %d thread(s) that share them: each thread needs a call in the duration", number(perSecond),
          io.harness.core.base.Durations.format(durationNanos), number(calls), threads));
    }
  }

  private static String number(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.format(Locale.ROOT, "%,.0f", d)
        : String.format(Locale.ROOT, "%.3g", d);
  }

  /**
   * Waits for the thread's next call and returns when it starts (open loop: when it was due, what its latency counts
   * from), or -1 when no call is to be made: the phase's deadline has passed (the calls still due before it are
   * owed), the open loop's next call is due after it (then at the deadline: the phase lasts its duration), or
   * {@code stop} says so.
   */
  long next(BooleanSupplier stop) {
    if (interval == 0) {
      long now = System.nanoTime();
      return timed && now - deadline >= 0 ? -1 : now;
    }
    // the schedule's calls before the deadline all issued: the phase still lasts until its deadline
    boolean last = timed && due - deadline >= 0;
    long until = last ? deadline : due;
    for (long wait = until - System.nanoTime(); wait > 0; wait = until - System.nanoTime()) {
      if (stop.getAsBoolean()) {
        return -1;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(Math.min(wait, LOOK_NANOS));
    }
    if (last) {
      return -1;
    }
    long now = System.nanoTime();
    if (timed && now - deadline >= 0) {
      owed = (deadline - due + interval - 1) / interval;
      return -1;
    }
    if (now - due >= interval) {
      late++;
    }
    long start = due;
    due += interval;
    return start;
  }

  /** Whether the calls are paced (open loop). */
  boolean open() {
    return interval > 0;
  }

  /** The calls issued one interval or more after they were due. */
  long late() {
    return late;
  }

  /** The calls due before the deadline that were not issued by then. */
  long owed() {
    return owed;
  }
}
