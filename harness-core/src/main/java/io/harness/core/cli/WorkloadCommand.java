package io.harness.core.cli;

import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.target.EmbeddedSpec;
import io.harness.core.target.Target;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The life of every workload command: check the arguments (bad input exits 2 before anything is
 * created), find or start the target, run, write the run's JSON. Subclasses supply the checks and
 * the run.
 */
public abstract class WorkloadCommand implements Callable<Integer>, HarnessSubcommand {
  private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

  protected RunContext context;

  @Spec
  protected CommandSpec spec;

  @Option(names = "--embedded", paramLabel = "KIND[:N]",
      description = "Start a cluster in this process for the run: hdfs (MiniDFSCluster) or ozone "
          + "(MiniOzoneCluster, with a volume and bucket), N datanodes (default 3). "
          + "Stopped, and its data removed, when the run ends.")
  protected String embedded;

  @Option(names = {"-t", "--threads"}, paramLabel = "N",
      description = "Threads of the local engine (default: one per task, at most 2 x cores).")
  protected Integer threads;

  @Option(names = "--json", paramLabel = "FILE",
      description = "Also write the run's JSON here (it is always written under --run-dir).")
  protected Path json;

  @Option(names = "--run-dir", paramLabel = "DIR", defaultValue = "harness-runs",
      description = "Local directory that gets one folder per run with its result.json "
          + "(default: ${DEFAULT-VALUE}).")
  protected Path runDir;

  @Option(names = "--instrument", arity = "0..1", fallbackValue = "write,ozone", paramLabel = "SETS",
      description = "Time FileSystem calls (and the Ozone client's waits for commit) with the Byteman rules of "
          + "the instrumentation module: rule sets write, read, ozone or all (default when given alone: "
          + "write,ozone). Each FileSystem reports when it closes; the counters go into the run's JSON.")
  protected String instrument;

  @Option(names = "--profile", paramLabel = "EVENT",
      description = "Profile the measured phase with async-profiler: cpu, wall, alloc or lock. Writes an HTML "
          + "flame graph next to the run's JSON, which names it and the sampling engine that ran.")
  protected String profile;

  private RunInstrumentation instrumentation;
  private io.harness.core.profile.Profiler profiler;
  private Path flameGraph;

  @Override
  public void init(RunContext runContext) {
    this.context = runContext;
  }

  /** The run context (for subcommands of a workload). */
  public RunContext context() {
    return context;
  }

  /** Checks the workload's own options; throws {@link UsageException}. Nothing may be touched. */
  protected abstract void validate();

  /**
   * The file system a fully qualified path argument names (scheme and authority, e.g. an output
   * directory {@code o3fs://bucket.volume/dir}), which is then the run's target whatever {@code -fs}
   * says; null (the default) when the command has no such path.
   */
  protected URI ownFileSystem() {
    return null;
  }

  /** The argument {@link #ownFileSystem()} comes from, for error messages. */
  protected String ownFileSystemArgument() {
    return "path";
  }

  /** The scheme and authority of a path that has a scheme, else null: for {@link #ownFileSystem()}. */
  protected static URI fileSystemOf(String path) {
    try {
      URI u = new org.apache.hadoop.fs.Path(path).toUri();
      return u.getScheme() == null ? null : new URI(u.getScheme(), u.getAuthority(), "/", null, null);
    } catch (IllegalArgumentException | java.net.URISyntaxException e) {
      return null;
    }
  }

  /** Checks what depends on the target (e.g. a root path's form); nothing may be created yet. */
  protected void validateTarget(Target target) {
  }

  /** Runs the workload on the target and returns the exit code. */
  protected abstract int execute(Target target) throws Exception;

