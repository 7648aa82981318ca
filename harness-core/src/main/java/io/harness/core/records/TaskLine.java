package io.harness.core.records;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * A task's record as one line of JSON: the one shape a task has between whatever ran it and the run's folder. The
 * records file holds one per task, and every engine whose tasks run elsewhere sends them back in it (a MapReduce
 * map's line in dfsio's part file or in its map's report, {@code engine.MapReports}). Every field of the {@link TaskRecord}: its latency
 * histograms in HdrHistogram's compressed Base64 form, its bytes per 100 ms tick as a dense array from
 * {@code firstTick}, its error, whether it was interrupted, the stack of a stuck call and what its body noted.
 * A task that ran in a JVM of its own (a MapReduce map) adds its calls' latency per second of the run
 * ({@code seconds}: kind, second, histogram), which the launcher merges into the run's {@code latency.hlog.gz}; the
 * records file's lines have none (that file holds them). One line: JSON escapes the tabs and line breaks of its
 * strings.
 */
public record TaskLine(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
    Map<String, String> latency, long firstTick, long[] bytesPerTick, String error, boolean interrupted,
    List<String> stack, Map<String, Object> extra,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    String host,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
    List<Second> seconds) {

  /** One second of the run and kind of call: its histogram in HdrHistogram's compressed Base64 form. */
  public record Second(String kind, int second, String histogram) {}

  private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);

  /** The line of {@code r}. */
  public static TaskLine of(TaskRecord r) {
    return of(r, List.of());
  }

  /** The line of {@code r} with its calls' latency per second of the run. */
  public static TaskLine of(TaskRecord r, List<Intervals.Interval> intervals) {
    Map<String, String> latency = new LinkedHashMap<>();
    PackedLatency packed = PackedLatency.of(r.latency());
    packed.keySet().forEach(k -> latency.put(k, packed.compact(k).base64()));
    long first = r.bytesPerTick().isEmpty() ? 0 : r.bytesPerTick().firstKey();
    long[] ticks = r.bytesPerTick().isEmpty() ? new long[0]
        : new long[(int) (r.bytesPerTick().lastKey() - first + 1)];
    r.bytesPerTick().forEach((t, b) -> ticks[(int) (t - first)] = b);
    return new TaskLine(r.index(), r.name(), r.bytes(), r.startEpochNanos(), r.endEpochNanos(), latency, first,
        ticks, r.error(), r.interrupted(), r.stack(), r.extra(), r.host(),
        intervals.stream().map(i -> new Second(i.kind(), i.second(), i.compact().base64())).toList());
  }

  /** {@code r} as its line's text. */
  public static String text(TaskRecord r) {
    return of(r).text();
  }

  /** This line's text. */
  public String text() {
    try {
      return JSON.writeValueAsString(this);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a task record that is not JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** The record a line's text holds; an {@link IOException} says what is wrong with it ({@link #read}). */
  public static TaskRecord parse(String text) throws IOException {
    return read(text).record();
  }

  /**
   * The line a text holds, checked ({@link TaskLineCheck}): an {@link IOException} says, in the words of the file,
   * what is wrong with it: not JSON, a field missing or of the wrong kind ("not a task record (...)"), or a task no
   * run could have left ("task NAME: ...": negative bytes, an end before its start, a histogram that does not
   * decode, ticks that do not add up to its bytes).
   */
  public static TaskLine read(String text) throws IOException {
    com.fasterxml.jackson.databind.JsonNode tree;
    try {
      tree = JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new IOException("not a task record (not JSON)");
    }
    TaskLineCheck.fields(tree);
    TaskLine line;
    try {
      line = JSON.treeToValue(tree, TaskLine.class);
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new IOException("not a task record (" + io.harness.core.base.JsonProblems.describe(e) + ")");
    }
    TaskLineCheck.consistent(line);
    return line;
  }

  /** The seconds this line holds (none: a records file's line). */
  public List<Intervals.Interval> intervals() {
    return seconds == null ? List.of() : seconds.stream()
        .map(s -> new Intervals.Interval(s.kind(), s.second(), CompactHistogram.ofBase64(s.histogram()))).toList();
  }

  /** The record this line holds. */
  public TaskRecord record() {
    Map<String, CompactHistogram> hist = new LinkedHashMap<>();
    latency.forEach((k, v) -> hist.put(k, CompactHistogram.ofBase64(v)));
    SortedMap<Long, Long> ticks = TickSeries.ofDense(firstTick, bytesPerTick, bytesPerTick.length);
    return new TaskRecord(index, name, bytes, startEpochNanos, endEpochNanos, PackedLatency.ofCompact(hist), ticks,
        error, interrupted, stack, extra, host);
  }
}
