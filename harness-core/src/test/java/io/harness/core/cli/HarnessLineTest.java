package io.harness.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What {@code harness} does with no command, and with a command whose libraries are not on the class path. */
class HarnessLineTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
  }

  @Test
  void noCommandPrintsTheUsageOnStdoutAndExits2() {
    assertEquals(ExitCodes.USAGE, run());
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: harness [-hV] COMMAND\n"), out.toString());
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("\nCommands:\n"), out.toString());
    assertEquals("harness: no command given (see 'harness --help')\n", err.toString(StandardCharsets.UTF_8));
  }

  /** harness-core alone has neither Spark nor the timing agent: both are listed, and say where they run. */
  @Test
  void anAbsentCommandSaysWhereItRunsInOneLine() {
    assertEquals(ExitCodes.USAGE, run("attach", "4242", "--rules", "write"));
    assertEquals("", out.toString(StandardCharsets.UTF_8));
    assertEquals("harness attach: the timing agent is not on this class path: run bin/harness attach PID (lib/ has "
        + "the agent jar).\n", err.toString(StandardCharsets.UTF_8));
    err.reset();
    assertEquals(ExitCodes.USAGE, run("spark", "generate", "--rows", "8", "file:///x"));
    assertEquals("harness spark: Spark is not on this class path: run bin/harness spark ... (its own JVM on "
        + "lib/spark), or spark-submit harness-spark.jar.\n", err.toString(StandardCharsets.UTF_8));
    err.reset();
    assertEquals(ExitCodes.OK, run("attach", "--help"));
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: harness attach [-hV]\n" + Harness.ATTACH_HEADER
        + "\n"), out.toString());
  }
}
