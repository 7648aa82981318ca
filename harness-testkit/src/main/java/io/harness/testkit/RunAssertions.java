package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

  /**
   * The {@code result.json} of a run on {@code clients} clients of {@code threads} threads each, none late: a task
   * per thread, named {@code client-C/thread-T} and naming its host, and the run's {@code clients} saying so.
   */
  public static void assertClientTasks(com.fasterxml.jackson.databind.JsonNode result, int clients, int threads) {
    java.util.Set<String> expected = new java.util.TreeSet<>();
    for (int c = 0; c < clients; c++) {
      for (int t = 0; t < threads; t++) {
        expected.add("client-" + c + "/thread-" + t);
      }
    }
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (com.fasterxml.jackson.databind.JsonNode t : result.get("tasks")) {
      assertFalse(t.path("host").asText().isEmpty(), "a task without its host: " + t);
      names.add(t.get("name").asText());
    }
    assertEquals(clients * threads, result.get("tasks").size(), result.get("tasks").toString());
    assertEquals(expected, names);
    assertEquals(clients, result.at("/clients/count").asInt(), result.path("clients").toString());
    assertEquals(0, result.at("/clients/late").asInt(), result.path("clients").toString());
  }

  /**
   * A run's {@code result.json} tells its truth: the exit code is the run's, the aggregate's bytes are those of the
   * tasks without an error, and {@code failedTasks} lists the others.
   */
  public static void assertResultCountsSucceededTasks(Run run, com.fasterxml.jackson.databind.JsonNode result) {
    assertEquals(run.code(), result.get("exitCode").asInt(), "the JSON's exit code is the run's");
    long okBytes = 0;
    int failed = 0;
    for (com.fasterxml.jackson.databind.JsonNode t : result.get("tasks")) {
      if (t.get("error").isNull()) {
        okBytes += t.get("bytes").asLong();
      } else {
        failed++;
      }
    }
    assertEquals(okBytes, result.get("aggregate").get("bytes").asLong(), "the aggregate counts succeeded tasks only");
    assertEquals(failed, result.get("failedTasks").size(), result.get("failedTasks").toString());
  }
}
