package io.harness.core.cli;

/**
 * A top-level command that keeps the run context {@link Harness} gives it (its streams, configuration and
 * command line), for itself and its subcommands.
 */
public abstract class ContextCommand implements HarnessSubcommand {
  private RunContext context;

  @Override
  public void init(RunContext runContext) {
    this.context = runContext;
  }

  @Override
  public RunContext context() {
    return context;
  }
}
