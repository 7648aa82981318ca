package io.harness.freon;

import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.cli.RunContext;
import io.harness.freon.dfsg.DfsgCommand;
import io.harness.freon.offline.CgDnCommand;
import io.harness.freon.offline.CgOmCommand;
import io.harness.freon.offline.CgScmCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code harness freon}: Ozone's Freon workloads, as the harness runs them. */
@Command(name = "freon", mixinStandardHelpOptions = true,
    subcommands = {DfsgCommand.class, CgScmCommand.class, CgOmCommand.class, CgDnCommand.class},
    description = {"Freon-style generators: dfsg writes many files through any Hadoop file system;",
        "cgscm, cgom and cgdn write containers, keys and chunk data straight into a stopped Ozone cluster's "
            + "SCM DB, OM DB and datanode volumes."})
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
    throw new ParameterException(spec.commandLine(), "no freon command given (dfsg, cgscm, cgom, cgdn)");
  }
}
