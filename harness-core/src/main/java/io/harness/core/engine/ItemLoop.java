package io.harness.core.engine;

import io.harness.core.records.RunRecords;

import io.harness.core.records.Failures;
import io.harness.core.records.EpochClock;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;
import io.harness.core.result.TextReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Freon's loop as an {@link Engine}: items {@code 0 .. n-1} (files, containers) shared out to a number of
 * threads, each item timed as one call of {@code kind}, until the items run out or a duration passes; a
 * failed item fails the run, not its thread, and either stops the loop or (fail at the end) lets it go on.
 * Each thread is one task; its record notes how many items it did ({@value #ITEMS}), how many of them
 * failed before any stop ({@value #FAILED_ITEMS}; those a stop cut short: {@value #CUT_SHORT_ITEMS}), both as running totals (each item counts in the tick it ended in, so a
 * window of the run counts the items that ended inside it) and, for the first {@value #FAILURES_KEPT}, which
 * and why ({@value #FAILURES}: {@code item: reason}) and when ({@value #FAILURE_TICKS}).
 *
 * @param items how many items; -1 for a time-bounded loop (the window's duration ends it)
 * @param threads how many threads (tasks)
 * @param window the threads' warm-up and duration
 * @param failAtEnd whether the loop goes on after a failed item
 * @param label the progress lines' label
 * @param unit the items' name in the progress lines ({@code files})
 * @param kind the name of an item's call in the latency figures ({@code file})
 * @param body what one item does; returns the bytes it moved
 * @param slice which items of {@code 0 .. n-1} this JVM takes: all of them, or one client's share
 *     ({@link #slice(Slice)}); a time-bounded loop runs its window in every client
 */
public record ItemLoop(long items, int threads, Window window, boolean failAtEnd, String label, String unit,
    String kind, Item body, Slice slice) implements Engine {
  public static final String ITEMS = "items";
  public static final String FAILED_ITEMS = "failedItems";
  public static final String FAILURES = "failures";
  /** The items the run's stop cut short (they failed as it came, or after): neither done nor failed. */
  public static final String CUT_SHORT_ITEMS = "cutShortItems";
  /** The tick ({@link TaskRecord#TICK_NANOS}) each of {@value #FAILURES} failed in, in the same order. */
  public static final String FAILURE_TICKS = "failureTicks";
  static final int FAILURES_KEPT = 100;

  /** One item's work. */
  @FunctionalInterface
  public interface Item {
    long run(long item, TaskRecorder recorder) throws Exception;

    /**
     * Runs on each of the loop's threads before its first item, untimed (no item's latency holds it): what the
     * thread opens for its items is opened here.
     */
    default void threadStarted() throws Exception {
      // nothing to open
    }

    /**
     * Runs on each of the loop's threads after its last item, however the thread's loop ended: what the thread
     * opened for its items (Freon's file system per thread) is closed here; a failure fails the thread's task.
     */
    default void threadEnded() throws Exception {
      // nothing opened
    }
  }

  /** The whole loop, in this JVM. */
  public ItemLoop(long items, int threads, Window window, boolean failAtEnd, String label, String unit, String kind,
      Item body) {
    this(items, threads, window, failAtEnd, label, unit, kind, body, Slice.WHOLE);
  }

  /** This loop's part {@code part} (a client's share of the items, on this loop's threads). */
  public ItemLoop slice(Slice part) {
    return new ItemLoop(items, threads, window, failAtEnd, label, unit, kind, body, part);
  }

  @Override
  public String describe() {
    return threads + " thread(s)";
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    long last = items < 0 ? -1 : slice.to(items);
    AtomicLong next = new AtomicLong(items < 0 ? 0 : slice.from(items));
    AtomicLong done = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    LocalEngine.Result r = LocalEngine.run(threads, threads, slice::thread, window,
        settings.monitor(label).items(unit, items < 0 ? -1 : last - next.get(), done::get, failed::get), (t, rec) -> {
          long ok = 0;
          List<String> failures = new ArrayList<>();
          List<Long> failureTicks = new ArrayList<>();
          // a stopped run's failures are the items that failed before the stop: those it cut short are apart
          CallFailures bad = new CallFailures(rec, failures, failureTicks, FAILURES_KEPT);
          try {
            body.threadStarted();
            while (!stop.get() && !rec.expired()) {
              long i = next.getAndIncrement();
              if (items >= 0 && i >= last) {
                return;
              }
              long start = rec.enter(kind);
              try {
                long bytes = body.run(i, rec);
                rec.call(kind, start, bytes);
                rec.noteTotal(ITEMS, ++ok);
                done.incrementAndGet();
              } catch (Exception e) {
                failed.incrementAndGet();
                bad.add(() -> i + ": " + Failures.describe(e));
                rec.noteTotal(FAILED_ITEMS, bad.seen());
                rec.note(FAILURES, List.copyOf(failures));
                rec.note(FAILURE_TICKS, List.copyOf(failureTicks));
                if (!failAtEnd) {
                  stop.set(true);
                }
              }
            }
          } finally {
            bad.settle();
            rec.noteTotal(ITEMS, ok);
            rec.noteTotal(FAILED_ITEMS, bad.failed());
            if (bad.cutShort() > 0) {
              rec.note(CUT_SHORT_ITEMS, bad.cutShort());
            }
            rec.note(FAILURES, List.copyOf(failures));
            rec.note(FAILURE_TICKS, List.copyOf(failureTicks));
            body.threadEnded();
          }
        });
    return new RunRecords(r.records(), r.intervals(), r.startEpochNanos(), r.endEpochNanos(), r.stopped());
  }

  /** The items done, over all threads. */
  public static long done(RunRecords records) {
    return sum(records, ITEMS);
  }

  /** The items that failed, over all threads. */
  public static long failed(RunRecords records) {
    return sum(records, FAILED_ITEMS);
  }

  /**
   * The failed items as {@code item: reason}, in thread order, at most {@value #FAILURES_KEPT} per thread; in a
   * window of the run ({@link Analysis}), those that failed inside it.
   */
  public static List<String> failures(RunRecords records) {
    List<String> out = new ArrayList<>();
    for (TaskRecord t : records.tasks()) {
      if (t.extra().get(FAILURES) instanceof List<?> l) {
        List<?> ticks = t.extra().get(FAILURE_TICKS) instanceof List<?> x ? x : List.of();
        for (int i = 0; i < l.size(); i++) {
          if (records.window() == null
              || i < ticks.size() && ticks.get(i) instanceof Number tick && records.counts(tick.longValue())) {
            out.add(String.valueOf(l.get(i)));
          }
        }
      }
    }
    return out;
  }

  /**
   * The lines naming the failed items of {@link #failures}: one per distinct reason, with how many failed of it
   * and the first five {@code item}s ({@code file 3, 7}); {@code failed} (all that failed, more than those kept)
   * is the count when there is one reason.
   */
  public static List<String> failureLines(List<String> failures, long failed, String item) {
    Map<String, List<String>> byReason = new LinkedHashMap<>();
    for (String f : failures) {
      byReason.computeIfAbsent(TextReport.reasonKey(f.substring(f.indexOf(": ") + 2)), k -> new ArrayList<>())
          .add(f);
    }
    List<String> lines = new ArrayList<>();
    byReason.values().forEach(same -> {
      String first = same.get(0);
      List<String> names = same.stream().limit(5).map(f -> f.substring(0, f.indexOf(": "))).toList();
      long count = byReason.size() == 1 ? failed : same.size();
      lines.add("  " + count + "x " + first.substring(first.indexOf(": ") + 2) + " [" + item + " "
          + String.join(", ", names) + (count > names.size() ? ", ..." : "") + "]");
    });
    return lines;
  }

  private static long sum(RunRecords records, String key) {
    long n = 0;
    for (TaskRecord t : records.tasks()) {
      if (t.extra().get(key) instanceof Number x) {
        n += x.longValue();
      }
    }
    return n;
  }
}
