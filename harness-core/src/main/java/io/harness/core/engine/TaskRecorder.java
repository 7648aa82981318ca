package io.harness.core.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one task records while it runs: bytes moved, per-call latency histograms (nanoseconds) by
 * kind of call ({@code create}, {@code write}, {@code close} ...), and the error that ended it.
 * One recorder belongs to one task and one thread.
 *
 * <p>With a {@link Window}, calls that start during the task's warm-up are left out of everything,
 * the task's measured time starts when the warm-up ends, and {@link #expired()} tells a
 * time-bounded task that its deadline has passed.
 */
public final class TaskRecorder {
  private final int index;
  private final String name;
  private final Window window;
  private final Map<String, Histogram> latency = new LinkedHashMap<>();
  private long bytes;
  /** Bytes by the epoch second in which the call that moved them ended. */
  private long firstSecond = -1;
  private long[] perSecond = new long[8];
  private long startNano;
  private long endNano;
  /** Calls that start before this are warm-up; the deadline of a time-bounded task. */
  private long measureFromNano;
  private long deadlineNano = Long.MAX_VALUE;
  private long warmupBytes;
  private Throwable error;

  TaskRecorder(int index, String name, Window window) {
    this.index = index;
    this.name = name;
    this.window = window;
  }

  /** Records one call of the given kind that started at {@code startNano} and moved {@code n} bytes. */
  public void call(String kind, long startNano, long n) {
    if (startNano - measureFromNano < 0) {
      warmupBytes += n;
      return;
    }
    long now = System.nanoTime();
    histogram(kind).recordValue(Math.max(1, now - startNano));
    count(now, n);
  }

  /** Adds bytes moved outside timed calls. */
  public void addBytes(long n) {
    long now = System.nanoTime();
    if (now - measureFromNano < 0) {
      warmupBytes += n;
    } else {
      count(now, n);
    }
  }

  /** True once a time-bounded task's deadline has passed (never for a task without one). */
  public boolean expired() {
    return window.timeBounded() && System.nanoTime() - deadlineNano >= 0;
  }

  /** Whether the task runs until a deadline rather than until its work is done. */
  public boolean timeBounded() {
    return window.timeBounded();
  }

  /** Bytes moved by calls that started during the warm-up (not in any figure). */
  public long warmupBytes() {
    return warmupBytes;
  }

  private void count(long nanoTime, long n) {
    bytes += n;
    if (n == 0) {
      return;
    }
    long second = EpochClock.toEpochNanos(nanoTime) / 1_000_000_000L;
    if (firstSecond < 0) {
      firstSecond = second;
    }
    int i = (int) (second - firstSecond);
    if (i >= perSecond.length) {
      perSecond = java.util.Arrays.copyOf(perSecond, Math.max(i + 1, perSecond.length * 2));
    }
    perSecond[i] += n;
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

  void begin() {
    startNano = System.nanoTime();
    measureFromNano = startNano + window.warmupNanos();
    if (window.timeBounded()) {
      deadlineNano = measureFromNano + window.durationNanos();
    }
  }

  void end(Throwable t) {
    endNano = System.nanoTime();
    error = t;
  }

  public TaskRecord toRecord() {
    java.util.SortedMap<Long, Long> series = new java.util.TreeMap<>();
    for (int i = 0; firstSecond >= 0 && i < perSecond.length; i++) {
      if (perSecond[i] != 0) {
        series.put(firstSecond + i, perSecond[i]);
      }
    }
    // the measured time starts when the warm-up ends (a task that ended before then measured nothing)
    long from = endNano - measureFromNano < 0 ? endNano : measureFromNano;
    return new TaskRecord(index, name, bytes, EpochClock.toEpochNanos(from),
        EpochClock.toEpochNanos(endNano), latency, series, error == null ? null : describe(error));
  }

  private static String describe(Throwable t) {
    String msg = t.getMessage();
    String first = msg == null ? "" : msg.split("\\R", 2)[0];
    return t.getClass().getName() + (first.isEmpty() ? "" : ": " + first);
  }
}
