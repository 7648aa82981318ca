package io.harness.dfsio;

import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import io.harness.core.result.SecondSample;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringTokenizer;
import java.util.TreeMap;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * TestDFSIO's reducer output ({@code io_<op>/part-00000}): one {@code type:name<TAB>value} line per
 * key, sorted by key. TestDFSIO's keys are {@code l:tasks}, {@code l:size}, {@code l:time} (sum of
 * task milliseconds), {@code f:rate} and {@code f:sqrate}; the harness adds its own keys under
 * {@code harness.} (none of them ends in a name TestDFSIO reads), so TestDFSIO's analysis of a
 * harness part file and the harness's analysis of a TestDFSIO part file both work.
 */
public final class PartFile {
  public static final String NAME = "part-00000";
  public static final String FIRST_START = "l:harness.first.start.epoch.ns";
  public static final String LAST_END = "l:harness.last.end.epoch.ns";
  public static final String FAILED = "l:harness.failed.tasks";
  public static final String HISTOGRAM_PREFIX = "s:harness.latency.";
  /** {@code second:bytes,second:bytes,...} over epoch seconds, all tasks together. */
  public static final String BYTES_PER_SECOND = "s:harness.bytes.per.second";

  private final Map<String, String> values;

  private PartFile(Map<String, String> values) {
    this.values = values;
  }

  /** Writes the sums of a local run as a reducer would. */
  public static void write(FileSystem fs, Path dir, LegacyFigures legacy, Aggregate agg) throws IOException {
    Map<String, String> v = new TreeMap<>();
    v.put("l:tasks", String.valueOf(legacy.tasks()));
    v.put("l:size", String.valueOf(legacy.size()));
    v.put("l:time", String.valueOf(Math.round(legacy.timeMillis())));
    v.put("f:rate", String.valueOf((float) legacy.rate()));
    v.put("f:sqrate", String.valueOf((float) legacy.sqrate()));
    v.put(FIRST_START, String.valueOf(agg.firstStartEpochNanos()));
    v.put(LAST_END, String.valueOf(agg.lastEndEpochNanos()));
    v.put(FAILED, String.valueOf(agg.failedTasks()));
    for (Map.Entry<String, LatencySummary> e : agg.latency().entrySet()) {
      v.put(HISTOGRAM_PREFIX + e.getKey(), e.getValue().histogram());
    }
    StringBuilder series = new StringBuilder();
    for (SecondSample sample : agg.timeSeries()) {
      series.append(series.length() == 0 ? "" : ",").append(sample.epochSecond()).append(':')
          .append(sample.bytes());
    }
    v.put(BYTES_PER_SECOND, series.toString());
    fs.delete(dir, true);
    try (FSDataOutputStream out = fs.create(new Path(dir, NAME), true);
        PrintStream p = new PrintStream(out, false, StandardCharsets.UTF_8)) {
      v.forEach((k, val) -> p.print(k + "\t" + val + "\n"));
    }
  }

  /** Reads a part file, or {@code part-00000} of a directory. */
  public static PartFile read(FileSystem fs, Path path) throws IOException {
    Path file = fs.getFileStatus(path).isDirectory() ? new Path(path, NAME) : path;
    Map<String, String> v = new TreeMap<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        StringTokenizer t = new StringTokenizer(line, " \t\n\r\f%");
        if (t.hasMoreTokens()) {
          String key = t.nextToken();
          v.put(key, t.hasMoreTokens() ? t.nextToken() : "");
        }
      }
    }
    return new PartFile(v);
  }

  public Map<String, String> values() {
    return values;
  }

  /** The value of the first key ending in {@code :name}, as TestDFSIO's analysis finds it. */
  String legacy(String name) {
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (e.getKey().endsWith(":" + name) && !e.getKey().contains("harness.")) {
        return e.getValue();
      }
    }
    return null;
  }

  /** The per-second series written by the harness (empty when absent). */
  public List<SecondSample> timeSeries() {
    List<SecondSample> series = new ArrayList<>();
    String text = values.getOrDefault(BYTES_PER_SECOND, "");
    for (String item : text.isEmpty() ? new String[0] : text.split(",")) {
      int colon = item.indexOf(':');
      series.add(SecondSample.of(Long.parseLong(item.substring(0, colon)),
          Long.parseLong(item.substring(colon + 1))));
    }
    return series;
  }

  public boolean hasHarnessKeys() {
    return values.containsKey(FIRST_START) && values.containsKey(LAST_END);
  }
}
