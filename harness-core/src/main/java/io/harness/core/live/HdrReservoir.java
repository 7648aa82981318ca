package io.harness.core.live;

import com.codahale.metrics.Reservoir;
import com.codahale.metrics.Snapshot;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A Dropwizard {@link Reservoir} that keeps every value a run records, in HdrHistogram: the recording threads
 * write into a {@link Recorder} (wait-free: no lock, whatever a reader does), and a reader folds what came in
 * since into the run's histogram. A snapshot is the whole run so far, to 3 significant digits, which is what
 * the run's records will say at its end (they use the same histograms).
 *
 * <p>Why not Dropwizard's own: its default, the exponentially decaying reservoir, keeps 1,028 samples biased
 * to the last five minutes, so the p99.9 of a million calls comes from about one sample and a rare slow call
 * is mostly dropped: it lies about tails. A sliding time window keeps every value but costs memory and a
 * skip-list insert per call, growing with the call rate. A histogram costs the same whatever the rate.
 *
 * <p>Each {@link Window} (the live CSV's rows, the live page's seconds) gets what was recorded since it was
 * last taken, so per-interval percentiles come from the same values, without stealing from each other.
 */
public final class HdrReservoir implements Reservoir {
  private final Recorder recorder = new Recorder(3);
  private final Histogram run = new Histogram(3);
  private final List<Window> windows = new CopyOnWriteArrayList<>();
  private Histogram spare;

  /** What was recorded since the window was last taken. */
  public final class Window {
    private Histogram since = new Histogram(3);

    /** The values since the last take (or the window's opening); the window starts over. */
    public Histogram take() {
      synchronized (HdrReservoir.this) {
        fold();
        Histogram h = since;
        since = new Histogram(3);
        return h;
      }
    }
  }

  /** A new window, from now on. */
  public Window window() {
    Window w = new Window();
    windows.add(w);
    return w;
  }

  @Override
  public void update(long value) {
    recorder.recordValue(Math.max(1, value));
  }

  @Override
  public synchronized int size() {
    fold();
    return (int) Math.min(Integer.MAX_VALUE, run.getTotalCount());
  }

  @Override
  public synchronized Snapshot getSnapshot() {
    fold();
    return new HdrSnapshot(run.copy());
  }

  /** The run so far, as a copy. */
  public synchronized Histogram histogram() {
    fold();
    return run.copy();
  }

  private void fold() {
    Histogram interval = recorder.getIntervalHistogram(spare);
    run.add(interval);
    for (Window w : windows) {
      w.since.add(interval);
    }
    spare = interval;
  }

  /** A snapshot over a copy of the run's histogram. */
  private static final class HdrSnapshot extends Snapshot {
    private final Histogram h;

    HdrSnapshot(Histogram h) {
      this.h = h;
    }

    @Override
    public double getValue(double quantile) {
      return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(100 * quantile);
    }

    /** The histogram's distinct values (one per bucket that holds any), not every value recorded. */
    @Override
    public long[] getValues() {
      List<Long> values = new java.util.ArrayList<>();
      h.recordedValues().forEach(v -> values.add(h.highestEquivalentValue(v.getValueIteratedTo())));
      return values.stream().mapToLong(Long::longValue).toArray();
    }

    @Override
    public int size() {
      return (int) Math.min(Integer.MAX_VALUE, h.getTotalCount());
    }

    @Override
    public long getMax() {
      return h.getTotalCount() == 0 ? 0 : h.getMaxValue();
    }

    @Override
    public double getMean() {
      return h.getTotalCount() == 0 ? 0 : h.getMean();
    }

    @Override
    public long getMin() {
      return h.getTotalCount() == 0 ? 0 : h.getMinValue();
    }

    @Override
    public double getStdDev() {
      return h.getTotalCount() == 0 ? 0 : h.getStdDeviation();
    }

    @Override
    public void dump(OutputStream output) {
      PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(output, StandardCharsets.UTF_8));
      for (long v : getValues()) {
        out.println(v);
      }
      out.flush();
    }
  }
}
