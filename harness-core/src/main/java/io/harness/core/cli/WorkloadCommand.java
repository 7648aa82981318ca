package io.harness.core.cli;

import io.harness.core.options.ClientOptions;
import io.harness.core.options.UnitConverters;

import io.harness.core.base.Units;

import io.harness.core.base.UsageException;
import io.harness.core.base.ExitCodes;

import io.harness.core.run.Pipeline;
import io.harness.core.run.RunBuilder;
import io.harness.core.engine.Settings;
import io.harness.core.workload.TargetSource;
import io.harness.core.workload.Workload;
import io.harness.core.fs.EmbeddedSpec;
import io.harness.core.fs.Roots;
import io.harness.core.fs.Target;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A workload's command line: the options every workload on a Hadoop file system has ({@code --embedded},
 * {@code --threads}, {@code --task-timeout}, and {@link RunRecording}'s), the checks of the workload's own
 * options, the target they name, and the {@link Pipeline} that runs the {@link Workload} the command builds.
 * Bad input exits 2 before anything is created.
 */
public abstract class WorkloadCommand implements Callable<Integer>, HarnessSubcommand, MeasuringCommand {
  protected RunContext context;

  @Spec
  protected CommandSpec spec;

  @Option(names = "--embedded", paramLabel = "KIND[:N]",
      description = "Start a cluster in this process for the run: hdfs (MiniDFSCluster) or ozone "
          + "(MiniOzoneCluster, with a volume and bucket), N datanodes (default 3). "
          + "It lives for this one command: stopped, and its data removed, when the run ends. For a cluster that "
          + "outlives one command (write, then read back), start 'harness cluster KIND[:N] --write-config FILE' and "
          + "give the commands -conf FILE.")
  protected String embedded;

  @Option(names = {"-t", "--threads"}, paramLabel = "N",
      description = "Threads of the local engine (default: one per task, at most 2 x cores).")
  protected Integer threads;

  @Option(names = "--task-timeout", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "Fail a task that is stuck in one call (write, hflush, close ...) longer than this (30s, "
          + "5m; a bare number is seconds); its thread's stack goes into the run's JSON and a new thread takes "
          + "the remaining tasks. Default: off (tasks wait as long as the file system's client does).")
  protected Units.Span taskTimeout;

  /** --json, --run-dir, --instrument, --profile and what they do: shared with workloads that do not extend this. */
  @Mixin
  protected RunRecording recording;

