package io.harness.core.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecord;
import io.harness.core.result.Aggregate;
import io.harness.core.result.ResultFormat;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.Versions;
import io.harness.core.workload.Figures;
import io.harness.core.records.RecordsFile;
import io.harness.core.run.RunFolder;
import io.harness.core.records.RunRecords;
import io.harness.core.workload.RunTarget;
import io.harness.core.engine.Settings;
import io.harness.core.workload.Workload;
import io.harness.core.workload.WorkloadType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A saved run made by hand, as a run's folder holds it: three tasks (one failed) over three seconds, latency
 * per second of two kinds of call, instrumentation and profile figures, a cluster context, and text from the
 * run that tries to break out of the page (a path, an argument, a figure line, a cluster value).
 */
public final class SampleRun {
  static final long S = 1_000_000_000L;
  /** A start on a whole second of the epoch. */
  static final long T0 = 1_700_000_000L * S;
  /** What the run's own text tries to get into the page. */
  static final String INJECTION = "</pre><script>alert('x')</script>";

  private SampleRun() {}

  /**
   * The figures of the sample workload: its bytes and one printed line carrying {@link #INJECTION}, and two columns
   * of its own that no other workload has (the tables learn them from it alone): widgets a second (the bytes over
   * 1000) and the widgets' lateness (a fixed 12.5 ms).
   */
  record SampleFigures(long bytes) implements Figures {
    static final double LATENESS_MS = 12.5;

    @Override
    public List<String> lines() {
      return List.of("sample bytes: " + bytes + " " + INJECTION);
    }

    @Override
    public List<io.harness.core.workload.Column> columns() {
      return List.of(io.harness.core.workload.Column.higher("widgets_per_sec", "widgets/s", "widgets/s",
          bytes / 1000.0), io.harness.core.workload.Column.lower("widget_lateness_ms", "widget lateness ms", "ms",
          LATENESS_MS));
    }
  }

  /** The sample workload: only its figures are ever used. */
  record Sample() implements Workload<RunTarget> {
    @Override
    public String name() {
      return "sample";
    }

    @Override
    public String operation() {
      return "write";
    }

    @Override
    public Object plan() {
      return Map.of("files", 3);
    }

    @Override
    public Prepared prepare(RunTarget target, Settings settings) {
      throw new UnsupportedOperationException("a sample run is never run");
    }

    @Override
    public Figures figures(RunRecords records) {
      return new SampleFigures(records.tasks().stream().filter(t -> !t.failed()).mapToLong(TaskRecord::bytes).sum());
    }
  }

  /** Finds the sample workload for {@link SavedRun#load}. */
  public static final class Type implements WorkloadType {
    @Override
    public String name() {
      return "sample";
    }

    @Override
    public Workload<?> restore(RunResult saved) {
      return new Sample();
    }
  }

  static Histogram calls(long... nanos) {
    Histogram h = new Histogram(3);
    for (long n : nanos) {
      h.recordValue(n);
    }
    return h;
  }

  /** {@code bytes} in the middle of each of {@code seconds} from the first task's start. */
  static TreeMap<Long, Long> ticks(long bytes, int... seconds) {
    TreeMap<Long, Long> m = new TreeMap<>();
    for (int s : seconds) {
      m.put((T0 + s * S) / TaskRecord.TICK_NANOS + 5, bytes);
    }
    return m;
  }

  static RunRecords records() {
    TaskRecord fast = new TaskRecord(0, "t0", 6L << 20, T0, T0 + 3 * S,
        Map.of("create", calls(40_000_000), "write", calls(1_000_000, 2_000_000, 3_000_000)), ticks(2L << 20, 0, 1, 2),
        null);
    TaskRecord slow = new TaskRecord(1, "t1", 1L << 20, T0, T0 + 2 * S,
        Map.of("create", calls(50_000_000), "write", calls(9_000_000)), ticks(1L << 20, 1), null);
    TaskRecord failed = new TaskRecord(2, "t2<b>", 3L << 20, T0, T0 + S, Map.of("write", calls(500_000_000)),
        ticks(3L << 20, 0), "java.io.IOException: <gone>");
    return new RunRecords(List.of(fast, slow, failed),
        // the interval histograms' seconds count from the engine's start, 2 s before the tasks'
        List.of(new Intervals.Interval("create", 2, calls(40_000_000, 50_000_000)),
            new Intervals.Interval("write", 2, calls(1_000_000, 500_000_000)),
            new Intervals.Interval("write", 3, calls(2_000_000, 9_000_000)),
            new Intervals.Interval("write", 4, calls(3_000_000)),
            // a call that ended in the second the last task ended in: its middle is after that end
            new Intervals.Interval("close", 5, calls(7_000_000))),
        T0 - 2 * S, T0 + 3 * S, false);
  }

