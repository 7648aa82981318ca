package io.harness.dfsio;

import io.harness.core.result.Aggregate;
import io.harness.core.result.LatencySummary;
import io.harness.core.result.SecondSample;
import io.harness.core.result.TaskResult;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringTokenizer;
import java.util.TreeMap;
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
  /** {@code name: error} of every failed task, separated by {@code ;}. */
  public static final String FAILED_NAMES = "s:harness.failed.task.names";
  /** {@code second:bytes,second:bytes,...} over epoch seconds, all tasks together. */
  public static final String BYTES_PER_SECOND = "s:harness.bytes.per.second";
  /**
   * One key per task of a MapReduce run, {@code s:harness.task.<name>}, valued with the task's record
   * as the records file's line ({@link io.harness.core.records.TaskLine}).
   */
  public static final String TASK_PREFIX = "s:harness.task.";
  /**
   * With {@code --instrument} on a cluster, one key per map, {@code s:harness.instrumentation.<name>}: the
   * counters of the map's JVM, as JSON.
   */
  public static final String INSTRUMENTATION_PREFIX = "s:harness.instrumentation.";

  private final Map<String, String> values;
  private final Path file;
  private final Map<String, Integer> lineOf;
  private final int lineCount;
  private final String cutLine;

  private PartFile(Map<String, String> values, Path file, Map<String, Integer> lineOf, int lineCount,
      String cutLine) {
    this.values = values;
    this.file = file;
    this.lineOf = lineOf;
    this.lineCount = lineCount;
    this.cutLine = cutLine;
  }

  /**
   * The tasks' own records, by index (a MapReduce run's, or a local run's since they were added; else empty). A
   * part file of an older harness, whose task values are not the records file's JSON lines, has none here: its
   * aggregate comes from its merged keys.
   */
  public List<io.harness.core.records.TaskRecord> records() throws IOException {
    return lines().stream().map(io.harness.core.records.TaskLine::record)
        .sorted(java.util.Comparator.comparingInt(io.harness.core.records.TaskRecord::index)).toList();
  }

  /**
   * The calls' latency per second of the run, every task's added together (a MapReduce run's; else empty); but the
   * tasks of maps late to the start barrier unless {@code countLate}.
   */
  public List<io.harness.core.records.Intervals.Interval> intervals(boolean countLate) throws IOException {
    List<io.harness.core.records.Intervals.Interval> all = new ArrayList<>();
    for (io.harness.core.records.TaskLine l : lines()) {
      if (countLate || !Boolean.TRUE.equals(l.record().extra().get(io.harness.core.run.Analysis.LATE))) {
        all.addAll(l.intervals());
      }
    }
    return io.harness.core.records.Intervals.merge(all);
  }

  private List<io.harness.core.records.TaskLine> lines() throws IOException {
    List<io.harness.core.records.TaskLine> lines = new ArrayList<>();
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (e.getKey().startsWith(TASK_PREFIX) && e.getValue().startsWith("{")) {
        try {
          lines.add(io.harness.core.records.TaskLine.read(e.getValue()));
        } catch (IOException bad) {
          // the line's own words: "not a task record (...)", or "task NAME: ..." for a task no run could leave
          throw new IOException(file + " line " + lineOf.get(e.getKey()) + ": " + e.getKey() + ": " + bad.getMessage());
        }
      }
    }
    return lines;
  }

  /** The tasks of a MapReduce run, by index, as the run's JSON lists them (empty for other part files). */
  public List<TaskResult> tasks() throws IOException {
    return records().stream().map(TaskResult::of).toList();
  }

  /** Parses {@code second:bytes,...} into a sorted map. */
  public static java.util.SortedMap<Long, Long> parseSeries(String text) {
    java.util.SortedMap<Long, Long> m = new TreeMap<>();
    for (String item : text == null || text.isEmpty() ? new String[0] : text.split(",")) {
      int colon = item.indexOf(':');
      m.merge(Long.parseLong(item.substring(0, colon)), Long.parseLong(item.substring(colon + 1)), Long::sum);
    }
    return m;
  }

  /** The failed tasks, {@code name: error} each. */
  public List<String> failedTasks() {
    String names = values.getOrDefault(FAILED_NAMES, "");
    List<String> out = new ArrayList<>();
    for (String s : names.split(";")) {
      if (!s.isBlank()) {
        out.add(s);
      }
    }
    return out;
  }

  /** Reads a part file, or {@code part-00000} of a directory. */
  public static PartFile read(FileSystem fs, Path path) throws IOException {
    Path file = fs.getFileStatus(path).isDirectory() ? new Path(path, NAME) : path;
    Map<String, String> v = new TreeMap<>();
    Map<String, Integer> lineOf = new HashMap<>();
    int n = 0;
    String last = null;
    LastByte in = new LastByte(fs.open(file));
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        n++;
        last = line;
        int tab = line.indexOf('\t');
        if (tab > 0) {
          // TextOutputFormat's key<TAB>value; a value (a failure message) may hold spaces
          String key = line.substring(0, tab).trim();
          v.put(key, line.substring(tab + 1).trim());
          lineOf.put(key, n);
          continue;
        }
        StringTokenizer t = new StringTokenizer(line, " \t\n\r\f%");
        if (t.hasMoreTokens()) {
          String key = t.nextToken();
          v.put(key, t.hasMoreTokens() ? t.nextToken() : "");
          lineOf.put(key, n);
        }
      }
    }
    // every record TextOutputFormat writes ends with a newline: a file that does not was cut off
    boolean cut = last != null && in.last != '\n' && in.last != '\r';
    return new PartFile(v, file, lineOf, n, cut ? last : null);
  }

  /** Remembers the last byte read, to tell whether the file ends with a newline. */
  private static final class LastByte extends FilterInputStream {
    int last = -1;

    LastByte(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        last = b;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int k = in.read(b, off, len);
      if (k > 0) {
        last = b[off + k - 1];
      }
      return k;
    }
  }

  /** The file read (the {@code part-00000} of a directory given). */
  public Path file() {
    return file;
  }

  /** The line (from 1) the key was last read on, or 0 when the file has no such key. */
  public int lineOf(String key) {
    return lineOf.getOrDefault(key, 0);
  }

  /** The lines of the file. */
  public int lineCount() {
    return lineCount;
  }

  /** The file's last line when the file ends without a newline (it was cut off), else null. */
  public String cutLine() {
    return cutLine;
  }

  /**
   * Refuses a damaged part file, for {@code dfsio analyze}: cut off, a key TestDFSIO needs missing, or a
   * value that is not the number (histogram, series) its key holds, or a number no run can give. Throws
   * {@link io.harness.core.base.UsageException} naming {@code argument}, the file, the key and its line.
   */
  public void check(String argument) {
    PartFileCheck.check(this, argument);
  }

  public Map<String, String> values() {
    return values;
  }

  /** Each map's counters from {@code --instrument} on a cluster, by task name (JSON); empty without. */
  public Map<String, String> instrumentation() {
    Map<String, String> out = new TreeMap<>();
    values.forEach((k, v) -> {
      if (k.startsWith(INSTRUMENTATION_PREFIX)) {
        out.put(k.substring(INSTRUMENTATION_PREFIX.length()), v);
      }
    });
    return out;
  }

  /** The value of the first key ending in {@code :name}, as TestDFSIO's analysis finds it. */
  String legacy(String name) {
    String key = legacyKey(name);
    return key == null ? null : values.get(key);
  }

  /** The first key ending in {@code :name} that is not the harness's ({@code l:tasks} for tasks), or null. */
  String legacyKey(String name) {
    for (String key : values.keySet()) {
      if (key.endsWith(":" + name) && !key.contains("harness.")) {
        return key;
      }
    }
    return null;
  }

  /**
   * The harness's aggregate: from the tasks' records when the part file has them (then exactly the run's),
   * else rebuilt from the merged keys of an older harness part file (call only when {@link #hasHarnessKeys()}).
   */
  public Aggregate aggregate() throws IOException {
    List<io.harness.core.records.TaskRecord> records = records();
    if (!records.isEmpty()) {
      return Aggregate.of(records);
    }
    long tasks = Long.parseLong(legacy("tasks"));
    long size = Long.parseLong(legacy("size"));
    long first = Long.parseLong(values.get(FIRST_START));
    long last = Long.parseLong(values.get(LAST_END));
    int failed = Integer.parseInt(values.getOrDefault(FAILED, "0"));
    Map<String, LatencySummary> latency = new java.util.LinkedHashMap<>();
    values.forEach((k, v) -> {
      if (k.startsWith(HISTOGRAM_PREFIX)) {
        latency.put(k.substring(HISTOGRAM_PREFIX.length()), LatencySummary.of(decode(v)));
      }
    });
    double wall = (last - first) / 1e9;
    // each epoch second's bytes, placed in the middle of that second
    java.util.SortedMap<Long, Long> perTick = new TreeMap<>();
    long ticksPerSecond = 1_000_000_000L / io.harness.core.records.TaskRecord.TICK_NANOS;
    parseSeries(values.get(BYTES_PER_SECOND)).forEach((sec, b) -> perTick.put(sec * ticksPerSecond
        + ticksPerSecond / 2, b));
    return new Aggregate((int) tasks + failed, failed, size, first, last, wall,
        tasks == 0 ? null : wall > 0 ? size / (double) (1 << 20) / wall : 0, latency,
        tasks == 0 ? List.of() : Aggregate.series(perTick, first, last));
  }

  /** An HdrHistogram in the part file's (and the JSON's) Base64 compressed form. */
  public static org.HdrHistogram.Histogram decode(String base64) {
    return new LatencySummary(0, 0, 0, 0, 0, 0, 0, base64).decode();
  }

  public boolean hasHarnessKeys() {
    return values.containsKey(FIRST_START) && values.containsKey(LAST_END);
  }
}
