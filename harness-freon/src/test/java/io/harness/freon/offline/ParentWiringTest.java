package io.harness.freon.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.ExitCodes;
import io.harness.core.cli.GenericOptions;
import io.harness.core.cli.RunContext;
import io.harness.core.base.UsageException;
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
 * freon} does): declared in {@code subcommands}, built by picocli with their no-arg constructors,
 * they take the context from the parent's {@code context()}.
 */
class ParentWiringTest {
  /** A stand-in for {@code io.harness.freon.FreonCommand}. */
  @Command(name = "freon", subcommands = {CgScmCommand.class, CgOmCommand.class, CgDnCommand.class})
  public static final class Parent implements Runnable {
    RunContext context;

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
    parent.context = new RunContext(List.of(), GenericOptions.extract(), new OzoneConfiguration(),
        System.out, errStream, io.harness.core.base.StopRequest.detached());
    CommandLine cl = new CommandLine(parent);
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
