package io.harness.core.report;

import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import io.harness.core.workload.Column;
import java.util.ArrayList;
import java.util.List;

/**
 * The figures of one saved run that {@code harness compare} puts side by side, in the order it shows them: the
 * aggregate MB/s; TestDFSIO's throughput and average IO rate; the items per second; per kind of call, the p50,
 * p99 and max latency (ms); and, when the run had {@code --instrument}, per timed call its count, total and
 * mean time (ms), summed over the file systems (and tasks) that reported, and its p50, p99 and max (ms) from their
 * buckets added together ({@link TimedCalls}).
 */
public final class RunFigures {
  /** One figure: the row it goes in and its value (null: n/a, the run has the figure but cannot tell it). */
  public record Figure(String name, Double value) {}

  /** Between a timed call and its percentile in a figure's name: apart from the workload's own latency rows. */
  static final String AGENT = " agent ";

  private RunFigures() {}

  /** The figures of {@code run}, its workload's own computed again from its records. */
  public static List<Figure> of(SavedRun run) {
    List<Figure> out = new ArrayList<>();
    Aggregate a = run.result().aggregate();
    if (a.mbPerSec() != null) {
      out.add(new Figure("aggregate MB/s", a.mbPerSec()));
    }
    // the workload's own, as it publishes them: those with a better way (a count of what ran is not compared)
    run.columns().stream().filter(Column::compared).forEach(c -> out.add(new Figure(c.heading(), c.value())));
    a.latency().forEach((kind, l) -> latency(out, kind, l));
    for (TimedCalls.Timed t : TimedCalls.of(run.result().instrumentation())) {
      out.add(new Figure(t.call() + " calls", (double) t.calls()));
      out.add(new Figure(t.call() + " total ms", t.nanos() / 1e6));
      out.add(new Figure(t.call() + " mean ms", t.nanos() / 1e6 / t.calls()));
      TimedCalls.Latency l = t.latency();
      out.add(new Figure(t.call() + AGENT + "p50 ms", l == null ? null : l.p50Nanos() / 1e6));
      out.add(new Figure(t.call() + AGENT + "p99 ms", l == null ? null : l.p99Nanos() / 1e6));
      out.add(new Figure(t.call() + AGENT + "max ms", l == null ? null : l.maxNanos() / 1e6));
    }
    return out;
  }

  private static void latency(List<Figure> out, String kind, LatencySummary l) {
    if (l.count() == 0) {
      return;
    }
    out.add(new Figure(kind + " p50 ms", l.p50Nanos() / 1e6));
    out.add(new Figure(kind + " p99 ms", l.p99Nanos() / 1e6));
    out.add(new Figure(kind + " max ms", l.maxNanos() / 1e6));
  }
}
