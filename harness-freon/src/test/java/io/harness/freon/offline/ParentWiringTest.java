package io.harness.freon.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.ExitCodes;
import io.harness.core.cli.GenericOptions;
import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.cli.OptionsCommand;
import io.harness.core.cli.RunContext;
import io.harness.core.base.UsageException;
import io.harness.core.run.WorkloadOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The generators as subcommands of a parent command that holds the run context (as {@code harness
 * freon} does): their commands made from their options classes with no context of their own, as
 * {@code harness} adds them to their group, they take the context from the parent's {@code context()}.
 */
class ParentWiringTest {
  /** A stand-in for {@code io.harness.freon.FreonCommand}. */
  @Command(name = "freon")
  public static final class Parent implements Runnable, HarnessSubcommand {
    RunContext context;

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
    }
  }

  @Test
  void subcommandsTakeTheParentsContext() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    Parent parent = new Parent();
    parent.init(new RunContext(List.of(), GenericOptions.extract(), new OzoneConfiguration(),
        System.out, errStream, io.harness.core.base.StopRequest.detached()));
    CommandLine cl = new CommandLine(parent);
    for (WorkloadOptions<?, ?> generator : List.of(new CgScm(), new CgOm(), new CgDn())) {
      cl.addSubcommand(OptionsCommand.commandLine(generator, null));
    }
    cl.setOptionsCaseInsensitive(true);
    cl.setSubcommandsCaseInsensitive(true);
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      errStream.println(commandLine.getCommandSpec().qualifiedName() + ": " + ex.getMessage());
      return ex instanceof UsageException ? ExitCodes.USAGE : ExitCodes.FAILED;
    });
    assertEquals(ExitCodes.USAGE, cl.execute("cgdn", "-n", "1", "--index", "5"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("freon cgdn: --index: must be 0 .. 2"), err.toString());
    assertEquals(ExitCodes.USAGE, cl.execute("CGSCM", "-N", "0"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("freon cgscm: -n: must be at least 1"), err.toString());
    assertEquals(ExitCodes.USAGE, cl.execute("cgom", "-n", "1", "--volume", "A_B"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("freon cgom: --volume:"), err.toString());
  }
}
