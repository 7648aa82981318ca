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
}
