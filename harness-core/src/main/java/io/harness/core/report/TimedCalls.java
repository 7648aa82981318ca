package io.harness.core.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.type.TypeReference;
import io.harness.core.result.ResultWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The timing agent's calls of one run (the result's {@code instrumentation}), each summed over the reports that
 * counted it: calls and total time added, and the p50 / p99 / max from the reports' buckets added together
 * ({@link AgentBuckets}): percentiles of several file systems cannot be added, their bucket counts can. The max
 * is the largest report's (exact). A run saved before the reports held buckets has its percentiles only when a
 * single report counted the call. Client and server-side calls stay apart by name (the datanode's are
 * {@code dn.*}).
 */
final class TimedCalls {
  /** One report in the result's {@code instrumentation}: its counters ({@code write.call}, ...) and buckets. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Report(Map<String, Long> counters, Map<String, long[]> buckets) {
    long counter(String name) {
      Long v = counters == null ? null : counters.get(name);
      return v == null ? 0 : v;
    }

    long[] bucketsOf(String call) {
      return buckets == null ? null : buckets.get(call);
    }
  }

  /** The p50, p99 and max of a call's durations, in nanoseconds. */
  record Latency(long p50Nanos, long p99Nanos, long maxNanos) {}

  /**
   * One timed call ({@code write}, {@code hflush}, {@code watchForCommit}): its count, total nanoseconds and
   * latency (null: n/a, several reports counted it and not all of them kept buckets).
   */
  record Timed(String call, long calls, long nanos, Latency latency) {}

  private static final String CALLS = ".call";

  private TimedCalls() {}

  /** The timed calls with any calls, in the order they first come. */
  static List<Timed> of(Object reports) {
    if (reports == null) {
      return List.of();
    }
    List<Report> all = ResultWriter.mapper().convertValue(reports, new TypeReference<List<Report>>() {});
    Map<String, List<Report>> byCall = new LinkedHashMap<>();
    for (Report r : all) {
      if (r.counters() == null) {
        continue;
      }
      for (String name : r.counters().keySet()) {
        if (name.endsWith(CALLS)) {
          String call = name.substring(0, name.length() - CALLS.length());
          List<Report> counted = byCall.computeIfAbsent(call, k -> new ArrayList<>());
          if (r.counter(name) > 0) {
            counted.add(r);
          }
        }
      }
    }
    List<Timed> out = new ArrayList<>();
    byCall.forEach((call, counted) -> {
      if (!counted.isEmpty()) {
        out.add(new Timed(call, counted.stream().mapToLong(r -> r.counter(call + CALLS)).sum(),
            counted.stream().mapToLong(r -> r.counter(call + ".allTimeNanos")).sum(), latency(call, counted)));
      }
    });
    return out;
  }

  /** The call's latency over the reports that counted it, or null when it cannot be told. */
  private static Latency latency(String call, List<Report> counted) {
    long[] merged = new long[0];
    long max = 0;
    for (Report r : counted) {
      long[] b = r.bucketsOf(call);
      if (b == null) {
        return counted.size() == 1 && r.counters().containsKey(call + ".p50Nanos") ? new Latency(
            r.counter(call + ".p50Nanos"), r.counter(call + ".p99Nanos"), r.counter(call + ".maxNanos")) : null;
      }
      merged = AgentBuckets.sum(merged, b);
      max = Math.max(max, r.counter(call + ".maxNanos"));
    }
    return new Latency(AgentBuckets.percentile(merged, max, 0.5), AgentBuckets.percentile(merged, max, 0.99), max);
  }
}
