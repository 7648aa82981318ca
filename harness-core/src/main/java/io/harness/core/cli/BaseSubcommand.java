package io.harness.core.cli;

/**
 * A top-level {@code harness} command that keeps the run context {@link Harness} gives it, for itself and for
 * its subcommands.
 */
public abstract class BaseSubcommand implements HarnessSubcommand {
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