  /** Saves the sample run in {@code dir} (result.json with a cluster context, records); returns it. */
  public static SavedRun save(Path dir, boolean withCluster) throws Exception {
    return save(dir, withCluster, records());
  }

  /** Saves a run of these records as the sample run is saved. */
  static SavedRun save(Path dir, boolean withCluster, RunRecords records) throws Exception {
    Files.createDirectories(dir);
    Sample workload = new Sample();
    Map<String, Object> figures = new LinkedHashMap<>(ResultWriter.mapper().convertValue(workload.figures(records),
        Map.class));
    Map<String, Object> counters = new LinkedHashMap<>();
    for (String call : List.of("write", "hflush", "hsync", "close", "watchForCommit", "flushWait.handleFlush")) {
      long n = call.equals("write") ? 4 : call.equals("close") ? 2 : 0;
      counters.put(call + ".call", n);
      counters.put(call + ".allTime", n * 3);
      counters.put(call + ".allTimeNanos", n * 3_250_000);
      counters.put(call + ".failed", 0);
      if (n > 0) {
        counters.put(call + ".p50Nanos", n * 500_000);
        counters.put(call + ".p99Nanos", n * 900_000);
        counters.put(call + ".maxNanos", n * 1_000_000);
      }
    }
    Map<String, Object> datanode = new LinkedHashMap<>();
    datanode.put("dn.watch.call", 3);
    datanode.put("dn.watch.allTimeNanos", 30_000_000);
    datanode.put("dn.watch.failed", 0);
    datanode.put("dn.watch.p50Nanos", 9_000_000);
    datanode.put("dn.watch.p99Nanos", 12_500_000);
    datanode.put("dn.watch.maxNanos", 12_600_000);
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("scope", "datanode");
    server.put("fs", null);
    server.put("counters", datanode);
    List<Map<String, Object>> instrumentation = List.of(Map.of("fs", 7, "scheme", "hdfs", "uri", "hdfs://nn:8020",
        "class", "org.apache.hadoop.hdfs.DistributedFileSystem", "closed", true, "counters", counters), server);
    Map<String, Object> profile = Map.of("event", "cpu", "engine", "ctimer", "flameGraph", "flamegraph-cpu.html");
    Map<String, Object> options = new LinkedHashMap<>();
    options.put("--root", "/data/a b/" + INJECTION);
    options.put("--threads", null);
    Aggregate aggregate = Aggregate.of(records.tasks());
    RunResult result = new RunResult(ResultFormat.CURRENT, "sample", "write", List.of("sample", "--root", "/data/a b/" + INJECTION),
        options, new Versions("0.1.0", "3.4.3", "2.2.0", "17"), "host\"1", "hdfs://nn:8020", "MiniDFSCluster & co",
        "/data", null, "2023-11-14T22:13:17Z", "2023-11-14T22:13:24Z", 1, List.of("t2<b>: java.io.IOException: <gone>"),
        aggregate, figures, records.tasks().stream().map(TaskResult::of).toList(), null, null, workload.plan(),
        instrumentation, profile, null);
    Path file = dir.resolve(RunFolder.RESULT);
    ResultWriter.write(result, file);
    if (withCluster) {
      ObjectNode json = (ObjectNode) ResultWriter.mapper().readTree(file.toFile());
      ObjectNode cluster = json.putObject("cluster");
      cluster.put("liveDatanodes", 3);
      cluster.putObject("namenode").put("version", "3.4.3");
      cluster.put("note", "<img src=x onerror=alert(2)>");
      ResultWriter.mapper().writeValue(file.toFile(), json);
    }
    RecordsFile.write(dir, records);
    return new SavedRun(dir, result, records, workload);
  }
}
