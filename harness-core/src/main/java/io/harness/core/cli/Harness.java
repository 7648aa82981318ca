package io.harness.core.cli;

import io.harness.core.base.UsageException;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.ExitCodes;

import io.harness.core.base.StopRequest;
import io.harness.core.result.Versions;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.ServiceLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code harness} entry point. */
@Command(name = "harness",
    mixinStandardHelpOptions = true,
    versionProvider = io.harness.core.options.VersionProvider.class,
    description = {
        "Measures HDFS, Apache Ozone and any Hadoop-compatible file system.",
        "",
        "Hadoop generic options (-D key=value, -conf file, -fs uri, -jt, -files, -libjars, -archives) "
            + "are accepted anywhere on the line; $HADOOP_CONF_DIR and $OZONE_CONF_DIR are read.",
        "Exit codes: 0 success, 1 the run failed (in whole or in part), 2 bad input (nothing done)."},
    synopsisSubcommandLabel = "COMMAND")
public final class Harness implements Runnable {
  /** The attach command's one line in {@code harness --help}. */
  public static final String ATTACH_HEADER = "Loads the timing agent into a running JVM.";
  /** The spark command's one line in {@code harness --help}. */
  public static final String SPARK_HEADER = "Parquet generate / count / copy on Spark (local[*] or a cluster).";

  @Spec
  CommandSpec spec;

  public static void main(String[] args) {
    // SIGINT / SIGTERM stop the run, which still prints and saves what it measured (exit 130 / 143)
    Signals.install(System.err);
    // the command line's stop request stays open until the process exits: a signal that comes after the run saved
    // its result still marks it stopped, and the exit code is taken with the signals held off
    StopRequest stop = StopRequest.open();
    int code = run(System.getenv(), System.out, System.err, null, stop, args);
    System.out.flush();
    System.err.flush();
    // JVMs that ran a mini cluster keep non-daemon threads: always leave with an explicit code.
    Signals.exit(stop, code);
  }

  /** Runs one command line and returns its exit code; never calls System.exit. */
  public static int run(Map<String, String> env, PrintStream out, PrintStream err, String... args) {
    return run(env, out, err, null, args);
  }

  /**
   * Runs one command line inside another command (see {@link RunContext.Host}; null: on its own) and returns its
   * exit code.
   */
  public static int run(Map<String, String> env, PrintStream out, PrintStream err, RunContext.Host host,
      String... args) {
    // this command line's own stop request: a signal asks it (and any other run in flight) to stop; a line that
    // another command runs (an experiment's) is asked once that command has been
    StopRequest stop = host == null ? StopRequest.open() : StopRequest.nested();
    try {
      return run(env, out, err, host, stop, args);
    } finally {
      stop.close();
    }
  }

