package io.harness.instrumentation.boot;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The report of one FileSystem instance: the text block
 *
 * <pre>
 * Closing file system instance: 753980739
 *    write.call: 18200
 *    write.allTime: 8389
 *    ...
 * </pre>
 *
 * (times in ms; a {@code NAME.failed} line follows {@code NAME.allTime} only when calls failed) and one
 * JSON object {@code {"fs":753980739,...,"counters":{...}}} with every counter, also
 * {@code NAME.allTimeNanos} and {@code NAME.failed}: on stderr after {@code HARNESS-INSTRUMENTATION },
 * in the report file alone on its line.
 */
final class Report {
  static final String HEADER = "Closing file system instance: ";
  private static final long NANOS_PER_MS = 1_000_000L;

  private Report() {}

  static String text(FsRecord r, boolean[] sets) {
    String nl = System.lineSeparator();
    StringBuilder b = new StringBuilder(512);
    b.append(HEADER).append(r.isUnknown() ? "unknown" : String.valueOf(r.id)).append(nl);
    for (int op = 0; op < Ops.COUNT; op++) {
      if (!sets[Ops.setOf(op)]) {
        continue;
      }
      String name = Ops.name(op);
      b.append("   ").append(name).append(".call: ").append(r.calls(op)).append(nl);
      b.append("   ").append(name).append(".allTime: ").append(r.nanos(op) / NANOS_PER_MS).append(nl);
      long failed = r.failed(op);
      if (failed > 0) {
        b.append("   ").append(name).append(".failed: ").append(failed).append(nl);
      }
    }
    return b.toString();
  }

  /** NAME.call, NAME.allTime (ms), NAME.allTimeNanos, NAME.failed for every operation of the sets. */
  static Map<String, Long> counters(FsRecord r, boolean[] sets) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int op = 0; op < Ops.COUNT; op++) {
      if (!sets[Ops.setOf(op)]) {
        continue;
      }
      String name = Ops.name(op);
      long nanos = r.nanos(op);
      m.put(name + ".call", r.calls(op));
      m.put(name + ".allTime", nanos / NANOS_PER_MS);
      m.put(name + ".allTimeNanos", nanos);
      m.put(name + ".failed", r.failed(op));
    }
    return m;
  }

  static String json(FsRecord r, String event, boolean[] sets) {
    StringBuilder b = new StringBuilder(1024);
    b.append('{');
    b.append("\"fs\":").append(r.isUnknown() ? "null" : String.valueOf(r.id));
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
