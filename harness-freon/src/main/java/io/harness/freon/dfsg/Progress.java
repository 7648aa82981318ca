package io.harness.freon.dfsg;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * Progress of a run on stderr: a progress bar (me.tongfei:progressbar) when there is a terminal, a plain
 * line every {@value #PLAIN_SECONDS} s otherwise (logs, CI, a pipe).
 */
final class Progress implements AutoCloseable {
  static final int PLAIN_SECONDS = 10;

  private final Thread thread;
  private final ProgressBar bar;
  private final AtomicLong done;

  private Progress(Thread thread, ProgressBar bar, AtomicLong done) {
    this.thread = thread;
    this.bar = bar;
    this.done = done;
  }

  /** Starts reporting {@code done} (and {@code failed}) out of {@code total} files; -1 for unknown. */
  static Progress start(PrintStream err, long total, AtomicLong done, AtomicLong failed) {
    ProgressBar bar = System.console() == null ? null : bar(err, total);
    long startNanos = System.nanoTime();
    Thread t = new Thread(() -> {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          if (bar != null) {
            Thread.sleep(250);
            bar.stepTo(done.get());
            bar.setExtraMessage(failed.get() == 0 ? "" : failed.get() + " failed");
          } else {
            Thread.sleep(PLAIN_SECONDS * 1000L);
            double s = (System.nanoTime() - startNanos) / 1e9;
            err.printf(Locale.ROOT, "dfsg: %d%s file(s) in %.0f s, %.1f files/s%s%n", done.get(),
                total > 0 ? "/" + total : "", s, done.get() / s, failed.get() == 0 ? "" : ", " + failed.get()
                    + " failed");
          }
        }
      } catch (InterruptedException e) {
        // the run is over
      }
    }, "harness-progress");
    t.setDaemon(true);
    t.start();
    return new Progress(t, bar, done);
  }

  /** A progress bar, or null where the library is not on the class path (the job jar leaves it out). */
  private static ProgressBar bar(PrintStream err, long total) {
    try {
      return new ProgressBarBuilder().setTaskName("dfsg").setInitialMax(total).setUnit(" files", 1)
          .setUpdateIntervalMillis(500).setConsumer(new ConsoleProgressBarConsumer(err)).showSpeed().build();
    } catch (LinkageError e) {
      return null;
    }
  }

  @Override
  public void close() {
    thread.interrupt();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (bar != null) {
      bar.stepTo(done.get());
      bar.close();
    }
  }
}
