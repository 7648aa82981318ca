package io.harness.core.cli;

import io.harness.core.base.StopRequest;
import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * SIGINT and SIGTERM in the command-line process, turned into stop requests of the runs in flight
 * ({@link StopRequest}): the first one asks them to stop (their tasks end, what they measured is printed and
 * saved, each run is marked interrupted) and the process then exits with 130 or 143; a second one, or runs
 * that have not ended {@link #GRACE_SECONDS} s later, exit at once. A command that runs other runs (an experiment)
 * is asked first: it finishes its current run, then stops; the second signal stops that run now, a third exits.
 * Installed by {@link Harness#main} only: a run inside a user's JVM (tests, the Java API) keeps that JVM's own
 * signal handling. No run's state lives here: only whether the process got a signal, and whether it is exiting.
 */
public final class Signals {
  /** How long a stopping run may take to write what it measured before the process exits anyway. */
  public static final long GRACE_SECONDS = 60;

  private static volatile String received;
  private static volatile int code;
  private static volatile PrintStream log;
  private static boolean watching;
  private static boolean exiting;
  /** What the first signal does, as the terminal line says it. */
  private static volatile String stopping = "stopping the run and writing what it measured";

  private Signals() {}

  /** Handles SIGINT and SIGTERM from now on; lines go to {@code err}. */
  public static void install(PrintStream err) {
    log = err;
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

  private static synchronized void onSignal(String name, int exitCode) {
    if (exiting) {
      return; // the command has ended and saved what it did: the process is leaving with its code
    }
    PrintStream err = log;
    StopRequest.Asked asked = StopRequest.signalAll(name, exitCode);
    if (asked.asked() == 0) {
      if (received != null) {
        err.println("harness: " + name + " again: exiting now");
      }
      // nothing is running that could write what it measured (or it was asked already)
      err.flush();
      Runtime.getRuntime().halt(received != null ? code : exitCode);
    }
    String again = received == null ? "" : " again";
    if (received == null) {
      received = name;
      code = exitCode;
    }
    if (asked.nestedLeft()) {
      err.println("harness: " + name + ": finishing the current run, then stopping (send it again to stop the "
          + "current run now)");
      return;
    }
    err.println("harness: " + name + again + ": " + (again.isEmpty() ? stopping
        : "stopping the current run now and writing what it measured") + " (send it again to exit at once)");
    if (!watching) {
      watching = true;
      Thread watchdog = new Thread(() -> {
        try {
          TimeUnit.SECONDS.sleep(GRACE_SECONDS);
          err.println("harness: the run did not stop within " + GRACE_SECONDS + " s of " + name + ": exiting");
          err.flush();
          Runtime.getRuntime().halt(code);
        } catch (InterruptedException e) {
          // not reached: the process ends first
        }
      }, "harness-signal-grace");
      watchdog.setDaemon(true);
      watchdog.start();
    }
  }

  /** How the line printed on the first signal says what it does, for a command that runs no workload. */
  public static void stopping(String what) {
    stopping = what;
  }

  /**
   * The command of {@code stop} has ended with {@code exitCode}: the process exits with it, or with the signal's
   * code when one asked the command to stop (a signal being handled has finished marking what the run saved first);
   * a signal from now on changes nothing.
   */
  static void exit(StopRequest stop, int exitCode) {
    int c;
    synchronized (Signals.class) {
      exiting = true;
      c = stop.exitCode(exitCode);
    }
    System.out.flush();
    System.err.flush();
    System.exit(c);
  }
}
