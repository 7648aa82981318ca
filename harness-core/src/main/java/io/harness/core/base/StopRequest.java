package io.harness.core.base;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run's stop request and the exit code it leads to: a value of that run, never of the process. A run
 * {@link #open opens} its request when it starts and {@link #close closes} it when it ends; a signal to the
 * process ({@code Signals}) asks the requests open at that moment to stop. A request that was never asked
 * leaves the run's own exit code as it is, so a run in a JVM that ran others before (tests, the Java API,
 * an experiment's runs) reports what that run did, and nothing else.
 *
 * <p>Requests nest: a run that another command runs (an experiment's) opens a {@link #nested} one. A signal asks
 * the outer requests first (the experiment finishes its current run, then stops); the next signal asks the nested
 * ones (the current run stops now). Whenever a request is asked, even after its run saved its result, the run's
 * exit code is the signal's: a {@link #whenAsked} action marks what was already saved.
 */
public final class StopRequest {
  /**
   * How long before a stop a call's failure still counts as the stop's doing (cut short, not failed): a signal
   * reaches the processes a file system's client forks (Hadoop's local file system runs chmod) at the same moment
   * as this JVM, which sees it a little later than they die of it.
   */
  public static final long CUT_SHORT_BEFORE_NANOS = 1_000_000_000L;

  private static final Set<StopRequest> OPEN = ConcurrentHashMap.newKeySet();
  /** When the process last got a signal ({@link System#nanoTime()}), whichever requests it asked. */
  private static volatile long signalledAtNanos;
  private static volatile boolean signalled;
  private static volatile String lastSignal;
  private static volatile int lastExitCode;

  private final boolean nested;
  private volatile String signal;
  private volatile int signalCode;
  private volatile long askedAtNanos;
  private Runnable whenAsked;

  private StopRequest(boolean nested) {
    this.nested = nested;
  }

  /** A request of a run that starts now: a signal to the process reaches it until {@link #close}. */
  public static StopRequest open() {
    return open(false);
  }

  /**
   * A request of a run that starts now inside another command's (an experiment's run): a signal reaches it only once
   * every outer request has been asked.
   */
  public static StopRequest nested() {
    return open(true);
  }

  private static StopRequest open(boolean nested) {
    StopRequest r = new StopRequest(nested);
    OPEN.add(r);
    return r;
  }

  /** A request no signal reaches (a run that only the caller may stop). */
  public static StopRequest detached() {
    return new StopRequest(false);
  }

  /** The run has ended: signals no longer reach it. */
  public void close() {
    OPEN.remove(this);
  }

  /** What one signal did: the requests it asked, and whether nested ones are left for the next signal. */
  public record Asked(int asked, boolean nestedLeft) {}

  /**
   * Asks the outermost open requests that were not asked yet to stop as {@code signal} ({@code SIGINT}) would: the
   * outer ones if any is left, else the nested ones.
   */
  public static synchronized Asked signalAll(String signal, int exitCode) {
    lastSignal = signal;
    lastExitCode = exitCode;
    signalledAtNanos = System.nanoTime();
    signalled = true;
    List<StopRequest> outer = new ArrayList<>();
    List<StopRequest> inner = new ArrayList<>();
    for (StopRequest r : OPEN) {
      if (!r.requested()) {
        (r.nested ? inner : outer).add(r);
      }
    }
    List<StopRequest> now = outer.isEmpty() ? inner : outer;
    now.forEach(r -> r.request(signal, exitCode));
    return new Asked(now.size(), !outer.isEmpty() && !inner.isEmpty());
  }

  /** Asks this run to stop as {@code signal} would: its exit code becomes {@code exitCode}. */
  public void request(String signal, int exitCode) {
    Runnable then;
    synchronized (this) {
      if (this.signal != null) {
        return;
      }
      this.askedAtNanos = System.nanoTime();
      this.signalCode = exitCode;
      this.signal = signal;
      then = whenAsked;
    }
    if (then != null) {
      then.run();
    }
  }

  /** Whether the run was asked to stop. */
  public boolean requested() {
    return signal != null;
  }

  /** The signal that asked the run to stop ({@code SIGINT}, {@code SIGTERM}), or null. */
  public String signal() {
    return signal;
  }

  /**
   * Whether a signal reached this process within {@link #CUT_SHORT_BEFORE_NANOS} of {@code nanoTime}, before or after
   * it, whether or not it asked the run that asks this to stop: what failed then failed by the signal (a Ctrl-C that
   * lets an experiment's current run go on still kills the helper processes that run's client forked).
   */
  public static boolean signalledNear(long nanoTime) {
    return signalled && Math.abs(nanoTime - signalledAtNanos) <= CUT_SHORT_BEFORE_NANOS;
  }

  /**
   * Asks this run to stop as the signal that reached the process near {@code nanoTime} would have, when one did (see
   * {@link #signalledNear}): it cut the run short though it asked another command (a Ctrl-C on an experiment kills
   * the helper processes of the run in flight). Returns whether one did.
   */
  public boolean askedNear(long nanoTime) {
    if (!signalledNear(nanoTime)) {
      return false;
    }
    request(lastSignal, lastExitCode);
    return true;
  }

  /** When the run was asked to stop ({@link System#nanoTime()}); meaningful once {@link #requested}. */
  public long askedAtNanos() {
    return askedAtNanos;
  }

  /** The exit code of this run, which ended with {@code runCode}: the signal's (128 + its number) when one asked it. */
  public int exitCode(int runCode) {
    return signal != null ? signalCode : runCode;
  }

  /**
   * Runs {@code action} when this run is asked to stop, from the thread that asks it: at once when it already was.
   * For what the run saved before a signal came (its result is then marked stopped too).
   */
  public void whenAsked(Runnable action) {
    boolean now;
    synchronized (this) {
      whenAsked = action;
      now = signal != null;
    }
    if (now) {
      action.run();
    }
  }
}
