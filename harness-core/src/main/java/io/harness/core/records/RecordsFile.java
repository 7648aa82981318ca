package io.harness.core.records;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.harness.core.records.Intervals;
import io.harness.core.records.TaskLine;
import io.harness.core.records.TaskRecord;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run's records in its folder: {@value #RECORDS} (gzip, JSON lines: first the run's line, then one
 * {@link TaskLine} per task: every field of its record) and {@value #LATENCY} (gzip, HdrHistogram's interval log: one histogram per
 * second of the run and kind of call, tagged with the kind; timestamps in seconds from the run's start).
 */
public final class RecordsFile {
  public static final String RECORDS = "records.jsonl.gz";
  public static final String LATENCY = "latency.hlog.gz";
  private static final int FORMAT = 1;
  private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);

  private RecordsFile() {}

  /** The run's line. */
  record Run(int format, long engineStartEpochNanos, long engineEndEpochNanos, boolean stopped, int tasks,
      Map<String, Object> extra) {}

  /** Writes both files into {@code dir}. */
  public static void write(Path dir, RunRecords records) throws IOException {
    try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(
        new GZIPOutputStream(Files.newOutputStream(dir.resolve(RECORDS))), StandardCharsets.UTF_8))) {
      w.write(JSON.writeValueAsString(new Run(FORMAT, records.engineStartEpochNanos(),
          records.engineEndEpochNanos(), records.stopped(), records.tasks().size(), records.extra())));
      w.newLine();
      for (TaskRecord r : records.tasks()) {
        w.write(TaskLine.text(r));
        w.newLine();
      }
    }
    try (PrintStream out = new PrintStream(new GZIPOutputStream(Files.newOutputStream(dir.resolve(LATENCY))),
        false, StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputComment("harness: per-second latency of every call, by kind (the tag), values in nanoseconds; "
          + "timestamps are seconds from the run's start");
      log.outputLogFormatVersion();
      log.setBaseTime(0);
      log.outputStartTime(records.engineStartEpochNanos() / 1_000_000);
      log.outputBaseTime(0);
      log.outputLegend();
      for (Intervals.Interval i : records.intervals()) {
        Histogram h = i.histogram();
        h.setStartTimeStamp(i.second() * 1000L);
        h.setEndTimeStamp((i.second() + 1) * 1000L);
        h.setTag(i.kind());
        log.outputIntervalHistogram(h);
      }
    }
  }

  /** Whether {@code dir} holds a run's records. */
  public static boolean exists(Path dir) {
    return Files.isRegularFile(dir.resolve(RECORDS));
  }

  /**
   * Reads the records back, checked: an {@link IOException} names the file, the line and what is wrong, when a
   * file cannot be read whole (missing, not gzip, cut short, damaged) or holds what no run could have left (a task
   * with negative bytes or one that ends before it starts, a histogram that does not decode, a time outside the
   * run's; {@link io.harness.core.records.TaskLine#read}, {@link RecordsCheck}, {@link LatencyLog}).
   */
  public static RunRecords read(Path dir) throws IOException {
    Path file = dir.resolve(RECORDS);
    List<TaskRecord> tasks = new ArrayList<>();
    Run run;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      String first = r.readLine();
      if (first == null) {
        throw new IOException(file + " is empty");
      }
      try {
        run = RecordsCheck.runLine(file, first, JSON);
      } catch (IOException e) {
        throw RecordsCheck.lineOrDamage(file, e);
      }
      int line = 1;
      for (String text = r.readLine(); text != null; text = r.readLine()) {
        line++;
        try {
          TaskRecord t = TaskLine.parse(text);
          RecordsCheck.inRun(t, run.engineStartEpochNanos(), run.engineEndEpochNanos());
          tasks.add(t);
        } catch (IOException e) {
          throw RecordsCheck.lineOrDamage(file, new IOException(file + " line " + line + ": " + e.getMessage()));
        }
      }
    } catch (java.util.zip.ZipException | java.io.EOFException e) {
      throw new IOException(file + " is damaged: " + e.getMessage() + " (not a whole gzip file)");
    } catch (java.nio.file.NoSuchFileException | java.nio.file.AccessDeniedException e) {
      throw new IOException(file + " cannot be read (" + e.getClass().getSimpleName() + ")");
    }
    if (tasks.size() != run.tasks()) {
      throw new IOException(file + " has " + tasks.size() + " task records, its first line says " + run.tasks());
    }
    return new RunRecords(tasks, LatencyLog.read(dir.resolve(LATENCY), run.engineStartEpochNanos(),
        run.engineEndEpochNanos()), run.engineStartEpochNanos(), run.engineEndEpochNanos(), run.stopped(),
        run.extra());
  }
}
