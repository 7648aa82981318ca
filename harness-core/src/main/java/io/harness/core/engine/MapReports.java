package io.harness.core.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.harness.core.records.TaskLine;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * How a MapReduce map's tasks come home: one file per map on the target's file system, written by the map when its
 * tasks are done and read (then removed) by the launcher. Its first line is the map's header, one JSON object (what
 * the engine needs besides the records: the clients engine's {@code ClientReport}, the agent's counters of the map's
 * JVM; {@code {}} when none), then one {@link TaskLine} per task. teragen's maps and the clients engine's write and
 * read their reports here; dfsio's maps send theirs in TestDFSIO's part file, where {@code dfsio analyze} and the
 * peers read them.
 */
public final class MapReports {
  private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT)
      .setSerializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL);

  /** What one map's file held: its header as written (a JSON object) and its tasks' lines. */
  public record Report(String header, List<TaskLine> tasks) {
    /** The header read as {@code type}. */
    public <H> H header(Class<H> type) throws IOException {
      return JSON.readValue(header, type);
    }
  }

  private MapReports() {}

  /** Writes (or replaces: a retried map's attempt) the report {@code file}: {@code header} (null: none), then tasks. */
  public static void write(FileSystem fs, Path file, Object header, List<TaskLine> tasks) throws IOException {
    try (Writer w = new java.io.OutputStreamWriter(fs.create(file, true), StandardCharsets.UTF_8)) {
      w.write((header == null ? "{}" : JSON.writeValueAsString(header)) + "\n");
      for (TaskLine t : tasks) {
        w.write(t.text() + "\n");
      }
    }
  }

  /** The report in {@code file}; empty when the map left none (no file, or one it ended before writing). */
  public static Optional<Report> read(FileSystem fs, Path file) throws IOException {
    List<String> lines;
    try (FSDataInputStream in = fs.open(file)) {
      lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
    } catch (java.io.FileNotFoundException e) {
      return Optional.empty();
    }
    if (lines.isEmpty()) {
      // the map ended (was killed or stopped) after creating the file and before writing it: it left none
      return Optional.empty();
    }
    List<TaskLine> tasks = new ArrayList<>();
    for (String l : lines.subList(1, lines.size())) {
      tasks.add(TaskLine.read(l));
    }
    return Optional.of(new Report(lines.get(0), tasks));
  }
}
