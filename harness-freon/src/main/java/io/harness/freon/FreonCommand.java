package io.harness.freon;

import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.cli.RunContext;
import io.harness.freon.dfsg.DfsgCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code harness freon}: Ozone's Freon workloads, as the harness runs them. */
@Command(name = "freon", mixinStandardHelpOptions = true,
    subcommands = {DfsgCommand.class},
    description = "Freon-style generators: dfsg writes many files through any Hadoop file system.")
public final class FreonCommand implements Runnable, HarnessSubcommand {
  private RunContext context;

  @Spec
  CommandSpec spec;

  @Override
  public void init(RunContext runContext) {
    this.context = runContext;
  }

  @Override
  public RunContext context() {
    return context;
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "no freon command given (dfsg)");
  }
}
