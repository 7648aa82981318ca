package io.harness.core.cli;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * SIGINT and SIGTERM in the command-line process: the first one asks the run to stop (its tasks end,
 * what they measured is printed and saved, the run is marked interrupted) and the process then exits
 * with 130 or 143; a second one, or a run that has not ended {@link #GRACE_SECONDS} s later, exits at
 * once. Installed by {@link Harness#main} only: a run inside a user's JVM (tests, the Java API) keeps
 * that JVM's own signal handling.
 */
public final class Signals {
  /** How long a stopping run may take to write what it measured before the process exits anyway. */
  public static final long GRACE_SECONDS = 60;

  private static volatile String received;
  private static volatile int code;
  private static volatile Integer settled;
  private static volatile PrintStream log;
  private static volatile boolean installed;
  /** What the first signal does, as the terminal line says it. */
  private static volatile String stopping = "stopping the run and writing what it measured";

  private Signals() {}

  /** Handles SIGINT and SIGTERM from now on; lines go to {@code err}. */
  public static void install(PrintStream err) {
    log = err;
    installed = true;
    handle("INT", 130);
    handle("TERM", 143);
  }

  private static void handle(String name, int exitCode) {
    try {
      sun.misc.Signal.handle(new sun.misc.Signal(name), s -> onSignal("SIG" + name, exitCode));
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      // the signal is not available here (or the JVM reserves it): the JVM's default stays
    }
  }

  static synchronized void onSignal(String name, int exitCode) {
    PrintStream err = log;
    if (received != null && installed) {
      err.println("harness: " + name + " again: exiting now");
      err.flush();
      Runtime.getRuntime().halt(code);
    }
    received = name;
    code = exitCode;
    err.println("harness: " + name + ": " + stopping
        + (installed ? " (send it again to exit at once)" : ""));
    if (!installed) {
      return;
    }
    Thread watchdog = new Thread(() -> {
      try {
        TimeUnit.SECONDS.sleep(GRACE_SECONDS);
        err.println("harness: the run did not stop within " + GRACE_SECONDS + " s of " + name + ": exiting");
        err.flush();
        Runtime.getRuntime().halt(exitCode);
      } catch (InterruptedException e) {
        // not reached: the process ends first
      }
    }, "harness-signal-grace");
    watchdog.setDaemon(true);
    watchdog.start();
  }

  /** How the line printed on the first signal says what it does, for a command that runs no workload. */
  public static void stopping(String what) {
    stopping = what;
  }

  /** The signal that asked the run to stop ({@code SIGINT}, {@code SIGTERM}), or null. */
  public static String received() {
    return received;
  }

  /** Whether a signal asked the run to stop. */
  public static boolean stopRequested() {
    return received != null;
  }

  /**
   * The exit code of a run that ended with {@code runCode}: 128 + the signal's number when a signal
   * stopped it before its result was saved, else {@code runCode}.
   */
  public static int exitCode(int runCode) {
    Integer s = settled;
    return s != null ? s : received != null ? code : runCode;
  }

  /**
   * The run's result is saved with {@code exitCode}: a signal from now on changes nothing in it, and the
   * process exits with that code.
   */
  public static void settle(int exitCode) {
    settled = exitCode;
  }

  /** A new run in this process: nothing received, nothing settled (the handlers stay installed). */
  public static void newRun() {
    received = null;
    settled = null;
  }

  /** Asks the run to stop as {@code name} would (for a test of what a stopped run keeps). */
  public static void request(String name, int exitCode) {
    if (log == null) {
      log = System.err;
    }
    onSignal(name, exitCode);
  }
}
