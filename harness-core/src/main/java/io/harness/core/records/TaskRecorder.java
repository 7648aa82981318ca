package io.harness.core.records;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one task records while it runs: bytes moved, per-call latency histograms (nanoseconds) by
 * kind of call ({@code create}, {@code write}, {@code close} ...), and the error that ended it.
 * One recorder belongs to one task and one thread; the engine's monitor reads what it is doing
 * ({@link #enter} names the call it waits in) from another thread.
 *
 * <p>With a {@link Window}, calls that start during the task's warm-up are left out of everything,
 * the task's measured time starts when the warm-up ends, and {@link #expired()} tells a
 * time-bounded task that its deadline has passed. {@link #expired()} is also true once the run is
 * stopping (a signal): loops end early and close what they opened.
 *
 * <p>The engine can {@link #freeze} a task that is stuck: its record is then taken as it is, and
 * whatever the stuck thread does afterwards is ignored.
 *
 * <p>When the task ends (or is frozen) its record is made at once, with its histograms compressed, and the
 * live histograms and tick array are let go: a run keeps little for each finished task, however many it has.
 */
public final class TaskRecorder {
  /** The note of a task cut short by its run's stop: the error the stop brought. */
  public static final String ERROR_AT_STOP = "errorAtStop";

  private final int index;
  private final String name;
  private final Window window;
  private final Stopping stopping;
  private final Intervals intervals;
  private Map<String, Histogram> latency = new LinkedHashMap<>();
  private Map<String, Object> extra = new LinkedHashMap<>();
  /** Each running total's increases by the epoch tick they came in ({@link #noteTotal}). */
  private Map<String, TickCounts> totals;
  private long bytes;
  /** Bytes by the epoch tick ({@link TaskRecord#TICK_NANOS}) in which the call that moved them ended. */
  private TickCounts perTick = new TickCounts();
  private long startNano;
  private long endNano;
  /** Calls that start before this are warm-up; the deadline of a time-bounded task. */
  private long measureFromNano;
  private long deadlineNano = Long.MAX_VALUE;
  private long warmupBytes;
  private String error;
  private boolean interrupted;
  private List<String> stack = List.of();
  private boolean frozen;
  /** The record, made when the task ended (its live state is let go then). */
  private TaskRecord finished;

  // read by the monitor thread
  private volatile Thread thread;
  private volatile boolean ended;
  private volatile long movedBytes;
  private volatile String currentKind;
  private volatile long currentStartNano;
  private volatile long lastProgressNano;

  public TaskRecorder(int index, String name, Window window, Stopping stopping, Intervals intervals) {
    this.index = index;
    this.name = name;
    this.window = window;
    this.stopping = stopping;
    this.intervals = intervals;
  }

  /**
   * Marks the start of a call of the given kind and returns its start ({@link System#nanoTime()}), to be
   * passed to {@link #call} when it returns: while it runs, the engine can say which call a task waits in.
   */
  public long enter(String kind) {
    long now = System.nanoTime();
    currentStartNano = now;
    currentKind = kind;
    lastProgressNano = now;
    return now;
  }

  /** Records one call of the given kind that started at {@code startNano} and moved {@code n} bytes. */
  public synchronized void call(String kind, long startNano, long n) {
    long now = System.nanoTime();
    currentKind = null;
    lastProgressNano = now;
    if (frozen || finished != null) {
      return;
    }
    if (startNano - measureFromNano < 0) {
      warmupBytes += n;
      movedBytes += n;
      return;
    }
    long nanos = Math.max(1, now - startNano);
    histogram(kind).recordValue(nanos);
    if (intervals != null) {
      intervals.record(kind, nanos, n);
    }
    count(now, n);
  }

  /**
   * Notes a fact about this task for the workload's figures (a checksum, a count): a string, number,
   * boolean, or a list or map of them. It goes into the task's record.
   */
  public synchronized void note(String key, Object value) {
    if (!frozen && finished == null) {
      extra.put(key, value);
    }
  }

  /**
   * Notes a running total of this task ({@code key}: files written so far, nanoseconds spent so far): the
   * record holds it as {@link #note} would, and the increase since the last total in the tick it came in
   * ({@link TaskRecord#TOTALS_PER_TICK}), so a window of the run counts only what was added inside it.
   */
  public synchronized void noteTotal(String key, long total) {
    if (frozen || finished != null) {
      return;
    }
    totals = totals == null ? new LinkedHashMap<>() : totals;
    TickCounts t = totals.get(key);
    if (t == null) {
      totals.put(key, t = new TickCounts());
      extra.put(key, total); // its place among the notes; the record holds the last total (no boxing per call)
    }
    t.add(EpochClock.nowEpochNanos() / TaskRecord.TICK_NANOS, total - t.last());
    t.last(total);
  }

  /** Adds bytes moved outside timed calls. */
  public synchronized void addBytes(long n) {
    long now = System.nanoTime();
    lastProgressNano = now;
    if (frozen || finished != null) {
      return;
    }
    if (now - measureFromNano < 0) {
      warmupBytes += n;
      movedBytes += n;
    } else {
      count(now, n);
      if (intervals != null) {
        intervals.untimed(n);
      }
    }
  }

  /**
   * True once a time-bounded task's deadline has passed, or once the run is stopping (a signal); a
   * task's loop ends then, closing what it opened.
   */
  public boolean expired() {
    return stopping.get() || window.timeBounded() && System.nanoTime() - deadlineNano >= 0;
  }

  /** Whether the run is stopping (a signal): the task's loop ends, and what ends now is cut short, not failed. */
  public boolean stopping() {
    return stopping.get();
  }

  /**
   * Whether a call that failed at {@code nanoTime} ({@link System#nanoTime()}) failed by the run's stop: the stop
   * interrupted it (or killed what it ran), so it is cut short, not a failure. Asked when the task's loop has ended.
   */
  public boolean cutShort(long nanoTime) {
    return stopping.cutShort(nanoTime);
  }

  /** Whether the task runs until a deadline rather than until its work is done. */
  public boolean timeBounded() {
    return window.timeBounded();
  }

  /** Bytes moved by calls that started during the warm-up (not in any figure). */
  public synchronized long warmupBytes() {
    return warmupBytes;
  }

  private void count(long nanoTime, long n) {
    bytes += n;
    movedBytes += n;
    if (n == 0) {
      return;
    }
    perTick.add(EpochClock.toEpochNanos(nanoTime) / TaskRecord.TICK_NANOS, n);
  }

  private Histogram histogram(String kind) {
    Histogram h = latency.get(kind);
    if (h == null) {
      // 3 significant digits, auto-resizing: only the value range a task uses is allocated
      h = new Histogram(3);
      latency.put(kind, h);
    }
    return h;
  }

  public synchronized void begin() {
    startNano = System.nanoTime();
    lastProgressNano = startNano;
    measureFromNano = startNano + window.warmupNanos();
    if (window.timeBounded()) {
      deadlineNano = measureFromNano + window.durationNanos();
    }
    thread = Thread.currentThread();
  }

  /** The task's body returned or threw: its end (ignored when the engine froze it before). */
  public synchronized void end(Throwable t) {
    if (frozen) {
      return;
    }
    endNano = System.nanoTime();
    error = t == null ? null : Failures.describe(t);
    interrupted = stopping.get();
    currentKind = null;
    finish();
    ended = true;
  }

  /**
   * Ends a task that is still running, from another thread: {@code error} fails it (null: it was stopped
   * by the run and counts as interrupted), {@code stack} is where its thread was. Returns false when the
   * task had already ended.
   */
  public synchronized boolean freeze(String error, List<String> stack) {
    if (ended) {
      return false;
    }
    endNano = System.nanoTime();
    this.error = error;
    this.interrupted = error == null;
    this.stack = stack;
    frozen = true;
    finish();
    ended = true;
    return true;
  }

  /**
   * A task that failed as its run stopped (its error came with the stop, or after it) was cut short, not failed: its
   * record says it was interrupted, and keeps the error as {@value #ERROR_AT_STOP}. Called once the engine has ended.
   */
  public synchronized void cutShortByStop() {
    if (finished != null && error != null && !frozen && stopping.cutShort(endNano)) {
      java.util.Map<String, Object> noted = new LinkedHashMap<>(finished.extra());
      noted.put(ERROR_AT_STOP, error);
      error = null;
      interrupted = true;
      finished = new TaskRecord(finished.index(), name, finished.bytes(), finished.startEpochNanos(),
          finished.endEpochNanos(), finished.latency(), finished.bytesPerTick(), null, true, stack, noted,
          finished.host());
    }
  }

  /** Whether the engine gave this task up while it ran ({@link #freeze}). */
  synchronized boolean frozen() {
    return frozen;
  }

  public boolean started() {
    return thread != null;
  }

  public boolean ended() {
    return ended;
  }

  public Thread thread() {
    return thread;
  }

  public String name() {
    return name;
  }

  /** Bytes moved so far, warm-up included (for progress). */
  public long movedBytes() {
    return movedBytes;
  }

  /** The call the task is in now, or null between calls. */
  public String currentKind() {
    return currentKind;
  }

  public long currentStartNano() {
    return currentStartNano;
  }

  /** When the task last started or finished a call (or started). */
  public long lastProgressNano() {
    return lastProgressNano;
  }

  /** The task's record: made when it ended; a task still running gets one of what it did so far. */
  public synchronized TaskRecord toRecord() {
    return finished != null ? finished : record();
  }

  /** Makes the record of the ended task and lets go of what only a running task needs. */
  private void finish() {
    finished = record();
    latency = Map.of();
    extra = Map.of();
    totals = null;
    perTick = null;
  }

  private TaskRecord record() {
    SortedMap<Long, Long> series = perTick.first() < 0 ? new TreeMap<>()
        : TickSeries.ofDense(perTick.first(), perTick.counts(), perTick.length());
    // compressed copies: the live histograms stay as they are
    Map<String, Histogram> lat = PackedLatency.of(latency);
    // the measured time starts when the warm-up ends (a task that ended before then measured nothing)
    long from = endNano - measureFromNano < 0 ? endNano : measureFromNano;
    Map<String, Object> noted = totals == null ? extra : TaskRecord.withTotals(extra, totals);
    return new TaskRecord(index, name, bytes, EpochClock.toEpochNanos(from), EpochClock.toEpochNanos(endNano),
        lat, series, error, interrupted, stack, noted, LocalHost.name());
  }
}
