package io.harness.it;

import io.harness.core.cli.Harness;
import io.harness.testkit.Run;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One harness command line running in this JVM on a thread of its own, so a test can hurt the cluster
 * while it runs: wait for a line of its output, inject the fault, then wait for the run's end.
 */
final class Background {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Thread thread;
  private final String command;
  private final long startNanos = System.nanoTime();
  private volatile int code = -1;
  private volatile long endNanos;

  private Background(String... args) {
    command = "harness " + String.join(" ", args);
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    thread = new Thread(() -> {
      code = Harness.run(Map.of(), o, e, args);
      endNanos = System.nanoTime();
    }, "harness-under-test");
    thread.setDaemon(true);
  }

  static Background start(String... args) {
    Background b = new Background(args);
    b.thread.start();
    return b;
  }

  /** Waits until the output (stdout or stderr) holds {@code text}; fails after {@code seconds}. */
  Background awaitOutput(String text, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!(out() + err()).contains(text)) {
      if (System.nanoTime() > deadline || !thread.isAlive()) {
        throw new AssertionError("no '" + text + "' in the output after " + seconds + " s:\n" + out() + err());
      }
      Thread.sleep(50);
    }
    return this;
  }

  /** Waits until the output (stdout and stderr) holds {@code text} {@code times} times; fails after {@code seconds}. */
  Background awaitOutput(String text, int times, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while ((out() + err()).split(java.util.regex.Pattern.quote(text), -1).length - 1 < times) {
      if (System.nanoTime() > deadline || !thread.isAlive()) {
        throw new AssertionError("not " + times + " x '" + text + "' in the output after " + seconds + " s:\n" + out()
            + err());
      }
      Thread.sleep(50);
    }
    return this;
  }

  /**
   * Waits for the run's end and returns it; fails after {@code seconds} (a limit against a hang, not a
   * speed check).
   */
  Run await(long seconds) throws InterruptedException {
    thread.join(TimeUnit.SECONDS.toMillis(seconds));
    if (thread.isAlive()) {
      throw new AssertionError("the run did not end within " + seconds + " s:\n" + out() + err());
    }
    return new Run(command, code, out(), err(), seconds());
  }

  /** Whether the run is still going. */
  boolean running() {
    return thread.isAlive();
  }

  /** Seconds from the start to the end of the run. */
  double seconds() {
    return (endNanos - startNanos) / 1e9;
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
