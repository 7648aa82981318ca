package io.harness.core.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.type.TypeReference;
import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import io.harness.core.result.ResultWriter;
import io.harness.core.run.Figures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of one saved run that {@code harness compare} puts side by side, in the order it shows them: the
 * aggregate MB/s; TestDFSIO's throughput and average IO rate; the items per second; per kind of call, the p50,
 * p99 and max latency (ms); and, when the run had {@code --instrument}, per timed call its count, total and
 * mean time (ms), summed over the file systems (and tasks) that reported.
 */
public final class RunFigures {
  /** One figure: the row it goes in and its value. */
  public record Figure(String name, double value) {}

  /** One FileSystem's report in {@code figures.instrumentation}: its counters ({@code write.call}, ...). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Instrumented(Map<String, Long> counters) {}

  /** The figures' key the instrumentation's reports are under. */
  static final String INSTRUMENTATION = "instrumentation";
  private static final String CALLS = ".call";
  private static final String NANOS = ".allTimeNanos";

  private RunFigures() {}

  /** The figures of {@code run}, its workload's own computed again from its records. */
  public static List<Figure> of(SavedRun run) {
    List<Figure> out = new ArrayList<>();
    Aggregate a = run.result().aggregate();
    if (a.mbPerSec() != null) {
      out.add(new Figure("aggregate MB/s", a.mbPerSec()));
    }
    Figures.Summary s = run.summary();
    if (s.testDfsioThroughputMbSec() != null) {
      out.add(new Figure("TestDFSIO throughput MB/s", s.testDfsioThroughputMbSec()));
      out.add(new Figure("TestDFSIO average IO rate MB/s", s.testDfsioAverageIoRateMbSec()));
    }
    if (s.itemsPerSec() != null) {
      out.add(new Figure(s.item() + "/s", s.itemsPerSec()));
    }
    a.latency().forEach((kind, l) -> latency(out, kind, l));
    for (Timed t : instrumentation(run.result().figures().get(INSTRUMENTATION))) {
      out.add(new Figure(t.call() + " calls", t.calls()));
      out.add(new Figure(t.call() + " total ms", t.nanos() / 1e6));
      out.add(new Figure(t.call() + " mean ms", t.nanos() / 1e6 / t.calls()));
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

  /** One timed call ({@code write}, {@code hflush}, {@code watchForCommit}): its count and total nanoseconds. */
  record Timed(String call, long calls, long nanos) {
    Timed plus(Timed other) {
      return new Timed(call, calls + other.calls, nanos + other.nanos);
    }
  }

  /** The timed calls with any calls, summed over the reports, in the order they first come. */
  static List<Timed> instrumentation(Object reports) {
    Map<String, Timed> sums = new LinkedHashMap<>();
    if (reports == null) {
      return List.of();
    }
    List<Instrumented> all = ResultWriter.mapper().convertValue(reports, new TypeReference<List<Instrumented>>() {});
    for (Instrumented r : all) {
      Map<String, Long> c = r.counters() == null ? Map.of() : r.counters();
      c.forEach((name, value) -> {
        if (name.endsWith(CALLS) && value != null) {
          String call = name.substring(0, name.length() - CALLS.length());
          sums.merge(call, new Timed(call, value, c.getOrDefault(call + NANOS, 0L)), Timed::plus);
        }
      });
    }
    return sums.values().stream().filter(t -> t.calls() > 0).toList();
  }
}
