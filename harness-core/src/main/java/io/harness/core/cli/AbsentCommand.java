package io.harness.core.cli;

import io.harness.core.base.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UnmatchedArgsBinding;

/**
 * A command whose libraries are not on this class path (the job jar on a plain Hadoop client has no Ozone
 * servers and no timing agent): it is listed as usual, and run with any arguments it says in one line where
 * it runs instead (bad input, exit 2, nothing done).
 */
public final class AbsentCommand implements Callable<Integer> {
  private final String where;
  private CommandSpec spec;

  private AbsentCommand(String where) {
    this.where = where;
  }

  /**
   * The command line of command {@code name}: {@code header} is its line in its parent's list, {@code where}
   * the one line it prints when run (it should say what to run instead).
   */
  public static CommandLine of(String name, String header, String where) {
    AbsentCommand command = new AbsentCommand(where);
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
    command.spec = spec;
    spec.name(name);
    spec.mixinStandardHelpOptions(true);
    spec.usageMessage().header(header).description(header, where);
    // every argument of the real command is taken, so the line always ends in the one message above
    spec.addUnmatchedArgsBinding(UnmatchedArgsBinding.forStringArrayConsumer(new CommandLine.Model.ISetter() {
      @Override
      public <T> T set(T value) {
        return null;
      }
    }));
    return new CommandLine(spec);
  }

  @Override
  public Integer call() {
    spec.commandLine().getErr().println(spec.qualifiedName() + ": " + where);
    return ExitCodes.USAGE;
  }
}
