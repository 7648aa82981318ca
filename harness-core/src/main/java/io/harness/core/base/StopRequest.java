package io.harness.core.base;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run's stop request and the exit code it leads to: a value of that run, never of the process. A run
 * {@link #open opens} its request when it starts and {@link #close closes} it when it ends; a signal to the
 * process ({@code Signals}) asks every request open at that moment to stop. A request that was never asked
 * leaves the run's own exit code as it is, so a run in a JVM that ran others before (tests, the Java API,
 * an experiment's runs) reports what that run did, and nothing else.
 */
public final class StopRequest {
  private static final Set<StopRequest> OPEN = ConcurrentHashMap.newKeySet();

  private volatile String signal;
  private volatile int signalCode;
  private volatile Integer settled;

  private StopRequest() {}

  /** A request of a run that starts now: a signal to the process reaches it until {@link #close}. */
  public static StopRequest open() {
    StopRequest r = new StopRequest();
    OPEN.add(r);
    return r;
  }

  /** A request no signal reaches (a run that only the caller may stop). */
  public static StopRequest detached() {
    return new StopRequest();
  }

  /** The run has ended: signals no longer reach it. */
  public void close() {
    OPEN.remove(this);
  }

  /** Asks every open request to stop as {@code signal} ({@code SIGINT}) would; returns how many there were. */
  public static int signalAll(String signal, int exitCode) {
    int n = 0;
    for (StopRequest r : OPEN) {
      r.request(signal, exitCode);
      n++;
    }
    return n;
  }

  /** Asks this run to stop as {@code signal} would; its exit code becomes {@code exitCode} unless already saved. */
  public void request(String signal, int exitCode) {
    if (this.signal == null) {
      this.signalCode = exitCode;
      this.signal = signal;
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
   * The exit code of this run, which ended with {@code runCode}: the code it was saved with, else the
   * signal's (128 + its number) when one stopped it, else {@code runCode}.
   */
  public int exitCode(int runCode) {
    Integer s = settled;
    return s != null ? s : signal != null ? signalCode : runCode;
  }

  /** The run's result is saved with {@code exitCode}: a later signal changes nothing in it. */
  public void settle(int exitCode) {
    settled = exitCode;
  }
}
