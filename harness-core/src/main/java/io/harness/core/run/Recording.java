package io.harness.core.run;

import io.harness.core.base.UsageException;
import io.harness.core.engine.RunInstrumentation;

import io.harness.core.profile.Profiler;
import io.harness.core.result.RunResult;
import io.harness.core.base.LocalOutputs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;

/**
 * What a run records and where ({@code --json}, {@code --run-dir}, {@code --instrument}, {@code --profile},
 * {@code --no-report}, {@code --verbose}, {@code --force}), and the code behind them, for every way a run starts:
 * the command line's options fill one (its {@code RunRecording} mixin), the Java API makes one with {@link #to}.
 *
 * <p>Its life in a run: {@link #begin} once the arguments are checked and before anything is created (an unknown
 * profile event or rule set is bad input, exit 2); {@link #open} makes the run's folder; {@link #measured} around
 * the run's measured phase (once); {@link #observed} gives the result's {@code instrumentation} and
 * {@code profile} and moves the flame graph into the folder; {@link #writesReport} says whether the run's
 * folder gets its HTML report.
 */
public final class Recording implements io.harness.core.engine.Observation {
  private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

  private final Path json;
  private final Path runDir;
  private final String instrument;
  private final String profile;
  private final boolean noReport;
  private final boolean verbose;
  private final boolean force;

  private RunInstrumentation instrumentation;
  private Observed observed;
  private final List<Map<String, Object>> taskTimings = new ArrayList<>();
  private Profiler profiler;
  private Path flameGraph;
  private io.harness.core.live.Live live = io.harness.core.live.Live.none();

  /**
   * What a run started from the Java API records: its folder under {@code runDir} (records, result, log; null: no
   * folder, for a run that is only watched live), nothing else: no report.
   */
  public static Recording to(Path runDir) {
    return new Recording(null, runDir, null, null, true, false, false);
  }

  /**
   * What a run records: {@code json} a copy of its JSON (null: none), {@code runDir} where its folder goes,
   * {@code instrument} the agent's rule sets (null: off), {@code profile} async-profiler's event (null: off),
   * {@code noReport} no HTML report, {@code verbose} the libraries' logs on the terminal too, {@code force} a
   * plan larger than the local disk runs anyway.
   */
  public Recording(Path json, Path runDir, String instrument, String profile, boolean noReport, boolean verbose,
      boolean force) {
    this.json = json;
    this.runDir = runDir;
    this.instrument = instrument;
    this.profile = profile;
    this.noReport = noReport;
    this.verbose = verbose;
    this.force = force;
  }

  /**
   * Where the runs' live views go ({@code --metrics-port}, {@code --live-csv}, {@code --jmx}): started by
   * {@link #begin}, closed by whoever made it.
   */
  public Recording live(io.harness.core.live.Live hub) {
    this.live = hub;
    return this;
  }

  /** Where the runs' live views go (nowhere unless asked). */
  public io.harness.core.live.Live live() {
    return live;
  }

  /** {@code --force}: a plan larger than the local disk's free space runs anyway. */
  public boolean force() {
    return force;
  }

  /** Whether the run writes its HTML report into its folder (not with {@code --no-report}). */
  public boolean writesReport() {
    return !noReport;
  }

  @Override
  public io.harness.core.records.LiveFeed feed() {
    return live().feed();
  }

  /** Whether {@code --instrument} or {@code --profile} was given. */
  @Override
  public boolean observesThisJvm() {
    return instrument != null || profile != null;
  }

  /**
   * Checks {@code --profile} (the event, and that async-profiler loads here) and starts {@code --instrument}
   * (the agent loaded into this JVM), printing its line to {@code err}. Throws {@link UsageException} for bad
   * input; creates no file. First of all, {@code --run-dir} and {@code --json} must be places this user can
   * write (or create), so a run never fails at its end for want of them. Before the agent starts, the live outlets
   * open ({@code --metrics-port} listens: a port in use is bad input).
   */
  public void begin(PrintStream err) {
    LocalOutputs.checkDirectory("--run-dir", runDir);
    if (json != null) {
      LocalOutputs.checkFile("--json", json);
    }
    if (profile != null) {
      profiler = Profiler.prepare(profile);
    }
    live.start(err);
    if (instrument != null) {
      instrumentation = ServiceLoader.load(RunInstrumentation.class).findFirst().orElseThrow(
          () -> new UsageException("--instrument", "the instrumentation module is not on the class path"));
      err.println(instrumentation.start("--instrument", instrument));
      instrumentation.mark();
    }
  }

  /**
   * The agent and its options for tasks that run in JVMs of their own (MapReduce maps on a cluster), or
   * null without {@code --instrument}.
   */
  @Override
  public RunInstrumentation.TaskAgent taskAgent() {
    return instrumentation == null ? null : instrumentation.taskAgent("--instrument", instrument);
  }

