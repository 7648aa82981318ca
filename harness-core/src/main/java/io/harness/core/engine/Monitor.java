package io.harness.core.engine;

import io.harness.core.records.LiveFeed;
import io.harness.core.records.Stopping;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;
import io.harness.core.base.Durations;
import io.harness.core.base.Sizes;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * What the local engine tells while its tasks run, and when it gives up on one. Every
 * {@value #REPORT_SECONDS} s a line says how far the run is (bytes or items done, of how many, the
 * rate, an estimate of the time left) and names each task that has made no progress for
 * {@value #REPORT_SECONDS} s or more, with the call it waits in ({@code write}, {@code hflush},
 * {@code close} ...). With a task timeout, a task stuck in one call longer than that fails with that
 * reason and its thread's stack. A run that is asked to stop (a signal) has its tasks end early.
 *
 * <p>The first line comes after {@value #REPORT_SECONDS} s: a short run prints nothing.
 */
public final class Monitor {
  public static final long REPORT_SECONDS = 10;

  private static final Monitor NONE = new Monitor(null, "", -1, 0, null, null, -1, () -> false,
      TimeUnit.SECONDS.toNanos(REPORT_SECONDS));

  private final PrintStream log;
  private final String label;
  private final long totalBytes;
  private final long taskTimeoutNanos;
  private final String itemUnit;
  private final LongSupplier items;
  private final long totalItems;
  private final BooleanSupplier stopRequested;
  private final long periodNanos;
  private final LongSupplier failedItems;
  /** The run's live view (set by {@link #feeding}, kept by every copy). */
  private LiveFeed feed = LiveFeed.NONE;
  /** The run's stop request, when {@link #stopWhen(io.harness.core.base.StopRequest)} gave it (kept by every copy). */
  private io.harness.core.base.StopRequest request;

  private Monitor(PrintStream log, String label, long totalBytes, long taskTimeoutNanos, String itemUnit,
      LongSupplier items, long totalItems, BooleanSupplier stopRequested, long periodNanos) {
    this(log, label, totalBytes, taskTimeoutNanos, itemUnit, items, totalItems, stopRequested, periodNanos, null);
  }

  private Monitor(PrintStream log, String label, long totalBytes, long taskTimeoutNanos, String itemUnit,
      LongSupplier items, long totalItems, BooleanSupplier stopRequested, long periodNanos, LongSupplier failedItems) {
    this.log = log;
    this.label = label;
    this.totalBytes = totalBytes;
    this.taskTimeoutNanos = taskTimeoutNanos;
    this.itemUnit = itemUnit;
    this.items = items;
    this.totalItems = totalItems;
    this.stopRequested = stopRequested;
    this.periodNanos = periodNanos;
    this.failedItems = failedItems;
  }

  /** Silent, no task timeout, never stopped. */
  public static Monitor none() {
    return NONE;
  }

  /**
   * Progress lines to {@code log}, each starting with {@code label} (e.g. {@code dfsio write}); the run
   * stops when {@link #stopWhen} says so (never, by default).
   */
  public static Monitor of(PrintStream log, String label) {
    return new Monitor(log, label, -1, 0, null, null, -1, () -> false,
        TimeUnit.SECONDS.toNanos(REPORT_SECONDS));
  }

  /** The bytes the whole run moves when it is done (for the percentage and the time left); -1: unknown. */
  public Monitor totalBytes(long bytes) {
    return keep(new Monitor(log, label, bytes, taskTimeoutNanos, itemUnit, items, totalItems, stopRequested, periodNanos, failedItems));
  }

  /**
   * Counts items ({@code files}) instead of bytes: {@code done} so far, of {@code total} (-1: unknown), and
   * {@code failed} so far.
   */
  public Monitor items(String unit, long total, LongSupplier done, LongSupplier failed) {
    return keep(new Monitor(log, label, totalBytes, taskTimeoutNanos, unit, done, total, stopRequested, periodNanos,
        failed));
  }

  /** A task stuck in one call longer than this fails (0: never). */
  public Monitor taskTimeout(long nanos) {
    return keep(new Monitor(log, label, totalBytes, nanos, itemUnit, items, totalItems, stopRequested, periodNanos, failedItems));
  }

  /** What asks the run to stop (default: nothing; a run's is its {@code StopRequest}). */
  public Monitor stopWhen(BooleanSupplier stop) {
    return keep(new Monitor(log, label, totalBytes, taskTimeoutNanos, itemUnit, items, totalItems, stop, periodNanos, failedItems));
  }

  /**
   * How often the progress line comes, and how long a task may go without progress before it is named
   * as stuck (default {@value #REPORT_SECONDS} s).
   */
  public Monitor every(long nanos) {
    return keep(new Monitor(log, label, totalBytes, taskTimeoutNanos, itemUnit, items, totalItems, stopRequested, nanos, failedItems));
  }

  /** This monitor, also feeding its run's calls and task states to {@code feed} (the run's live view). */
  public Monitor feeding(LiveFeed feed) {
    Monitor m = new Monitor(log, label, totalBytes, taskTimeoutNanos, itemUnit, items, totalItems, stopRequested,
        periodNanos, failedItems);
    m.feed = feed;
    m.request = request;
    return m;
  }

  /** What asks the run to stop: its {@code StopRequest} (a signal), whose moment tells what the stop cut short. */
  public Monitor stopWhen(io.harness.core.base.StopRequest stop) {
    Monitor m = stopWhen(stop::requested);
    m.request = stop;
    return m;
  }

  private Monitor keep(Monitor copy) {
    copy.feed = feed;
    copy.request = request;
    return copy;
  }

  /** Whether the run's tasks are stopping, as this monitor's stop request says (and as their engine sets it). */
  Stopping stopping() {
    return Stopping.when(stopRequested, request);
  }

  /** The run's live view ({@link LiveFeed#NONE} when none watches). */
  LiveFeed feed() {
    return feed;
  }

  /** Lets the live view count the engine's tasks by state when it asks. */
  void watching(List<TaskRecorder> recorders) {
    feed.tasks(() -> {
      long now = System.nanoTime();
      int running = 0;
      int done = 0;
      int failed = 0;
      int stuck = 0;
      for (TaskRecorder r : recorders) {
        if (r.ended()) {
          if (r.toRecord().failed()) {
            failed++;
          } else {
            done++;
          }
        } else if (r.started()) {
          running++;
          if (now - r.lastProgressNano() >= periodNanos) {
            stuck++;
          }
        }
      }
      return new LiveFeed.TaskStates(running, done, failed, stuck);
    });
  }

  long periodNanos() {
    return periodNanos;
  }

  long taskTimeoutNanos() {
    return taskTimeoutNanos;
  }

  boolean stopRequested() {
    return stopRequested.getAsBoolean();
  }

  /** Why a task is given up: the call it was stuck in and for how long. */
  String timeoutReason(TaskRecorder r, long now) {
    String kind = r.currentKind();
    return "stuck in " + (kind == null ? "the task" : kind) + " for "
        + Durations.format(TimeUnit.NANOSECONDS.toMillis(now - r.currentStartNano()) * 1_000_000L)
        + " (--task-timeout " + Durations.format(taskTimeoutNanos) + ")";
  }

  /** Tells of a task given up as stuck. */
  void timedOut(TaskRecorder r, String reason) {
    if (log != null) {
      log.println(label + ": " + r.name() + " failed: " + reason);
    }
  }

  /** Tells that the run stops early, and how many tasks it stops. */
  void stopping(int running, int notStarted) {
    if (log != null) {
      log.println(label + ": stopping " + running + " running task(s)"
          + (notStarted > 0 ? "; " + notStarted + " not started" : ""));
    }
  }

  /**
   * A progress bar for one run when {@code log} is a terminal's (me.tongfei:progressbar; the periodic lines
   * then only name stuck tasks), else null: a plain line every {@value #REPORT_SECONDS} s, no control
   * characters.
   */
  ProgressBar bar() {
    if (log == null || System.console() == null) {
      return null;
    }
    try {
      boolean counted = items != null;
      return new ProgressBarBuilder().setTaskName(label)
          .setInitialMax(counted ? totalItems : totalBytes > 0 ? totalBytes / Sizes.MB : -1)
          .setUnit(counted ? " " + itemUnit : " MB", 1).setUpdateIntervalMillis(500)
          .setConsumer(new ConsoleProgressBarConsumer(log)).showSpeed().build();
    } catch (LinkageError e) {
      return null; // the job jar leaves the library out
    }
  }

  /** Moves the bar to where the tasks are. */
  void update(ProgressBar bar, List<TaskRecorder> recorders) {
    long bytes = 0;
    for (TaskRecorder r : recorders) {
      bytes += r.movedBytes();
    }
    bar.stepTo(items != null ? items.getAsLong() : bytes / Sizes.MB);
  }

  /** The periodic lines: the progress of the run (unless a bar shows it), then each stuck task. */
  void report(long startNano, long now, List<TaskRecorder> recorders, Window window, boolean barShown) {
    if (log == null) {
      return;
    }
    double seconds = (now - startNano) / 1e9;
    long bytes = 0;
    int done = 0;
    int running = 0;
    List<String> stuck = new ArrayList<>();
    for (TaskRecorder r : recorders) {
      bytes += r.movedBytes();
      if (r.ended()) {
        done++;
      } else if (r.started()) {
        running++;
        long quiet = now - r.lastProgressNano();
        if (quiet >= periodNanos) {
          String kind = r.currentKind();
          stuck.add(String.format(Locale.ROOT, "  %s: no progress for %.0f s%s", r.name(), quiet / 1e9,
              kind == null ? "" : String.format(Locale.ROOT, ", waiting in %s for %.0f s", kind,
                  (now - r.currentStartNano()) / 1e9)));
        }
      }
    }
    StringBuilder b = new StringBuilder(label).append(": ").append(String.format(Locale.ROOT, "%.0f s", seconds));
    double fraction = -1;
    if (items != null) {
      long n = items.getAsLong();
      b.append(", ").append(n).append(totalItems > 0 ? " of " + totalItems : "").append(' ').append(itemUnit);
      b.append(String.format(Locale.ROOT, " (%.1f/s)", seconds > 0 ? n / seconds : 0));
      long failed = failedItems == null ? 0 : failedItems.getAsLong();
      if (failed > 0) {
        b.append(", ").append(failed).append(" failed");
      }
      if (totalItems > 0) {
        fraction = n / (double) totalItems;
      }
    }
    b.append(", ").append(Sizes.format(bytes));
    if (items == null && totalBytes > 0) {
      b.append(" of ").append(Sizes.format(totalBytes));
      fraction = bytes / (double) totalBytes;
    }
    if (fraction < 0 && window.timeBounded()) {
      fraction = Math.min(1, (now - startNano) / (double) (window.warmupNanos() + window.durationNanos()));
    }
    if (fraction >= 0) {
      b.append(String.format(Locale.ROOT, " (%.0f%%)", 100 * fraction));
    }
    b.append(String.format(Locale.ROOT, ", %.1f MB/s", seconds > 0 ? bytes / (double) Sizes.MB / seconds : 0));
    if (fraction > 0 && fraction < 1) {
      b.append(String.format(Locale.ROOT, ", about %.0f s left", seconds / fraction - seconds));
    }
    b.append(", tasks: ").append(done).append(" done, ").append(running).append(" running");
    if (!stuck.isEmpty()) {
      b.append(", ").append(stuck.size()).append(" without progress:");
    }
    if (!barShown || !stuck.isEmpty()) {
      log.println(b);
    }
    stuck.forEach(log::println);
  }
}
