package io.harness.core.cli;

import io.harness.core.run.Workload;
import io.harness.core.run.WorkloadOptions;
import io.harness.core.run.WorkloadType;
import io.harness.core.target.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The command of a workload whose options are one class ({@link WorkloadOptions}, a picocli {@code @Command}):
 * the options every workload shares ({@link WorkloadCommand}'s), then the workload's own, mixed in from its
 * options object, which the command line fills and whose plan and workload it runs.
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

  /** The command of {@code options}. */
  static CommandLine commandLine(WorkloadOptions<?, ?> options, RunContext context) {
    OptionsCommand command = new OptionsCommand(options);
    command.init(context);
    CommandSpec spec = CommandSpec.forAnnotatedObject(command);
    spec.addMixin("options", CommandSpec.forAnnotatedObject(options));
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
    checked = Checked.of(options, context.conf());
  }

  @Override
  protected PathArgument targetPath() {
    WorkloadOptions.TargetPath p = options.targetPath();
    return p == null ? null : new PathArgument(p.option(), p.value());
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
  protected Workload<Target> workload() {
    return checked.workload();
  }

  /** The options' plan, checked once (a plan may draw something, such as dfsg's prefix), and its workload. */
  private record Checked<P>(WorkloadOptions<?, P> options, P plan, Workload<Target> workload) {
    static <P> Checked<P> of(WorkloadOptions<?, P> options, org.apache.hadoop.conf.Configuration conf) {
      P plan = options.plan(conf);
      return new Checked<>(options, plan, options.measures(plan) ? options.workload(plan, null) : null);
    }

    boolean measures() {
      return options.measures(plan);
    }

    int unmeasured(Target target, java.io.PrintStream out) throws Exception {
      return options.unmeasured(plan, target, out);
    }
  }
}
