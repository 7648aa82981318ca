package io.harness.instrumentation.boot;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The report of one FileSystem instance: the text block, one line per operation with calls (operations without
 * calls are left out)
 *
 * <pre>
 * Closing file system instance: 753980739 (ofs://om/)
 *    write: 18200 calls, 8389 ms in all, p50 0.412 ms, p99 2.107 ms, max 40.961 ms
 *    close: 4 calls (1 failed), 612 ms in all, p50 151.552 ms, p99 188.416 ms, max 188.416 ms
 * </pre>
 *
 * (calls, failed ones included, and "(N failed)" only when calls failed; the total time in whole ms, truncated;
 * p50, p99 and max in ms with three decimals) and one JSON object {@code {"fs":753980739,...,"counters":{...}}}
 * with every counter of the reported sets: {@code NAME.call}, {@code NAME.allTime} (ms),
 * {@code NAME.allTimeNanos}, {@code NAME.failed} and the distribution's {@code NAME.p50Nanos},
 * {@code NAME.p99Nanos}, {@code NAME.maxNanos} (and whole ms, as allTime): on stderr after
 * {@code HARNESS-INSTRUMENTATION } (unless the agent was told {@code json=off}), in the report file alone on its
 * line. A server-side scope's report (the datanode's) has the header {@code Server timings: datanode} and
 * {@code "scope":"datanode"} in its JSON.
 */
final class Report {
  static final String HEADER = "Closing file system instance: ";
  static final String SERVER_HEADER = "Server timings: ";
  static final String[] DISTRIBUTION = {"p50", "p99", "max"};
  private static final long NANOS_PER_MS = 1_000_000L;

  private Report() {}

  static String text(FsRecord r, boolean[] sets) {
    String nl = System.lineSeparator();
    StringBuilder b = new StringBuilder(256);
    if (r.isServer()) {
      b.append(SERVER_HEADER).append(r.scope);
    } else {
      b.append(HEADER).append(r.isUnknown() ? "unknown" : String.valueOf(r.id));
      if (r.uri != null) {
        b.append(" (").append(r.uri).append(')');
      }
    }
    b.append(nl);
    for (int op = 0; op < Ops.COUNT; op++) {
      long calls = r.calls(op);
      if (calls == 0 || !reports(r, op, sets)) {
        continue;
      }
      b.append("   ").append(Ops.name(op)).append(": ").append(calls).append(" calls");
      long failed = r.failed(op);
      if (failed > 0) {
        b.append(" (").append(failed).append(" failed)");
      }
      b.append(", ").append(r.nanos(op) / NANOS_PER_MS).append(" ms in all");
      long[] d = distribution(r, op);
      for (int i = 0; i < d.length; i++) {
        b.append(", ").append(DISTRIBUTION[i]).append(' ')
            .append(String.format(java.util.Locale.ROOT, "%.3f", d[i] / 1e6)).append(" ms");
      }
      b.append(nl);
    }
    return b.toString();
  }

  private static boolean reports(FsRecord r, int op, boolean[] sets) {
    return sets[Ops.setOf(op)] && r.holds(op);
  }

  /** p50, p99 and max of {@code op}'s calls in nanoseconds (0 without calls). */
  static long[] distribution(FsRecord r, int op) {
    Histogram h = r.histogram(op);
    if (h == null) {
      return new long[3];
    }
    long[] counts = h.counts();
    long max = h.max();
    return new long[] {Histogram.percentile(counts, max, 0.5), Histogram.percentile(counts, max, 0.99), max};
  }

  /**
   * NAME.call, NAME.allTime (ms), NAME.allTimeNanos, NAME.failed, NAME.p50Ms / p99Ms / maxMs (whole ms) and
   * NAME.p50Nanos / p99Nanos / maxNanos for every operation of the sets this record holds.
   */
  static Map<String, Long> counters(FsRecord r, boolean[] sets) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int op = 0; op < Ops.COUNT; op++) {
      if (!reports(r, op, sets)) {
        continue;
      }
      String name = Ops.name(op);
      long nanos = r.nanos(op);
      m.put(name + ".call", r.calls(op));
      m.put(name + ".allTime", nanos / NANOS_PER_MS);
      m.put(name + ".allTimeNanos", nanos);
      m.put(name + ".failed", r.failed(op));
      long[] d = distribution(r, op);
      for (int i = 0; i < d.length; i++) {
        m.put(name + "." + DISTRIBUTION[i] + "Ms", d[i] / NANOS_PER_MS);
      }
      for (int i = 0; i < d.length; i++) {
        m.put(name + "." + DISTRIBUTION[i] + "Nanos", d[i]);
      }
    }
    return m;
  }

  /** Each operation's bucket counts (see {@link Histogram}), for the operations with calls. */
  static Map<String, long[]> buckets(FsRecord r, boolean[] sets) {
    Map<String, long[]> m = new LinkedHashMap<>();
    for (int op = 0; op < Ops.COUNT; op++) {
      Histogram h = r.histogram(op);
      if (h != null && reports(r, op, sets)) {
        m.put(Ops.name(op), h.counts());
      }
    }
    return m;
  }

  static String json(FsRecord r, String event, boolean[] sets) {
    StringBuilder b = new StringBuilder(1024);
    b.append('{');
    if (r.isServer()) {
      b.append("\"scope\":");
      string(b, r.scope);
      b.append(',');
    }
    b.append("\"fs\":").append(r.id == null ? "null" : String.valueOf(r.id));
    b.append(",\"scheme\":");
    string(b, r.scheme);
    b.append(",\"uri\":");
    string(b, r.uri);
    b.append(",\"class\":");
    string(b, r.fsClass);
    b.append(",\"event\":");
    string(b, event);
    b.append(",\"pid\":").append(ProcessHandle.current().pid());
    b.append(",\"rules\":[");
    boolean first = true;
    for (int i = 0; i < sets.length; i++) {
      if (sets[i]) {
        if (!first) {
          b.append(',');
        }
        string(b, Ops.SETS[i]);
        first = false;
      }
    }
    b.append("],\"counters\":{");
    first = true;
    for (Map.Entry<String, Long> e : counters(r, sets).entrySet()) {
      if (!first) {
        b.append(',');
      }
      string(b, e.getKey());
      b.append(':').append(e.getValue());
      first = false;
    }
    return b.append("}}").toString();
  }

  private static void string(StringBuilder b, String s) {
    if (s == null) {
      b.append("null");
      return;
    }
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }
}
