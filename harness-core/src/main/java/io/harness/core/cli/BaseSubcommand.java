package io.harness.core.cli;

/**
 * A top-level {@code harness} command that keeps the run context {@link Harness} gives it, for itself and for
 * its subcommands.
 */
public abstract class BaseSubcommand implements HarnessSubcommand {
  /** The context; a subcommand of a command may take its parent's. */
  protected RunContext context;

  @Override
  public void init(RunContext runContext) {
    this.context = runContext;
  }

  @Override
  public RunContext context() {
    return context;
  }
}