  /** {@code --engine}, {@code --clients} and the start barrier's options, where the command has them (else null). */
  ClientOptions clients;

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
   * The run the checked options describe (called once, after {@link #validate}, and only when {@link #measures}):
   * its workload on the Hadoop file system {@code fileSystem} opens, or on a target of its own (checked here; then
   * {@code fileSystem} is null, see {@link #ownTarget}).
   */
  protected abstract RunBuilder.Start<?> start(TargetSource<Target> fileSystem);

  /**
   * Whether the workload runs on a target of its own instead of the file system that {@code --embedded}, {@code -fs}
   * and {@link #targetPath} name (which are then not looked at); false by default.
   */
  protected boolean ownTarget() {
    return false;
  }

  /** Whether the command runs a measured workload; one that does not (dfsio -clean) runs {@link #unmeasured}. */
  protected boolean measures() {
    return true;
  }

  /** What a command that measures nothing does on its target; returns the exit code. */
  protected int unmeasured(Target target) throws Exception {
    throw new IllegalStateException(spec.name() + " measures");
  }

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
    if (taskTimeout != null && taskTimeout.nanos() <= 0) {
      throw new UsageException("--task-timeout", "must be positive, was " + taskTimeout);
    }
    RunContext.Host host = context.host();
    io.harness.core.engine.Clients checkedClients = clients == null ? null : clients.checked(clientConf(host));
    TargetSource<Target> source = ownTarget() ? null : targetSource();
    RunBuilder.Start<?> start = measures() ? start(source) : null;
    distinctLocalFiles(start == null ? null : start.workload());
    String liveOption = host == null ? null : recording.live.given();
    if (liveOption != null) {
      throw new UsageException(liveOption, "not on a workload's line: give it to harness experiment, whose live "
          + "view shows every run");
    }
    if (host != null && host.planned() != null) {
      // checked, and planned only: an experiment's line before any cluster starts
      host.planned().accept(start == null ? null : start.workload());
      return ExitCodes.OK;
    }
    io.harness.core.live.Live hosted = host == null ? null : host.live();
    if (hosted != null) {
      recording.recording().live(hosted); // the host's (an experiment's): it starts and closes it
    }
    recording.recording().begin(context.err());
    try (io.harness.core.live.Live live = hosted != null ? io.harness.core.live.Live.none()
        : recording.recording().live()) {
      if (start == null) {
        try (Target target = source.open()) {
          return unmeasured(target);
        }
      }
      Settings settings = new Settings(context.out(), context.err(), recording.recording(), context.commandLine(),
          RunRecording.optionValues(spec), threads, taskTimeout == null ? 0 : taskTimeout.nanos(), true,
          context.stop(), checkedClients);
      io.harness.core.workload.RunOutcome outcome = start.run(new Pipeline(settings, recording.recording()));
      context.ended(outcome);
      return outcome.exitCode();
    }
  }

  /**
   * The line's local outputs (--run-dir, --json, --live-csv, the workload's own): bad input when two name one file,
   * which would be written over, or one is a file the line reads (a configuration file from any source, -libjars ...).
   */
  private void distinctLocalFiles(Workload<?> workload) {
    java.util.List<String> options = new java.util.ArrayList<>(java.util.List.of("--run-dir", "--json", "--live-csv"));
    java.util.List<java.nio.file.Path> paths = new java.util.ArrayList<>(
        java.util.Arrays.asList(recording.runDir, recording.json, recording.live.liveCsv));
    if (workload != null) {
      workload.localOutputs().forEach((option, path) -> {
        options.add(option);
        paths.add(path);
      });
    }
    context.checkOutputs(options.toArray(new String[0]), paths.toArray(new java.nio.file.Path[0]));
  }

  /**
   * The configuration the run's client will have: on an experiment's cluster, the cluster's (its YARN's, where it
   * has one, which makes the MapReduce engine the default) with the line's own settings over it; else the line's.
   */
  protected Configuration clientConf(RunContext.Host host) {
    if (host == null || host.cluster() == null) {
      return context.conf();
    }
    Configuration c = new Configuration(host.cluster().configuration());
    context.genericOptions().applyTo(c);
    return c;
  }

  /** The target the options name, checked without contacting it (bad input: exit 2). */
  private TargetSource<Target> targetSource() {
    RunContext.Host host = context.host();
    if (host != null && host.cluster() != null) {
      if (embedded != null || context.genericOptions().fs() != null) {
        throw new UsageException(embedded != null ? "--embedded" : "-fs", "the experiment's target names the file "
            + "system: a workload's line has neither --embedded nor -fs");
      }
      return () -> Target.hosted(host.cluster(), context.genericOptions()::applyTo);
    }
    if (embedded != null) {
      if (context.genericOptions().fs() != null) {
        throw new UsageException("--embedded", "cannot be combined with -fs (the run's target is the "
            + "embedded cluster)");
      }
      EmbeddedSpec spec = EmbeddedSpec.parse(embedded);
      PathArgument p = targetPath();
      if (p != null && p.value() != null && Roots.fileSystemOf(p.name(), p.value()) != null) {
        throw new UsageException(p.name(), "'" + p.value() + "' names a file system; with --embedded give a path on "
            + "the embedded cluster (e.g. /data/set)");
      }
      return () -> Target.embedded(spec, context.conf(), context.err());
    }
    PathArgument p = targetPath();
    URI own = p == null || p.value() == null ? null : Roots.fileSystemOf(p.name(), p.value());
    URI uri = own != null ? io.harness.core.fs.TargetUri.check(context.conf(), own, p.name())
        : io.harness.core.fs.TargetUri.checkConfigured(context.conf(), context.genericOptions().fs() != null ? "-fs" : "fs.defaultFS");
    return () -> Target.configured(context.conf(), uri);
  }

  /** The value of every option of this command, by its longest name, for the run's JSON. */
  protected Map<String, Object> optionValues() {
    return RunRecording.optionValues(spec);
  }
}
