package io.harness.core.records;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.core.records.TaskRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the records file's own lines must be besides each task's ({@link io.harness.core.records.TaskLine#read}): its
 * first line, the run's, whole and of this format, with an engine that ends after it starts; and every task inside
 * the engine's time, give or take {@link #CLOCKS} for the clocks of the hosts a task ran on (a MapReduce map's).
 */
final class RecordsCheck {
  /** How far a task's times may lie outside the engine's: other hosts' clocks, which the launcher does not set. */
  static final long CLOCKS = 3_600_000_000_000L;
  private static final int FORMAT = 1;
  private static final String[] WHOLE = {"format", "engineStartEpochNanos", "engineEndEpochNanos", "tasks"};

  private RecordsCheck() {}

  /** The run's line, {@code first} of {@code file}, checked. */
  static RecordsFile.Run runLine(Path file, String first, ObjectMapper json) throws IOException {
    String where = file + " line 1: ";
    JsonNode tree;
    try {
      tree = json.readTree(first);
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new IOException(where + "not the records' first line (not JSON)");
    }
    if (tree == null || !tree.isObject()) {
      throw new IOException(where + "not the records' first line (not a JSON object)");
    }
    for (String f : WHOLE) {
      JsonNode v = tree.get(f);
      if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
        throw new IOException(where + "not the records' first line (field '" + f + "' is "
            + (v == null ? "missing" : v + ", not a whole number") + ")");
      }
    }
    if (!(tree.get("stopped") instanceof com.fasterxml.jackson.databind.node.BooleanNode)) {
      throw new IOException(where + "not the records' first line (field 'stopped' is missing or not true or false)");
    }
    if (tree.has("extra") && !tree.get("extra").isObject() && !tree.get("extra").isNull()) {
      throw new IOException(where + "not the records' first line (field 'extra' is not an object)");
    }
    if (tree.get("format").asLong() != FORMAT) {
      throw new IOException(file + " has records of format " + tree.get("format") + "; this harness reads " + FORMAT);
    }
    RecordsFile.Run run;
    try {
      run = json.treeToValue(tree, RecordsFile.Run.class);
    } catch (com.fasterxml.jackson.core.JacksonException | RuntimeException e) {
      throw new IOException(where + "not the records' first line (" + io.harness.core.base.JsonProblems.describe(e)
          + ")");
    }
    if (!tree.get("tasks").canConvertToInt() || run.tasks() < 0) {
      throw new IOException(where + "tasks is " + tree.get("tasks") + ", not a number of tasks");
    }
    if (run.engineStartEpochNanos() <= 0) {
      throw new IOException(where + "engineStartEpochNanos is " + run.engineStartEpochNanos() + ", not a time "
          + "(nanoseconds since 1970)");
    }
    if (run.engineEndEpochNanos() < run.engineStartEpochNanos()) {
      throw new IOException(where + "the engine ends before it starts (engineEndEpochNanos "
          + run.engineEndEpochNanos() + " is " + seconds(run.engineStartEpochNanos() - run.engineEndEpochNanos())
          + " before engineStartEpochNanos " + run.engineStartEpochNanos() + ")");
    }
    return run.extra() == null ? new RecordsFile.Run(run.format(), run.engineStartEpochNanos(),
        run.engineEndEpochNanos(), run.stopped(), run.tasks(), Map.of()) : run;
  }

  /** Refuses a task whose times lie outside the engine's (line 1), more than {@link #CLOCKS} apart. */
  static void inRun(TaskRecord t, long engineStart, long engineEnd) throws IOException {
    if (t.startEpochNanos() < engineStart - CLOCKS) {
      throw new IOException("task " + t.name() + ": it starts " + seconds(engineStart - t.startEpochNanos())
          + " before the engine did (line 1's engineStartEpochNanos " + engineStart + ")");
    }
    if (t.endEpochNanos() > engineEnd + CLOCKS) {
      throw new IOException("task " + t.name() + ": it ends " + seconds(t.endEpochNanos() - engineEnd)
          + " after the engine did (line 1's engineEndEpochNanos " + engineEnd + ")");
    }
  }

  /**
   * {@code problem} (a line of {@code file} that could not be read) unless the gzip file is not whole: then that is
   * what is wrong, and its lines' text is no line the harness wrote. Deflate data flipped or cut short may still
   * inflate into text before the gzip's check at its end says so.
   */
  static IOException lineOrDamage(Path file, IOException problem) {
    try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(file))) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
      return problem;
    } catch (IOException e) {
      return new IOException(file + " is damaged: " + e.getMessage() + " (not a whole gzip file)");
    }
  }

  static String seconds(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9);
  }
}
