package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.core.run.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run folders under a run dir ({@code --run-dir}): one per run, named by the run's start time, so name order
 * is start order.
 */
public final class Runs {
  private Runs() {}

  /** The run folders under {@code runDir}, oldest first; none when it does not exist. */
  public static List<Path> all(Path runDir) throws IOException {
    if (!Files.isDirectory(runDir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(runDir)) {
      return s.sorted().toList();
    }
  }

  /** How many runs {@code runDir} holds (0 when it does not exist). */
  public static int count(Path runDir) throws IOException {
    return all(runDir).size();
  }

  /** The newest run's folder under {@code runDir}. */
  public static Path latest(Path runDir) throws IOException {
    List<Path> runs = all(runDir);
    assertTrue(!runs.isEmpty(), () -> "no run under " + runDir);
    return runs.get(runs.size() - 1);
  }

  /** The result.json of the newest run under {@code runDir}. */
  public static JsonNode latestResult(Path runDir) throws IOException {
    return result(latest(runDir));
  }

  /** The result.json of the run whose folder is {@code run}. */
  public static JsonNode result(Path run) throws IOException {
    Path file = run.resolve(RunFolder.RESULT);
    assertTrue(Files.isRegularFile(file), () -> "no " + RunFolder.RESULT + " in " + run);
    return ResultWriter.mapper().readTree(file.toFile());
  }
}