  private static int run(Map<String, String> env, PrintStream out, PrintStream err, RunContext.Host host,
      StopRequest stop, String... args) {
    RunContext context;
    GenericOptions generic;
    try {
      generic = GenericOptions.extract(args);
      org.apache.hadoop.conf.Configuration conf = RunContext.baseConfiguration(env, generic);
      io.harness.core.base.LocalInputs inputs = RunContext.localInputs(env, generic);
      context = new RunContext(Arrays.asList(args), generic, conf,
          host == null ? inputs : inputs.with(host.inputs().all()), out, err, stop).hostedBy(host);
    } catch (UsageException e) {
      err.println("harness: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    if (host == null) {
      confDirNotes(env).forEach(err::println);
    }
    CommandLine cl = commandLine(context);
    if (host != null && host.planned() != null && !measures(cl, generic.rest(), context)) {
      return ExitCodes.USAGE;
    }
    int code = cl.execute(generic.rest().toArray(new String[0]));
    return stop.exitCode(code);
  }

  static CommandLine commandLine(RunContext context) {
    CommandLine cl = new CommandLine(new Harness());
    // the workloads whose options are their command (WorkloadOptions): each under its group, or on its own
    java.util.List<io.harness.core.run.WorkloadOptions<?, ?>> workloads = OptionsCommand.registered();
    // the commands on the harness's own class path: not those of jars -libjars adds for a job (under
    // `hadoop jar harness.jar` their picocli is not the job jar's relocated one)
    java.util.List<HarnessSubcommand> subs = new java.util.ArrayList<>();
    ServiceLoader.load(HarnessSubcommand.class, Harness.class.getClassLoader()).forEach(subs::add);
    java.util.List<io.harness.core.run.WorkloadOptions<?, ?>> own = workloads.stream().filter(o -> o.group() == null)
        .toList();
    // both in the class path's order, as bin/harness lists the modules' jars
    for (int i = 0, j = 0; i < subs.size() || j < own.size(); ) {
      if (j >= own.size() || i < subs.size() && OptionsCommand.position(subs.get(i)) <= OptionsCommand.position(
          own.get(j))) {
        HarnessSubcommand sub = subs.get(i++);
        sub.init(context);
        cl.addSubcommand(sub);
        CommandLine added = cl.getSubcommands().values().stream().filter(c -> c.getCommand() == sub).findFirst()
            .orElseThrow();
        OptionsCommand.addTo(added, workloads, context);
        sub.addSubcommands(added);
      } else {
        cl.addSubcommand(OptionsCommand.commandLine(own.get(j++), context));
      }
    }
    // bin/harness spark starts a JVM of its own on Spark's class path (lib/spark): here the command is only listed
    if (!cl.getSubcommands().containsKey("spark")) {
      cl.addSubcommand("spark", AbsentCommand.of("spark", SPARK_HEADER, "Spark is not on this class path: run "
          + "bin/harness spark ... (its own JVM on lib/spark), or spark-submit harness-spark.jar."));
    }
    if (!cl.getSubcommands().containsKey("attach")) {
      cl.addSubcommand("attach", AbsentCommand.of("attach", ATTACH_HEADER,
          "the timing agent is not on this class path: run bin/harness attach PID (lib/ has the agent jar)."));
    }
    // a command's header is its one line in its parent's list of commands; its own help starts with its usage
    noHeaders(cl);
    cl.setUsageHelpWidth(120);
    cl.setOptionsCaseInsensitive(true);
    cl.setSubcommandsCaseInsensitive(true);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setOut(new java.io.PrintWriter(context.out(), true));
    cl.setErr(new java.io.PrintWriter(context.err(), true));
    cl.setParameterExceptionHandler((ex, args) -> {
      String where = ex.getCommandLine().getCommandSpec().qualifiedName();
      // a converter's refusal (Units): "-fileSize: 'abc' is not a size", as the command's own checks say it,
      // under the name that was typed (-size is -fileSize's other name)
      String message = oneLine(ex.getMessage()).replaceFirst("^Invalid value for option '([^']+)': ",
          typedName(ex, args) + ": ");
      context.err().println(where + ": " + message + " (see '" + where + " --help')");
      context.failed(ExitCodes.USAGE, where + ": " + message);
      return ExitCodes.USAGE;
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      String where = commandLine.getCommandSpec().qualifiedName();
      String denied = AccessDenied.describe(ex);
      int code = ex instanceof UsageException ? ExitCodes.USAGE : ExitCodes.FAILED;
      String line = where + ": " + (ex instanceof UsageException || ex instanceof RunFailedException
          ? oneLine(ex.getMessage()) : denied != null ? denied : "failed: " + oneLine(String.valueOf(ex)));
      context.err().println(line);
      if (!(ex instanceof UsageException || ex instanceof RunFailedException) && denied == null && !expected(ex)) {
        // not a failure a run can meet (I/O, refusals): a fault of the harness, with its trace
        ex.printStackTrace(context.err());
      }
      context.failed(code, line);
      return code;
    });
    return cl;
  }

  /** Whether the line names a command that measures a workload (else says so, as bad input). */
  private static boolean measures(CommandLine cl, java.util.List<String> args, RunContext context) {
    try {
      java.util.List<CommandLine> parsed = cl.parseArgs(args.toArray(new String[0])).asCommandLineList();
      Object leaf = parsed.get(parsed.size() - 1).getCommand();
      if (leaf instanceof MeasuringCommand) {
        return true;
      }
      context.err().println("harness: '" + String.join(" ", args.subList(0, Math.min(2, args.size())))
          + "' does not measure a workload (give dfsio, teragen, teravalidate, freon ... or spark ...)");
    } catch (CommandLine.ParameterException e) {
      try {
        cl.getParameterExceptionHandler().handleParseException(e, args.toArray(new String[0]));
      } catch (Exception again) {
        context.err().println("harness: " + oneLine(String.valueOf(e.getMessage())));
      }
    } catch (RuntimeException e) {
      context.err().println("harness: " + oneLine(String.valueOf(e.getMessage())));
    }
    return false;
  }

  private static void noHeaders(CommandLine cl) {
    for (CommandLine sub : cl.getSubcommands().values()) {
      java.util.List<String> keys = new java.util.ArrayList<>(sub.getHelpSectionKeys());
      keys.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER_HEADING);
      keys.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER);
      sub.setHelpSectionKeys(keys);
      noHeaders(sub);
    }
  }

  /** The name of the option a parameter exception is about, as the command line spelt it ({@code $1} if none). */
  private static String typedName(CommandLine.ParameterException ex, String[] args) {
    if (ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o) {
      for (String arg : args) {
        for (String name : o.names()) {
          if (arg.equalsIgnoreCase(name) || arg.toLowerCase(java.util.Locale.ROOT).startsWith(
              name.toLowerCase(java.util.Locale.ROOT) + "=")) {
            return java.util.regex.Matcher.quoteReplacement(name);
          }
        }
      }
    }
    return "$1";
  }

  /** One line for each of $HADOOP_CONF_DIR and $OZONE_CONF_DIR that is set but names no directory. */
  static java.util.List<String> confDirNotes(Map<String, String> env) {
    java.util.List<String> notes = new java.util.ArrayList<>();
    for (String var : new String[] {"HADOOP_CONF_DIR", "OZONE_CONF_DIR"}) {
      String dir = env.get(var);
      if (dir != null && !dir.isBlank() && !new java.io.File(dir).isDirectory()) {
        notes.add("harness: $" + var + "=" + dir + " is not a directory: no site file is read from it");
      }
    }
    return notes;
  }

  /** Whether a failure is one a run can meet (I/O, the file system's refusals), not a fault of the harness. */
  private static boolean expected(Throwable ex) {
    for (Throwable t = ex; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof java.io.IOException || t instanceof java.io.UncheckedIOException) {
        return true;
      }
    }
    return false;
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
  }

  @Override
  public void run() {
    // no command: the usage is what was asked for (stdout); the one line on stderr and exit 2 say it was not a run
    spec.commandLine().usage(spec.commandLine().getOut());
    throw new CommandLine.ParameterException(spec.commandLine(), "no command given");
  }
}
