package io.harness.core.records;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * What a task's line ({@link TaskLine}) must be before anything is computed from it: every field the harness writes,
 * of its kind ({@link #fields}), and a task that could have run ({@link #consistent}): bytes and ticks not negative,
 * the ticks adding up to the bytes and lying inside the task's time, an end not before the start, every histogram
 * one that decodes, every running total equal to the increases noted for it. A line that is not is refused with an
 * {@link IOException} saying which field and why, in the words of the file.
 */
final class TaskLineCheck {
  /** The fields every task line has, by the kind each holds. */
  private static final Map<Kind, List<String>> REQUIRED = new java.util.EnumMap<>(Map.of(
      Kind.WHOLE, List.of("index", "bytes", "startEpochNanos", "endEpochNanos", "firstTick"),
      Kind.TEXT, List.of("name"), Kind.OBJECT, List.of("latency", "extra"),
      Kind.ARRAY, List.of("bytesPerTick", "stack"), Kind.TEXT_OR_NULL, List.of("error"),
      Kind.BOOLEAN, List.of("interrupted")));
  /** The fields a line may leave out (null or absent: none). */
  private static final Map<String, Kind> OPTIONAL = Map.of("host", Kind.TEXT, "seconds", Kind.ARRAY);

  /** What a field holds. */
  enum Kind {
    WHOLE("a whole number"), TEXT("a string"), TEXT_OR_NULL("a string or null"), OBJECT("an object"),
    ARRAY("a list"), BOOLEAN("true or false");

    final String words;

    Kind(String words) {
      this.words = words;
    }

    boolean holds(JsonNode n) {
      return switch (this) {
        case WHOLE -> n.isIntegralNumber() && n.canConvertToLong();
        case TEXT -> n.isTextual();
        case TEXT_OR_NULL -> n.isTextual() || n.isNull();
        case OBJECT -> n.isObject();
        case ARRAY -> n.isArray();
        case BOOLEAN -> n.isBoolean();
      };
    }
  }

  private TaskLineCheck() {}

  /** Refuses a line without one of the fields every task line has, or with one of the wrong kind. */
  static void fields(JsonNode line) throws IOException {
    if (line == null || !line.isObject()) {
      throw new IOException("not a task record (not a JSON object)");
    }
    for (Map.Entry<Kind, List<String>> kind : REQUIRED.entrySet()) {
      for (String name : kind.getValue()) {
        field(line, name, kind.getKey(), true);
      }
    }
    for (Map.Entry<String, Kind> f : OPTIONAL.entrySet()) {
      field(line, f.getKey(), f.getValue(), false);
    }
    if (!line.get("index").canConvertToInt()) {
      throw new IOException("not a task record (field 'index' is " + line.get("index") + ", not a task's number)");
    }
    for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) line.get("latency")::fields) {
      if (!e.getValue().isTextual()) {
        throw new IOException("not a task record (field 'latency." + e.getKey() + "' is not a histogram's text)");
      }
    }
    JsonNode ticks = line.get("bytesPerTick");
    for (int i = 0; i < ticks.size(); i++) {
      if (!Kind.WHOLE.holds(ticks.get(i))) {
        throw new IOException("not a task record (field 'bytesPerTick[" + i + "]' is " + shown(ticks.get(i))
            + ", not a whole number)");
      }
    }
  }

  private static void field(JsonNode line, String name, Kind kind, boolean required) throws IOException {
    JsonNode v = line.get(name);
    if (v == null || (!required && v.isNull())) {
      if (required) {
        throw new IOException("not a task record (field '" + name + "' is missing)");
      }
      return;
    }
    if (!kind.holds(v)) {
      throw new IOException("not a task record (field '" + name + "' is " + shown(v) + ", not " + kind.words + ")");
    }
  }

  private static String shown(JsonNode v) {
    String s = v.toString();
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }

  /** Refuses a line no task could have left. */
  static void consistent(TaskLine t) throws IOException {
    String task = "task " + t.name() + ": ";
    if (t.index() < 0) {
      throw new IOException(task + "index is " + t.index() + " (tasks are numbered from 0)");
    }
    if (t.bytes() < 0) {
      throw new IOException(task + "bytes is " + t.bytes() + " (a task moves 0 bytes or more)");
    }
    if (t.startEpochNanos() <= 0) {
      throw new IOException(task + "startEpochNanos is " + t.startEpochNanos() + ", not a time (nanoseconds since "
          + "1970)");
    }
    if (t.endEpochNanos() < t.startEpochNanos()) {
      throw new IOException(task + "it ends before it starts (endEpochNanos " + t.endEpochNanos()
          + " is " + seconds(t.startEpochNanos() - t.endEpochNanos()) + " before startEpochNanos "
          + t.startEpochNanos() + ")");
    }
    for (Map.Entry<String, String> e : t.latency().entrySet()) {
      if (e.getKey().isEmpty()) {
        throw new IOException(task + "latency has a histogram of no kind of call (an empty key)");
      }
      histogram(task + "latency '" + e.getKey() + "'", e.getValue());
    }
    ticks(task, t);
    totals(task, t.extra());
    if (t.seconds() != null) {
      for (int i = 0; i < t.seconds().size(); i++) {
        TaskLine.Second s = t.seconds().get(i);
        if (s == null || s.kind() == null || s.kind().isEmpty() || s.second() < 0 || s.histogram() == null) {
          throw new IOException(task + "seconds[" + i + "] is not a second of the run (kind, second from 0, "
              + "histogram)");
        }
        histogram(task + "seconds[" + i + "]", s.histogram());
      }
    }
  }

  /** The ticks: none negative, adding up to the task's bytes, none with bytes outside the task's time. */
  private static void ticks(String task, TaskLine t) throws IOException {
    long[] ticks = t.bytesPerTick();
    if (ticks.length > 0 && t.firstTick() < 0) {
      throw new IOException(task + "firstTick is " + t.firstTick() + " (ticks count from 1970)");
    }
    long sum = 0;
    long firstWith = -1;
    long lastWith = -1;
    for (int i = 0; i < ticks.length; i++) {
      if (ticks[i] < 0) {
        throw new IOException(task + "bytesPerTick[" + i + "] is " + ticks[i] + " (a tick holds 0 bytes or more)");
      }
      try {
        sum = Math.addExact(sum, ticks[i]);
      } catch (ArithmeticException e) {
        throw new IOException(task + "bytesPerTick adds up to more bytes than a task can count");
      }
      if (ticks[i] > 0) {
        firstWith = firstWith < 0 ? i : firstWith;
        lastWith = i;
      }
    }
    if (sum != t.bytes()) {
      throw new IOException(task + "bytesPerTick adds up to " + sum + " bytes, bytes says " + t.bytes());
    }
    if (firstWith >= 0) {
      long from = t.startEpochNanos() / TaskRecord.TICK_NANOS;
      long to = t.endEpochNanos() / TaskRecord.TICK_NANOS;
      if (t.firstTick() + firstWith < from || t.firstTick() + lastWith > to) {
        throw new IOException(task + "bytesPerTick has bytes in tick " + (t.firstTick() + (t.firstTick() + firstWith
            < from ? firstWith : lastWith)) + ", outside the task's time (ticks " + from + " to " + to + ")");
      }
    }
  }

  /** Each running total the task noted ({@code extra}) equals the sum of its increases by tick. */
  private static void totals(String task, Map<String, Object> extra) throws IOException {
    if (extra == null || !extra.containsKey(TaskRecord.TOTALS_PER_TICK)) {
      return;
    }
    if (!(extra.get(TaskRecord.TOTALS_PER_TICK) instanceof Map<?, ?> all)) {
      throw new IOException(task + "extra." + TaskRecord.TOTALS_PER_TICK + " is not an object of running totals");
    }
    for (Map.Entry<?, ?> e : all.entrySet()) {
      String where = task + "extra." + TaskRecord.TOTALS_PER_TICK + "." + e.getKey();
      // first: the first tick with an increase (-1 when none came)
      if (!(e.getValue() instanceof Map<?, ?> m) || !(m.get("first") instanceof Number first)
          || !(m.get("counts") instanceof List<?> counts) || first.longValue() < 0 && !counts.isEmpty()) {
        throw new IOException(where + " is not {\"first\": tick, \"counts\": [...]}");
      }
      long sum = 0;
      for (Object c : counts) {
        if (!(c instanceof Number n) || n instanceof Double || n instanceof Float) {
          throw new IOException(where + ".counts holds " + c + ", not a whole number");
        }
        sum += n.longValue();
      }
      Object noted = extra.get(String.valueOf(e.getKey()));
      if (noted instanceof Number n && n.longValue() != sum) {
        throw new IOException(task + "extra." + e.getKey() + " is " + n + ", its increases in "
            + TaskRecord.TOTALS_PER_TICK + " add up to " + sum);
      }
    }
  }

  /** Refuses {@code base64} unless it is a histogram that decodes (HdrHistogram's compressed form, in Base64). */
  static CompactHistogram histogram(String what, String base64) throws IOException {
    try {
      CompactHistogram c = CompactHistogram.ofBase64(base64);
      long count = c.totalCount();
      if (count < 0) {
        throw new IllegalArgumentException("its counts add up to " + count);
      }
      return c;
    } catch (RuntimeException e) {
      throw new IOException(what + " is not a latency histogram (HdrHistogram's compressed form in Base64): "
          + reason(e));
    }
  }

  /** Why a histogram did not decode, in one line. */
  static String reason(RuntimeException e) {
    Throwable t = e.getCause() != null && e.getMessage() != null && e.getMessage().startsWith("corrupt")
        ? e.getCause() : e;
    String m = t.getMessage();
    return m == null || m.isBlank() ? "it is cut short or damaged (" + t.getClass().getSimpleName() + ")"
        : m.split("\\R", 2)[0];
  }

  private static String seconds(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9);
  }
}
