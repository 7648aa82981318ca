package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.harness.core.base.ExitCodes;
import java.util.List;

/** The checks of how a command line ended. Each failure message holds the command and all it printed. */
public final class RunAssertions {
  private RunAssertions() {}

  /** The run exited with {@code code}. */
  public static void assertExit(Run run, int code) {
    assertEquals(code, run.code(), () -> "exit code of\n" + run);
  }

  /**
   * Bad input, as the harness reports it: exit 2, exactly one line on stderr (blank lines aside), that line names
   * {@code argument} (it holds it: an option, a parameter's label, or more of the message), and no stack trace.
   */
  public static void assertUsageError(Run run, String argument) {
    assertExit(run, ExitCodes.USAGE);
    assertNoStackTrace(run);
    List<String> lines = run.errLines();
    assertEquals(1, lines.size(), () -> "one line on stderr, not " + lines.size() + ", from\n" + run);
    assertTrue(lines.get(0).contains(argument), () -> "the line names '" + argument + "'\n" + run);
  }

  /** Nothing on stderr looks like a stack trace: no {@code \tat } frame, no line starting "Exception in thread". */
  public static void assertNoStackTrace(Run run) {
    if (run.err().contains("\tat ")
        || run.err().lines().anyMatch(l -> l.startsWith("Exception in thread"))) {
      fail("a stack trace on stderr of\n" + run);
    }
  }
}
