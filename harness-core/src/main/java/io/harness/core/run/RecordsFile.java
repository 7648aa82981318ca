package io.harness.core.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.harness.core.engine.Intervals;
import io.harness.core.engine.TaskLine;
import io.harness.core.engine.TaskRecord;
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
import org.HdrHistogram.HistogramLogReader;
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

  /** Reads the records back; an {@link IOException} names what is missing or damaged. */
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
        run = JSON.readValue(first, Run.class);
      } catch (IOException | RuntimeException e) {
        throw new IOException(file + " line 1: not the records' first line (" + io.harness.core.util.JsonProblems.describe(e) + ")");
      }
      if (run.format() != FORMAT) {
        throw new IOException(file + " has records of format " + run.format() + "; this harness reads " + FORMAT);
      }
      int line = 1;
      for (String text = r.readLine(); text != null; text = r.readLine()) {
        line++;
        try {
          tasks.add(TaskLine.parse(text));
        } catch (IOException | RuntimeException e) {
          throw new IOException(file + " line " + line + ": not a task record (" + io.harness.core.util.JsonProblems.describe(e) + ")");
        }
      }
    } catch (java.util.zip.ZipException | java.io.EOFException e) {
      throw new IOException(file + " is damaged: " + e.getMessage());
    }
    if (tasks.size() != run.tasks()) {
      throw new IOException(file + " has " + tasks.size() + " task records, its first line says " + run.tasks());
    }
    return new RunRecords(tasks, readIntervals(dir.resolve(LATENCY)), run.engineStartEpochNanos(),
        run.engineEndEpochNanos(), run.stopped(), run.extra());
  }

  private static List<Intervals.Interval> readIntervals(Path file) throws IOException {
    List<Intervals.Interval> out = new ArrayList<>();
    if (!Files.exists(file)) {
      return out;
    }
    try (var in = new GZIPInputStream(Files.newInputStream(file))) {
      HistogramLogReader reader = new HistogramLogReader(in);
      while (reader.hasNext()) {
        Histogram h = (Histogram) reader.nextIntervalHistogram();
        if (h == null) {
          break;
        }
        out.add(new Intervals.Interval(h.getTag(), (int) (h.getStartTimeStamp() / 1000), h));
      }
    } catch (RuntimeException | java.util.zip.ZipException e) {
      throw new IOException(file + " is damaged: " + e.getMessage());
    }
    return out;
  }
}
