package io.harness.core.records;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The latency of every call of a run, all tasks together, one histogram per kind of call and per second of
 * the run (second 0 starts when the tasks are released): HdrHistogram's {@link Recorder} per kind, its
 * interval histogram taken every second by the engine. This is what latency over time is drawn from, and
 * what a re-analysis over a window of the run takes its percentiles from.
 */
public final class Intervals {
  /** One second of one kind of call, its histogram kept compressed. */
  public record Interval(String kind, int second, CompactHistogram compact) {
    public Interval(String kind, int second, Histogram histogram) {
      this(kind, second, CompactHistogram.of(histogram));
    }

    /** The second's histogram, decoded into a new object. */
    public Histogram histogram() {
      return compact.histogram();
    }
  }

  private final Map<String, Recorder> recorders = new ConcurrentHashMap<>();
  /** Each kind's last interval histogram, handed back to its recorder to be filled again. */
  private final Map<String, Histogram> recycled = new java.util.HashMap<>();
  private final List<Interval> intervals = new ArrayList<>();
  private final LiveFeed feed;
  private int next;
  /** The buffer the closed seconds' histograms are encoded through (the ticker's alone). */
  private java.nio.ByteBuffer scratch;

  public Intervals() {
    this(0);
  }

  /** Intervals whose first closed second is {@code firstSecond} of the run (a task that started late). */
  public Intervals(int firstSecond) {
    this(firstSecond, LiveFeed.NONE);
  }

  /** Intervals that also hand every call to {@code feed} (the run's live view) as it is recorded. */
  public Intervals(int firstSecond, LiveFeed feed) {
    this.next = firstSecond;
    this.feed = feed;
  }

  /** Records one call's latency in nanoseconds. */
  public void record(String kind, long nanos) {
    recorders.computeIfAbsent(kind, k -> new Recorder(3)).recordValue(nanos);
  }

  /** Records one call's latency in nanoseconds, and hands it with the bytes it moved to the live feed. */
  public void record(String kind, long nanos, long bytes) {
    record(kind, nanos);
    feed.call(kind, nanos, bytes);
  }

  /** Bytes moved outside timed calls, for the live feed only (they are in no latency). */
  public void untimed(long bytes) {
    feed.call(LiveFeed.UNTIMED, 0, bytes);
  }

  /** Closes the current second: each kind that had calls in it gets its interval histogram. */
  public synchronized void tick() {
    int second = next++;
    recorders.forEach((kind, r) -> {
      Histogram h = r.getIntervalHistogram(recycled.get(kind));
      recycled.put(kind, h);
      if (h.getTotalCount() > 0) {
        scratch = CompactHistogram.encodeOwned(h, scratch, c -> intervals.add(new Interval(kind, second, c)));
      }
    });
  }

  /** The seconds closed so far, in order. */
  public synchronized List<Interval> intervals() {
    return List.copyOf(intervals);
  }

  /**
   * The seconds of several tasks that each kept their own (the maps of a MapReduce job) as one run's: the
   * histograms of the same second and kind added together, in order of second, then kind.
   */
  public static List<Interval> merge(java.util.Collection<Interval> all) {
    java.util.SortedMap<Integer, java.util.SortedMap<String, Histogram>> by = new java.util.TreeMap<>();
    for (Interval i : all) {
      java.util.SortedMap<String, Histogram> second = by.computeIfAbsent(i.second(), s -> new java.util.TreeMap<>());
      Histogram h = second.get(i.kind());
      if (h == null) {
        second.put(i.kind(), i.histogram());
      } else {
        h.add(i.histogram());
      }
    }
    List<Interval> out = new ArrayList<>();
    by.forEach((second, kinds) -> kinds.forEach((kind, h) -> out.add(new Interval(kind, second, h))));
    return out;
  }
}
