package io.harness.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import io.harness.core.records.RunRecords;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a saved run's {@code result.json} must be before it is read as a run: every field the readers use, of its
 * kind ({@link #fields}); an aggregate a run could have ({@link #aggregate}: counts not negative, an end not before
 * its start, each kind of call's count and percentiles those of the histogram saved with them); and a run whose
 * records lie inside its own start and finish ({@link #sameRun}). Each problem is an {@link IOException} naming
 * the field and why, in the words of the file.
 */
final class SavedResultCheck {
  /** How far the records' engine may lie outside the result's start and finish: clocks, set while a run lasts. */
  private static final long CLOCKS_NANOS = 3_600_000_000_000L;
  private static final String[] TEXT = {"workload", "operation", "startedAt", "finishedAt"};
  private static final String[] OBJECT = {"options", "aggregate", "figures", "plan"};
  private static final String[] ARRAY = {"commandLine", "failedTasks", "tasks"};
  private static final String[] AGGREGATE_WHOLE = {"tasks", "failedTasks", "bytes", "firstStartEpochNanos",
      "lastEndEpochNanos"};

  private SavedResultCheck() {}

  /** Refuses a result without a field the readers use, or with one of the wrong kind. */
  static void fields(JsonNode tree) throws IOException {
    if (tree == null || !tree.isObject()) {
      throw new IOException("not a JSON object");
    }
    for (String f : TEXT) {
      JsonNode v = tree.get(f);
      if (v == null || !v.isTextual() || v.asText().isBlank()) {
        throw new IOException(problem(f, v, "a string"));
      }
    }
    for (String f : OBJECT) {
      if (tree.get(f) == null || !tree.get(f).isObject()) {
        throw new IOException(problem(f, tree.get(f), "an object"));
      }
    }
    for (String f : ARRAY) {
      if (tree.get(f) == null || !tree.get(f).isArray()) {
        throw new IOException(problem(f, tree.get(f), "a list"));
      }
    }
    JsonNode exit = tree.get("exitCode");
    if (exit == null || !exit.canConvertToInt() || !exit.isIntegralNumber()) {
      throw new IOException(problem("exitCode", exit, "a whole number"));
    }
    for (JsonNode word : tree.get("commandLine")) {
      if (!word.isTextual()) {
        throw new IOException(problem("commandLine", word, "a list of strings"));
      }
    }
    JsonNode aggregate = tree.get("aggregate");
    for (String f : AGGREGATE_WHOLE) {
      JsonNode v = aggregate.get(f);
      if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
        throw new IOException(problem("aggregate." + f, v, "a whole number"));
      }
    }
    if (aggregate.get("wallSeconds") == null || !aggregate.get("wallSeconds").isNumber()) {
      throw new IOException(problem("aggregate.wallSeconds", aggregate.get("wallSeconds"), "a number"));
    }
    if (aggregate.get("latency") == null || !aggregate.get("latency").isObject()) {
      throw new IOException(problem("aggregate.latency", aggregate.get("latency"), "an object"));
    }
    instrumentation(tree.get("instrumentation"));
    Instant started = instant(tree, "startedAt");
    if (instant(tree, "finishedAt").isBefore(started)) {
      throw new IOException("finishedAt " + tree.get("finishedAt").asText() + " is before startedAt "
          + tree.get("startedAt").asText());
    }
  }

  /** {@code --instrument}'s reports, when the run had them: objects whose counters and buckets are counts. */
  private static void instrumentation(JsonNode reports) throws IOException {
    if (reports == null || reports.isNull()) {
      return;
    }
    if (!reports.isArray()) {
      throw new IOException(problem("instrumentation", reports, "a list of the timing agent's reports"));
    }
    for (int i = 0; i < reports.size(); i++) {
      String at = "instrumentation[" + i + "]";
      JsonNode r = reports.get(i);
      if (!r.isObject()) {
        throw new IOException(problem(at, r, "a report (an object)"));
      }
      JsonNode counters = r.get("counters");
      if (counters != null && !counters.isNull()) {
        if (!counters.isObject()) {
          throw new IOException(problem(at + ".counters", counters, "an object"));
        }
        for (var e : (Iterable<java.util.Map.Entry<String, JsonNode>>) counters::fields) {
          count(at + ".counters." + e.getKey(), e.getValue());
        }
      }
      JsonNode buckets = r.get("buckets");
      if (buckets != null && !buckets.isNull()) {
        if (!buckets.isObject()) {
          throw new IOException(problem(at + ".buckets", buckets, "an object"));
        }
        for (var e : (Iterable<java.util.Map.Entry<String, JsonNode>>) buckets::fields) {
          if (!e.getValue().isArray()) {
            throw new IOException(problem(at + ".buckets." + e.getKey(), e.getValue(), "a list of counts"));
          }
          for (JsonNode c : e.getValue()) {
            count(at + ".buckets." + e.getKey(), c);
          }
        }
      }
    }
  }

  private static void count(String field, JsonNode v) throws IOException {
    if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
      throw new IOException(problem(field, v, "a count (a whole number, 0 or more)"));
    }
  }

  private static String problem(String field, JsonNode v, String kind) {
    if (v == null || v.isNull()) {
      return "field '" + field + "' is missing";
    }
    String s = v.toString();
    return "field '" + field + "' is " + (s.length() <= 40 ? s : s.substring(0, 37) + "...") + ", not " + kind;
  }

  private static Instant instant(JsonNode tree, String field) throws IOException {
    try {
      return Instant.parse(tree.get(field).asText());
    } catch (java.time.format.DateTimeParseException e) {
      throw new IOException(problem(field, tree.get(field), "a time (e.g. 2026-11-28T20:47:37.136Z)"));
    }
  }

  /** Refuses an aggregate no run could have: negative counts, an end before its start, latency its histogram is not. */
  static void aggregate(Aggregate a) throws IOException {
    if (a.tasks() < 0 || a.failedTasks() < 0 || a.failedTasks() > a.tasks()) {
      throw new IOException("aggregate: " + a.tasks() + " task(s), " + a.failedTasks() + " failed: not counts of "
          + "tasks");
    }
    if (a.bytes() < 0) {
      throw new IOException("aggregate.bytes is " + a.bytes() + " (a run moves 0 bytes or more)");
    }
    if (a.lastEndEpochNanos() < a.firstStartEpochNanos()) {
      throw new IOException("aggregate: lastEndEpochNanos " + a.lastEndEpochNanos() + " is before "
          + "firstStartEpochNanos " + a.firstStartEpochNanos());
    }
    if (!Double.isFinite(a.wallSeconds()) || a.wallSeconds() < 0) {
      throw new IOException("aggregate.wallSeconds is " + a.wallSeconds() + " (0 or more)");
    }
    if (a.mbPerSec() != null && (!Double.isFinite(a.mbPerSec()) || a.mbPerSec() < 0)) {
      throw new IOException("aggregate.mbPerSec is " + a.mbPerSec() + " (0 or more)");
    }
    for (Map.Entry<String, LatencySummary> e : a.latency().entrySet()) {
      latency("aggregate.latency." + e.getKey(), e.getValue());
    }
  }

  /** A kind of call's summary: its histogram decodes, and its count and percentiles are that histogram's. */
  private static void latency(String field, LatencySummary l) throws IOException {
    if (l == null || l.histogram() == null) {
      throw new IOException("field '" + field + ".histogram' is missing");
    }
    Histogram h;
    try {
      h = l.decode();
    } catch (RuntimeException e) {
      Throwable t = e.getCause() != null ? e.getCause() : e;
      throw new IOException(field + ".histogram is not HdrHistogram's compressed form in Base64 ("
          + (t.getMessage() == null ? "cut short or damaged" : t.getMessage().split("\\R", 2)[0]) + ")");
    }
    if (h.getTotalCount() != l.count()) {
      throw new IOException(field + ".count is " + l.count() + ", its histogram counts " + h.getTotalCount()
          + " call(s)");
    }
    long[][] percentiles = {{50, l.p50Nanos(), h.getValueAtPercentile(50)},
        {99, l.p99Nanos(), h.getValueAtPercentile(99)}, {100, l.maxNanos(), h.getMaxValue()}};
    for (long[] p : percentiles) {
      if (l.count() > 0 && p[1] != p[2]) {
        throw new IOException(field + "." + (p[0] == 100 ? "maxNanos" : "p" + p[0] + "Nanos") + " is " + p[1]
            + ", its histogram's is " + p[2]);
      }
    }
  }

  /** Refuses records whose engine ran outside the result's start and finish: they are another run's. */
  static void sameRun(JsonNode tree, RunRecords records) throws IOException {
    long started = nanos(Instant.parse(tree.get("startedAt").asText()));
    long finished = nanos(Instant.parse(tree.get("finishedAt").asText()));
    if (records.engineStartEpochNanos() < started - CLOCKS_NANOS
        || records.engineEndEpochNanos() > finished + CLOCKS_NANOS) {
      throw new IOException("its engine ran from " + Instant.ofEpochSecond(0, records.engineStartEpochNanos())
          + " to " + Instant.ofEpochSecond(0, records.engineEndEpochNanos()) + ", outside the run's startedAt "
          + tree.get("startedAt").asText() + " and finishedAt " + tree.get("finishedAt").asText()
          + " (result.json): the records are another run's");
    }
  }

  private static long nanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }
}
