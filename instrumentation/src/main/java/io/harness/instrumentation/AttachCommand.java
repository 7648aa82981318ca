package io.harness.instrumentation;

import io.harness.core.base.ExitCodes;
import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.cli.RunContext;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code harness attach PID [--rules SETS] [--report FILE]}: the Byteman timing agent into a running JVM. */
@Command(name = "attach", mixinStandardHelpOptions = true, sortOptions = false,
    header = io.harness.core.cli.Harness.ATTACH_HEADER,
    description = {
        "Loads the harness timing agent into a running JVM: from then on it counts and "
            + "times FileSystem stream calls, per FileSystem instance, and prints each instance's "
            + "report on its own stderr when the instance closes (and at exit).",
        "Sets: write (FSDataOutputStream write, hflush, hsync, close), read (FSDataInputStream "
            + "read, readFully, positioned reads), ozone (the Ozone client's waits for commit).",
        "Attaching again adds rule sets. Streams opened before the attach are counted as 'unknown'."})
public final class AttachCommand implements Callable<Integer>, HarnessSubcommand {
  private RunContext context;

  @Parameters(paramLabel = "PID", description = "The process id of the JVM.")
  String pid;

  @Option(names = "--rules", paramLabel = "SET[,SET...]",
      description = "Rule sets: write, read, ozone, datanode (an Ozone datanode's server side) or all (default: write,ozone).")
  String rules;

  @Option(names = "--report", paramLabel = "FILE",
      description = "Also append each report's JSON line to this file (%%p: the target's pid).")
  String report;

  @Option(names = "--agent-jar", paramLabel = "JAR",
      description = "The agent jar (default: the harness-instrumentation jar the harness runs with).")
  Path agentJar;

  @Override
  public void init(RunContext runContext) {
    this.context = runContext;
  }

  /** The context given to {@link #init}. */
  public RunContext context() {
    return context;
  }

  @Override
  public Integer call() {
    if (report != null) {
      // the target JVM appends to it: a place that cannot be written is bad input here, not a silent loss there
      java.nio.file.Path file = io.harness.core.base.LocalOutputs.path("--report", report.replace("%p", pid));
      io.harness.core.base.LocalOutputs.checkFile("--report", file);
      context.inputs().refuseOver("--report", file);
    }
    try {
      context.out().println(Attach.attach(pid, rules, report, agentJar));
      return ExitCodes.OK;
    } catch (Attach.Failure f) {
      if (f.exitCode() == ExitCodes.USAGE) {
        throw new UsageException(f.argument(), f.reason());
      }
      throw new RunFailedException(f.getMessage());
    }
  }
}
