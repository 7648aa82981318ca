package io.harness.core.cli;

import io.harness.core.engine.Monitor;
import io.harness.core.result.RunResult;
import io.harness.core.target.EmbeddedSpec;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The life of every workload command: check the arguments (bad input exits 2 before anything is
 * created), find or start the target, run, write the run's JSON. Subclasses supply the checks and
 * the run.
 */
public abstract class WorkloadCommand implements Callable<Integer>, HarnessSubcommand {
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

  @Option(names = "--task-timeout", paramLabel = "TIME",
      description = "Fail a task that is stuck in one call (write, hflush, close ...) longer than this (30s, "
          + "5m; a bare number is seconds); its thread's stack goes into the run's JSON and a new thread takes "
          + "the remaining tasks. Default: off (tasks wait as long as the file system's client does).")
  protected String taskTimeout;

  private long taskTimeoutNanos;

  /** --json, --run-dir, --instrument, --profile and what they do: shared with workloads that do not extend this. */
  @Mixin
  protected RunRecording recording;

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

  /** A path argument as typed ({@code value} may be null when it was not given) and its name. */
  public record PathArgument(String name, String value) {}

  /**
   * The command's path argument that may be fully qualified (e.g. an output directory
   * {@code o3fs://bucket.volume/dir}): when it is, the file system it names is the run's target whatever
   * {@code -fs} says. Null (the default) when the command has no such path.
   */
  protected PathArgument targetPath() {
    return null;
  }

  private URI ownFileSystem() {
    PathArgument p = targetPath();
    return p == null || p.value() == null ? null : Roots.fileSystemOf(p.value());
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
    if (taskTimeout != null) {
      try {
        taskTimeoutNanos = io.harness.core.util.Durations.parseNanos(taskTimeout);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--task-timeout", e.getMessage());
      }
      if (taskTimeoutNanos <= 0) {
        throw new UsageException("--task-timeout", "must be positive, was " + taskTimeout);
      }
    }
    recording.begin(context.err());
    EmbeddedSpec embeddedSpec = null;
    URI configured = null;
    if (embedded != null) {
      if (context.genericOptions().fs() != null) {
        throw new UsageException("--embedded", "cannot be combined with -fs (the run's target is the "
            + "embedded cluster)");
      }
      embeddedSpec = EmbeddedSpec.parse(embedded);
    } else if (ownFileSystem() != null) {
      configured = Target.check(context.conf(), ownFileSystem(), targetPath().name());
    } else {
      configured = Target.checkConfigured(context.conf(),
          context.genericOptions().fs() != null ? "-fs" : "fs.defaultFS");
    }
    recording.open(runId(operationName()), context.err());
    try (Target target = embeddedSpec != null
        ? Target.embedded(embeddedSpec, context.conf(), context.err())
        : Target.configured(context.conf(), configured)) {
      validateTarget(target);
      return execute(target);
    } catch (UsageException e) {
      recording.discard();
      throw e;
    } finally {
      recording.close(context.err());
    }
  }

  /** The operation this run performs (its folder's and JSON's name), e.g. {@code write}; known after {@link #validate}. */
  protected String operationName() {
    return spec.name();
  }

  /**
   * What the local engine reports while this run's tasks run: progress lines labelled {@code label}, the
   * stuck tasks, {@code --task-timeout}, and a stop on SIGINT / SIGTERM.
   */
  protected Monitor monitor(String label) {
    return Monitor.of(context.err(), label).taskTimeout(taskTimeoutNanos);
  }

  /** The value of every option of this command, by its longest name, for the run's JSON. */
  protected Map<String, Object> optionValues() {
    return RunRecording.optionValues(spec);
  }

  /** A fresh run folder name: {@code <timestamp>-<workload>-<operation>}. */
  protected String runId(String operation) {
    return RunRecording.runId(spec.name(), operation);
  }

  /**
   * Runs a workload's measured phase (its engine run), under the profiler when {@code --profile} asked for one.
   */
  protected <T> T measured(Callable<T> phase) throws Exception {
    return recording.measured(phase);
  }

  /**
   * Writes the result in the run's folder (and to {@code --json} when given), with the figures of
   * {@code --instrument} and {@code --profile}, and returns the run-folder file. May be called again to
   * rewrite it.
   */
  protected Path writeResult(RunResult result) throws IOException {
    return recording.write(result, context.err());
  }

  /** This machine's name, for the run's JSON. */
  protected static String hostName() {
    return RunRecording.hostName();
  }

  protected int threadsFor(int tasks) {
    return threads != null ? threads : io.harness.core.engine.LocalEngine.defaultThreads(tasks);
  }
}