  @Override
  public final Integer call() throws Exception {
    // a workload declared as the subcommand of another command (harness freon dfsg) gets its parent's context
    if (context == null && spec.parent() != null
        && spec.parent().userObject() instanceof HarnessSubcommand parent) {
      context = parent.context();
    }
    validate();
    if (threads != null && threads < 1) {
      throw new UsageException("--threads", "must be at least 1, was " + threads);
    }
    if (profile != null) {
      profiler = io.harness.core.profile.Profiler.prepare(profile);
    }
    if (instrument != null) {
      instrumentation = java.util.ServiceLoader.load(RunInstrumentation.class).findFirst().orElseThrow(
          () -> new UsageException("--instrument", "the instrumentation module is not on the class path"));
      context.err().println(instrumentation.start("--instrument", instrument));
    }
    EmbeddedSpec embeddedSpec = null;
    URI configured = null;
    if (embedded != null) {
      if (context.genericOptions().fs() != null) {
        throw new UsageException("--embedded", "cannot be combined with -fs (the run's target is the "
            + "embedded cluster)");
      }
      embeddedSpec = EmbeddedSpec.parse(embedded);
    } else if (ownFileSystem() != null) {
      configured = Target.check(context.conf(), ownFileSystem(), ownFileSystemArgument());
    } else {
      configured = Target.checkConfigured(context.conf(),
          context.genericOptions().fs() != null ? "-fs" : "fs.defaultFS");
    }
    try (Target target = embeddedSpec != null
        ? Target.embedded(embeddedSpec, context.conf(), context.err())
        : Target.configured(context.conf(), configured)) {
      validateTarget(target);
      return execute(target);
    }
  }

  /** The value of every option of this command, by its longest name, for the run's JSON. */
  protected Map<String, Object> optionValues() {
    Map<String, Object> values = new LinkedHashMap<>();
    for (OptionSpec o : spec.options()) {
      if (o.usageHelp() || o.versionHelp()) {
        continue;
      }
      Object v = o.getValue();
      values.put(o.longestName(), v instanceof Path ? v.toString() : v);
    }
    return values;
  }

  /** A fresh run folder name: {@code <timestamp>-<workload>-<operation>}. */
  protected String runId(String operation) {
    return LocalDateTime.now().format(RUN_ID) + "-" + spec.name() + "-" + operation.replace(' ', '-');
  }

  /**
   * Writes the result under {@code --run-dir} (and to {@code --json} when given) and returns the
   * run-dir file.
   */
  /**
   * Runs a workload's measured phase (its engine run), under the profiler when {@code --profile} asked
   * for one.
   */
  protected <T> T measured(Callable<T> phase) throws Exception {
    if (profiler == null) {
      return phase.call();
    }
    if (flameGraph != null) {
      throw new IllegalStateException("one measured phase per run");
    }
    flameGraph = java.nio.file.Files.createTempFile("harness-flamegraph-", ".html");
    profiler.start();
    try {
      return phase.call();
    } finally {
      profiler.stop(flameGraph);
    }
  }

  protected Path writeResult(RunResult result, String runId) throws IOException {
    Path dir = runDir.resolve(runId);
    if (instrumentation != null || flameGraph != null) {
      Map<String, Object> figures = new LinkedHashMap<>(result.figures());
      if (instrumentation != null) {
        figures.put("instrumentation", instrumentation.timings());
      }
      if (flameGraph != null) {
        String name = "flamegraph-" + profiler.event() + ".html";
        java.nio.file.Files.createDirectories(dir);
        java.nio.file.Files.move(flameGraph, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("event", profiler.event());
        p.put("engine", profiler.engine());
        p.put("flameGraph", name);
        figures.put("profile", p);
        context.err().println("Flame graph (" + profiler.event() + ", " + profiler.engine() + "): "
            + dir.resolve(name));
      }
      result = new RunResult(result.workload(), result.operation(), result.commandLine(), result.options(),
          result.versions(), result.host(), result.target(), result.targetDescription(), result.root(),
          result.startedAt(), result.finishedAt(), result.exitCode(), result.failedTasks(), result.aggregate(),
          figures, result.tasks());
    }
    Path file = dir.resolve("result.json");
    ResultWriter.write(result, file);
    if (json != null) {
      ResultWriter.write(result, json);
    }
    return file;
  }

  /** This machine's name, for the run's JSON. */
  protected static String hostName() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  protected int threadsFor(int tasks) {
    return threads != null ? threads : io.harness.core.engine.LocalEngine.defaultThreads(tasks);
  }
}
