package io.harness.core.cli;

/**
 * A top-level {@code harness} subcommand. Modules register their picocli {@code @Command} classes
 * with {@link java.util.ServiceLoader} under this interface; {@link Harness} adds every one it finds.
 */
public interface HarnessSubcommand {
  /** Called once before the command line is parsed. */
  void init(RunContext context);

  /** The context given to {@link #init}: a command's own subcommands take theirs from it. */
  default RunContext context() {
    return null;
  }

  /**
   * Adds subcommands that can only be offered when their libraries are on the class path (picocli reflects
   * on every method of a declared subcommand, so one whose signatures name a missing class would break the
   * whole command line, e.g. in the job jar on a plain Hadoop class path). Called once, right after this
   * command was added; {@code own} is its command line.
   */
  default void addSubcommands(picocli.CommandLine own) {
  }
}
