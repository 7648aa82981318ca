package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.ExitCodes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Bad input refused as promised, for command lines whose every output points into one work folder: exit 2, one line
 * on stderr (an embedded cluster's start lines aside) holding the expected text, no stack trace, and the work folder
 * exactly as it was (nothing created, written or deleted).
 */
public final class Refusals {
  private final Path work;

  /** Refusals of lines that write, if at all, under {@code work}. */
  public Refusals(Path work) {
    this.work = work;
  }

  /** {@code args}, run in this JVM, is refused with a line holding {@code expected}. */
  public Run refused(String expected, String... args) throws IOException {
    return refused(Map.of(), expected, args);
  }

  /** {@code args}, run in this JVM with {@code env}, is refused with a line holding {@code expected}. */
  public Run refused(Map<String, String> env, String expected, String... args) throws IOException {
    FileTree before = FileTree.of(work);
    Run r = Cli.run(env, args);
    check(r, expected);
    before.assertUnchanged("nothing may be created or changed by: " + String.join(" ", args));
    return r;
  }

  /** {@code args}, run as the distribution's {@code bin/harness} in {@code work}, is refused likewise. */
  public Run refusedProcess(Map<String, String> env, String expected, String... args)
      throws IOException, InterruptedException {
    FileTree before = FileTree.of(work);
    Run r = Cli.process(work, 300, env, args);
    check(r, expected);
    before.assertUnchanged("nothing may be created or changed by: " + String.join(" ", args));
    return r;
  }

  private static void check(Run r, String expected) {
    RunAssertions.assertExit(r, ExitCodes.USAGE);
    List<String> lines = r.err().strip().lines().filter(l -> !l.startsWith("Starting embedded")).toList();
    assertEquals(1, lines.size(), () -> "one line on stderr:\n" + r);
    assertTrue(lines.get(0).contains(expected), () -> "expected '" + expected + "' in:\n" + r);
    RunAssertions.assertNoStackTrace(r);
  }
}
