package io.harness.core.engine;

import io.harness.core.base.StopRequest;
import io.harness.core.base.Sizes;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * The progress of an engine whose tasks run where the harness cannot watch them one by one (Spark's
 * executors): what the engine itself counts (Spark's listener events) told every
 * {@value Monitor#REPORT_SECONDS} s as one plain line (tasks done and running, bytes so far, the rate),
 * or as a progress bar when the lines go to a terminal, as {@link Monitor} does for the local engine. The
 * first line comes after {@value Monitor#REPORT_SECONDS} s: a short run prints nothing. A run asked to
 * stop (a signal) has its {@code stop} action called once, e.g. to cancel the engine's jobs.
 */
public final class RemoteProgress implements AutoCloseable {
  /** What the engine has counted so far. */
  public record Counts(long tasksDone, long tasksRunning, long bytes) {}

  private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final PrintStream log;
  private final String label;
  private final Supplier<Counts> counts;
  private final StopRequest request;
  private final Runnable stop;
  private final long periodNanos;
  private final Thread thread;
  private final ProgressBar bar;
  private final long start = System.nanoTime();
  private final Counts base;
  private volatile boolean closed;

  private RemoteProgress(PrintStream log, String label, Supplier<Counts> counts, StopRequest request,
      Runnable stop, long periodNanos, boolean terminal) {
    this.request = request;
    this.log = log;
    this.label = label;
    this.counts = counts;
    this.stop = stop;
    this.periodNanos = periodNanos;
    this.base = counts.get();
    this.bar = terminal ? bar(log, label) : null;
    this.thread = new Thread(this::watch, "harness-progress");
    thread.setDaemon(true);
  }

  /**
   * Starts telling the progress of a run labelled {@code label} (e.g. {@code spark generate}) on {@code log};
   * {@code stop} runs once when the run's {@code request} asks it to stop.
   */
  public static RemoteProgress start(PrintStream log, String label, Supplier<Counts> counts, StopRequest request,
      Runnable stop) {
    return start(log, label, counts, request, stop, TimeUnit.SECONDS.toNanos(Monitor.REPORT_SECONDS),
        System.console() != null);
  }

  /** As {@link #start(PrintStream, String, Supplier, StopRequest, Runnable)}, a line every {@code periodNanos}. */
  static RemoteProgress start(PrintStream log, String label, Supplier<Counts> counts, StopRequest request,
      Runnable stop,
      long periodNanos, boolean terminal) {
    RemoteProgress p = new RemoteProgress(log, label, counts, request, stop, periodNanos, terminal);
    p.thread.start();
    return p;
  }

  private static ProgressBar bar(PrintStream log, String label) {
    try {
      return new ProgressBarBuilder().setTaskName(label).setInitialMax(-1).setUnit(" MB", 1)
          .setUpdateIntervalMillis(500).setConsumer(new ConsoleProgressBarConsumer(log)).showSpeed().build();
    } catch (LinkageError e) {
      return null; // the job jar leaves the library out: plain lines
    }
  }

  private void watch() {
    long next = start + periodNanos;
    boolean stopped = false;
    while (!closed) {
      LockSupport.parkNanos(TICK_NANOS);
      if (closed) {
        return;
      }
      if (!stopped && request.requested()) {
        stopped = true;
        stop.run();
      }
      long now = System.nanoTime();
      if (bar != null) {
        Counts c = counts.get();
        bar.stepTo((c.bytes() - base.bytes()) / Sizes.MB);
        bar.setExtraMessage((c.tasksDone() - base.tasksDone()) + " task(s) done, " + c.tasksRunning() + " running");
      } else if (now >= next) {
        next += periodNanos;
        log.println(line(counts.get(), (now - start) / 1e9));
      }
    }
  }

  /** The plain line: {@code spark generate: 20 s, 12 task(s) done, 2 running, 1.2 GB, 61.5 MB/s}. */
  String line(Counts c, double seconds) {
    long bytes = c.bytes() - base.bytes();
    return String.format(Locale.ROOT, "%s: %.0f s, %d task(s) done, %d running, %s, %.1f MB/s", label, seconds,
        c.tasksDone() - base.tasksDone(), c.tasksRunning(), Sizes.format(bytes),
        seconds > 0 ? bytes / (double) Sizes.MB / seconds : 0);
  }

  /** Stops telling (the run's engine has ended). */
  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(thread);
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (bar != null) {
      bar.close();
    }
  }
}