  /** Counters a task measured in its own JVM: they go into the result's {@code instrumentation}, named by task. */
  @Override
  public void addTaskTimings(String task, List<Map<String, Object>> timings) {
    for (Map<String, Object> t : timings) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("task", task);
      m.putAll(t);
      taskTimings.add(m);
    }
  }

  /** Runs the measured phase, under the profiler when {@code --profile} asked for one. Once per run. */
  public <T> T measured(Callable<T> phase) throws Exception {
    if (profiler == null) {
      return phase.call();
    }
    if (flameGraph != null) {
      throw new IllegalStateException("one measured phase per run");
    }
    flameGraph = Files.createTempFile("harness-flamegraph-", ".html");
    profiler.start();
    try {
      return phase.call();
    } finally {
      profiler.stop(flameGraph);
    }
  }

  /**
   * Makes the run's folder {@code <--run-dir>/<runId>}; with {@code captureLogs} the libraries' and embedded
   * servers' logs go to its log from now on ({@code --verbose}: to the terminal too). Called once the
   * arguments are checked and before the target is contacted.
   */
  public RunFolder open(String runId, PrintStream err, boolean captureLogs) throws IOException {
    if (runDir == null) {
      return RunFolder.none(); // the Java API's run that is watched live but saves no folder
    }
    return RunFolder.open(runDir, runId, err, captureLogs, verbose);
  }

  /** Writes {@code result} in {@code folder} (and to {@code --json}); returns the folder's file, or null. */
  public Path save(RunFolder folder, RunResult result) throws IOException {
    return folder.writeResult(result, json);
  }

  /** {@code --json}: where the run's JSON is also written, or null. */
  public Path jsonCopy() {
    return json;
  }

  /** What {@code --instrument} and {@code --profile} saw of a run: the result's own fields (null: not asked). */
  public record Observed(List<Map<String, Object>> instrumentation, Map<String, Object> profile) {
    public static final Observed NONE = new Observed(null, null);
  }

  /**
   * The agent's reports and the flame graph's place: made once, at the first call (the flame graph moves into
   * the run's folder then, and its place is printed to {@code err}).
   */
  public Observed observed(Path folder, PrintStream err) throws IOException {
    if (observed != null) {
      return observed;
    }
    List<Map<String, Object>> all = null;
    if (instrumentation != null) {
      all = new ArrayList<>(instrumentation.timings());
      all.addAll(taskTimings);
      if (!taskTimings.isEmpty()) {
        err.println(taskSummary());
      }
    }
    Map<String, Object> p = null;
    if (flameGraph != null) {
      String name = "flamegraph-" + profiler.event() + ".html";
      Path to = folder != null ? folder.resolve(name) : Path.of(name).toAbsolutePath();
      Files.move(flameGraph, to, StandardCopyOption.REPLACE_EXISTING);
      flameGraph = null;
      p = new LinkedHashMap<>();
      p.put("event", profiler.event());
      p.put("engine", profiler.engine());
      p.put("flameGraph", name);
      err.println("Flame graph (" + profiler.event() + ", " + profiler.engine() + "): " + to);
    }
    observed = new Observed(all, p);
    return observed;
  }

  /**
   * One line for the counters the tasks brought back (their own reports went to the task logs): the
   * non-zero calls and times, summed over the tasks and their FileSystem instances, per scheme.
   */
  private String taskSummary() {
    Map<String, Map<String, Long>> sums = new java.util.TreeMap<>();
    java.util.Set<Object> tasks = new java.util.LinkedHashSet<>();
    for (Map<String, Object> t : taskTimings) {
      tasks.add(t.get("task"));
      Map<String, Long> scheme = sums.computeIfAbsent(String.valueOf(t.get("scheme")), k -> new LinkedHashMap<>());
      if (t.get("counters") instanceof Map<?, ?> counters) {
        counters.forEach((k, v) -> {
          String name = String.valueOf(k);
          if ((name.endsWith(".call") || name.endsWith(".allTime")) && v instanceof Number n) {
            scheme.merge(name, n.longValue(), Long::sum);
          }
        });
      }
    }
    StringBuilder b = new StringBuilder("--instrument: ").append(tasks.size())
        .append(" task(s) timed in their own JVMs, summed (ms for allTime):");
    sums.forEach((scheme, counters) -> {
      b.append(' ').append(scheme).append(':');
      counters.forEach((k, v) -> {
        if (v != 0) {
          b.append(' ').append(k).append('=').append(v);
        }
      });
      b.append(';');
    });
    return b.toString();
  }

  /** A fresh run folder name: {@code <timestamp>-<name>-<operation>}. */
  public static String runId(String name, String operation) {
    return LocalDateTime.now().format(RUN_ID) + "-" + name + "-" + operation.replace(' ', '-');
  }

  /** This machine's name, for the run's JSON. */
  public static String hostName() {
    return io.harness.core.records.LocalHost.name();
  }
}
