package io.harness.core.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one task records while it runs: bytes moved, per-call latency histograms (nanoseconds) by
 * kind of call ({@code create}, {@code write}, {@code close} ...), and the error that ended it.
 * One recorder belongs to one task and one thread.
 */
public final class TaskRecorder {
  private final int index;
  private final String name;
  private final Map<String, Histogram> latency = new LinkedHashMap<>();
  private long bytes;
  /** Bytes by the epoch second in which the call that moved them ended. */
  private long firstSecond = -1;
  private long[] perSecond = new long[8];
  private long startNano;
  private long endNano;
  private Throwable error;

  TaskRecorder(int index, String name) {
    this.index = index;
    this.name = name;
  }

  /** Records one call of the given kind that started at {@code startNano} and moved {@code n} bytes. */
  public void call(String kind, long startNano, long n) {
    long now = System.nanoTime();
    histogram(kind).recordValue(Math.max(1, now - startNano));
    count(now, n);
  }

  /** Adds bytes moved outside timed calls. */
  public void addBytes(long n) {
    count(System.nanoTime(), n);
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
    return new TaskRecord(index, name, bytes, EpochClock.toEpochNanos(startNano),
        EpochClock.toEpochNanos(endNano), latency, series, error == null ? null : describe(error));
  }

  private static String describe(Throwable t) {
    String msg = t.getMessage();
    String first = msg == null ? "" : msg.split("\\R", 2)[0];
    return t.getClass().getName() + (first.isEmpty() ? "" : ": " + first);
  }
}
