package io.harness.core.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A top-level command that only groups subcommands ({@code harness freon ...}, {@code harness spark ...}):
 * it holds the run context its subcommands take, and given no subcommand it is a usage error.
 */
public abstract class CommandGroup extends ContextCommand implements Runnable {
  @Spec
  protected CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "no " + spec.name() + " command given ("
        + String.join(", ", spec.subcommands().keySet().stream()
            .filter(n -> spec.subcommands().get(n).getCommandName().equals(n)).toList()) + ")");
  }
}
