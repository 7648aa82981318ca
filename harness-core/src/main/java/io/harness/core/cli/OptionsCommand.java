package io.harness.core.cli;

import io.harness.core.options.ClientOptions;

import io.harness.core.run.RunBuilder;
import io.harness.core.workload.TargetSource;
import io.harness.core.run.WorkloadOptions;
import io.harness.core.workload.WorkloadType;
import io.harness.core.fs.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The command of a workload whose options are one class ({@link WorkloadOptions}, a picocli {@code @Command}):
 * the options every workload shares ({@link WorkloadCommand}'s; of a workload with a target of its own, only
 * {@link RunRecording}'s), then the workload's own, mixed in from its options object, which the command line fills
 * and whose plan and workload it runs. A workload whose libraries are not on this class path
 * ({@link WorkloadOptions#unavailable}) is an {@link AbsentCommand}.
 */
@Command(sortOptions = false)
public final class OptionsCommand extends WorkloadCommand {
  private final WorkloadOptions<?, ?> options;
  private Checked<?> checked;

  private OptionsCommand(WorkloadOptions<?, ?> options) {
    this.options = options;
  }

  /** The registered workloads whose options are a command, each a new object for this command line. */
  static List<WorkloadOptions<?, ?>> registered() {
    List<WorkloadOptions<?, ?>> all = new ArrayList<>();
    for (WorkloadType t : ServiceLoader.load(WorkloadType.class, OptionsCommand.class.getClassLoader())) {
      if (t instanceof WorkloadOptions<?, ?> o && o.getClass().isAnnotationPresent(Command.class)) {
        all.add(o);
      }
    }
    return all;
  }

  /**
   * Where {@code command}'s class comes from in this JVM's class path ({@code java.class.path}); the same for every
   * class that is not on it (a job jar's, whose commands then keep their order).
   */
  static int position(Object command) {
    try {
      java.security.CodeSource source = command.getClass().getProtectionDomain().getCodeSource();
      java.nio.file.Path from = java.nio.file.Path.of(source.getLocation().toURI());
      String[] entries = System.getProperty("java.class.path", "").split(java.io.File.pathSeparator);
      for (int i = 0; i < entries.length; i++) {
        if (!entries[i].isEmpty() && java.nio.file.Path.of(entries[i]).toAbsolutePath().equals(from)) {
          return i;
        }
      }
    } catch (java.net.URISyntaxException | RuntimeException e) {
      // no code source, or not a file: the same place as every other such class
    }
    return Integer.MAX_VALUE;
  }

  /** Adds the command of each of {@code workloads} whose group is {@code parent}'s name to {@code parent}. */
  static void addTo(CommandLine parent, List<WorkloadOptions<?, ?>> workloads, RunContext context) {
    for (WorkloadOptions<?, ?> o : workloads) {
      if (parent.getCommandName().equals(o.group())) {
        parent.addSubcommand(commandLine(o, context));
      }
    }
  }

  /**
   * The command of {@code options}, run with {@code context} (null: the context of the command it is a subcommand
   * of).
   */
  public static CommandLine commandLine(WorkloadOptions<?, ?> options, RunContext context) {
    String unavailable = options.unavailable();
    if (unavailable != null) {
      Command c = options.getClass().getAnnotation(Command.class);
      return AbsentCommand.of(c.name(), c.header().length > 0 ? c.header()[0] : c.description()[0], unavailable);
    }
    OptionsCommand command = new OptionsCommand(options);
    command.init(context);
    CommandSpec spec = CommandSpec.forAnnotatedObject(command);
    if (options.ownTarget()) {
      // the target's options name a Hadoop file system and the local engine's threads: not this workload's
      for (String name : new String[] {"--embedded", "--threads", "--task-timeout"}) {
        spec.remove(spec.findOption(name));
      }
    }
    CommandSpec own = CommandSpec.forAnnotatedObject(options);
    if (!options.ownTarget() && own.findOption("--engine") == null) {
      // a workload with an engine of its own choosing (dfsio, teragen) declares --engine itself
      command.clients = new ClientOptions();
      spec.addMixin("clients", CommandSpec.forAnnotatedObject(command.clients));
    }
    spec.addMixin("options", own);
    String threadsHelp = options.threadsHelp();
    if (threadsHelp != null) {
      // picocli looks an option's description up by its longest name
      spec.resourceBundle(new ListResourceBundle() {
        @Override
        protected Object[][] getContents() {
          return new Object[][] {{"threads", threadsHelp}};
        }
      });
    }
    return new CommandLine(spec);
  }

  @Override
  protected void validate() {
    options.fromCommandLine(context.commandLine());
    if (threads != null && threads > 0) {
      options.threads(threads);
    }
    // on an experiment's cluster, its client configuration (a YARN of its own picks the MapReduce engine)
    checked = Checked.of(options, clientConf(context.host()));
  }

  @Override
  protected PathArgument targetPath() {
    WorkloadOptions.TargetPath p = options.targetPath();
    return p == null ? null : new PathArgument(p.option(), p.value());
  }

  @Override
  protected boolean ownTarget() {
    return options.ownTarget();
  }

  @Override
  protected boolean measures() {
    return checked.measures();
  }

  @Override
  protected int unmeasured(Target target) throws Exception {
    return checked.unmeasured(target, context.out());
  }

  @Override
  protected RunBuilder.Start<?> start(TargetSource<Target> fileSystem) {
    String fs = context.genericOptions().fs();
    WorkloadOptions.Site site = new WorkloadOptions.Site(context.conf(),
        () -> io.harness.core.fs.TargetUri.checkConfigured(context.conf(), fs != null ? "-fs" : "fs.defaultFS"), fs != null,
        context.genericOptions().settings(), context.err());
    return checked.start(site, fileSystem);
  }

  /** The options' plan, checked once (a plan may draw something, such as dfsg's prefix). */
  private record Checked<P>(WorkloadOptions<?, P> options, P plan) {
    static <P> Checked<P> of(WorkloadOptions<?, P> options, org.apache.hadoop.conf.Configuration conf) {
      return new Checked<>(options, options.plan(conf));
    }

    boolean measures() {
      return options.measures(plan);
    }

    RunBuilder.Start<?> start(WorkloadOptions.Site site, TargetSource<Target> fileSystem) {
      return options.newRun(plan, site, fileSystem);
    }

    int unmeasured(Target target, java.io.PrintStream out) throws Exception {
      return options.unmeasured(plan, target, out);
    }
  }
}
