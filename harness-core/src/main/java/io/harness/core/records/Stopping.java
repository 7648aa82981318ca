package io.harness.core.records;

import io.harness.core.base.StopRequest;
import java.util.function.BooleanSupplier;

/**
 * Whether a run's tasks are stopping (their run was asked to stop by a signal, or their engine ends them), read by
 * every task before each call, and whether a call or task that ended at a given moment ended by that stop: at or
 * after it, or up to {@link StopRequest#CUT_SHORT_BEFORE_NANOS} before (a signal kills the processes a file system's
 * client forks as it reaches this JVM). What ended by the stop is cut short, not failed.
 */
public final class Stopping {
  private final BooleanSupplier asked;
  private final StopRequest request;
  private volatile long atNanos;
  private volatile boolean set;

  private Stopping(BooleanSupplier asked, StopRequest request) {
    this.asked = asked;
    this.request = request;
  }

  /** Stopping when {@code asked} says so, or when {@link #set}. */
  public static Stopping when(BooleanSupplier asked, StopRequest request) {
    return new Stopping(asked, request);
  }

  /** Stopping only when {@link #set}. */
  public static Stopping manual() {
    return new Stopping(() -> false, null);
  }

  /** Stopping when {@code request} is asked (a signal), or when {@link #set}. */
  public static Stopping of(StopRequest request) {
    return new Stopping(request::requested, request);
  }

  /** Whether the tasks are to stop. */
  public boolean get() {
    if (set) {
      return true;
    }
    if (asked.getAsBoolean()) {
      set();
      return true;
    }
    return false;
  }

  /** The tasks are to stop, from now. */
  public void set() {
    if (!set) {
      atNanos = request != null && request.requested() ? Math.min(System.nanoTime(), request.askedAtNanos())
          : System.nanoTime();
      set = true;
    }
  }

  /**
   * Whether what ended at {@code nanoTime} ({@link System#nanoTime()}) ended by the stop: cut short, not failed. So did
   * what ended by a signal to the process about then that had not asked this run to stop (a Ctrl-C on an experiment,
   * which kills the helpers the current run's client forked): that run is then asked to stop as well, since the
   * signal cut it short.
   */
  public boolean cutShort(long nanoTime) {
    if (get() && nanoTime - (atNanos - StopRequest.CUT_SHORT_BEFORE_NANOS) >= 0) {
      return true;
    }
    return request != null ? request.askedNear(nanoTime) : StopRequest.signalledNear(nanoTime);
  }
}
