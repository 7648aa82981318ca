package io.harness.core.records;

import io.harness.core.records.CompactHistogram;
import io.harness.core.records.Intervals;
import java.io.IOException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Reads a run's {@value RecordsFile#LATENCY} back, whole or not at all: HdrHistogram's interval log as
 * {@link RecordsFile#write} writes it (comments, its legend, one {@code Tag=KIND,START,LENGTH,MAX,HISTOGRAM} line
 * per second and kind of call). Its own reader skips what it cannot parse and stops at a cut-off file without a
 * word; here a file that is missing, not gzip or cut short, a line that is none of those, a histogram that does not
 * decode or whose maximum is not the one its line states, a second outside the run, or a start time that is not the
 * run's, is an {@link IOException} naming the file and the line.
 */
final class LatencyLog {
  private static final Pattern START = Pattern.compile("^#\\[StartTime: ([0-9.]+) .*");
  private static final Pattern LINE = Pattern.compile(
      "^Tag=([^,\\s]+),([0-9]+(?:\\.[0-9]+)?),([0-9]+(?:\\.[0-9]+)?),([0-9]+(?:\\.[0-9]+)?),([^,\\s]+)$");
  private static final double MILLIS_PER_NANO = 1e6;

  private LatencyLog() {}

  /** The seconds of {@code file}, a run whose engine ran from {@code engineStart} to {@code engineEnd} (epoch ns). */
  static List<Intervals.Interval> read(Path file, long engineStart, long engineEnd) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException(file + " is missing: every run saves it beside " + RecordsFile.RECORDS
          + " (the latency of its calls per second)");
    }
    try (BufferedReader r = new BufferedReader(new InputStreamReader(new java.util.zip.GZIPInputStream(
        Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      return read(file, r, engineStart, engineEnd);
    } catch (Line e) {
      throw RecordsCheck.lineOrDamage(file, e);
    } catch (java.util.zip.ZipException | java.io.EOFException e) {
      throw new IOException(file + " is damaged: " + e.getMessage() + " (not a whole gzip file)");
    } catch (java.nio.file.AccessDeniedException e) {
      throw new IOException(file + " cannot be read (" + e.getClass().getSimpleName() + ")");
    }
  }

  private static List<Intervals.Interval> read(Path file, BufferedReader r, long engineStart, long engineEnd)
      throws IOException {
    List<Intervals.Interval> out = new ArrayList<>();
    long lastSecond = (engineEnd - engineStart + RecordsCheck.CLOCKS) / 1_000_000_000L + 1;
    boolean started = false;
    int n = 0;
    for (String line = r.readLine(); line != null; line = r.readLine()) {
      n++;
      String where = file + " line " + n + ": ";
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#")) {
        Matcher m = START.matcher(line);
        if (m.matches()) {
          double start = Double.parseDouble(m.group(1));
          if (Math.abs(start - engineStart / 1e9) > 0.002) {
            throw new Line(where + "its start time " + m.group(1) + " s is not the run's (the records' "
                + "engine started at " + String.format(Locale.ROOT, "%.3f", engineStart / 1e9) + " s): the "
                + "file is another run's");
          }
          started = true;
        }
        continue;
      }
      if (line.startsWith("\"StartTimestamp\"")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new Line(where + "not a line of the latency log (Tag=KIND,START,LENGTH,MAX,HISTOGRAM): '"
            + shortened(line) + "'");
      }
      if (!started) {
        throw new Line(where + "a histogram before the log's #[StartTime: ...] line");
      }
      double start = Double.parseDouble(m.group(2));
      if (start > lastSecond) {
        throw new Line(where + "second " + m.group(2) + " is after the run's end ("
            + String.format(Locale.ROOT, "%.3f", (engineEnd - engineStart) / 1e9) + " s after its start)");
      }
      if (Double.parseDouble(m.group(3)) <= 0) {
        throw new Line(where + "an interval of length " + m.group(3) + " s");
      }
      CompactHistogram h;
      Histogram decoded;
      try {
        h = CompactHistogram.ofBase64(m.group(5));
        decoded = h.histogram();
      } catch (RuntimeException e) {
        throw new Line(where + "its histogram is not HdrHistogram's compressed form in Base64 ("
            + reason(e) + ")");
      }
      String max = String.format(Locale.US, "%.3f", decoded.getMaxValueAsDouble() / MILLIS_PER_NANO);
      if (!max.equals(m.group(4))) {
        throw new Line(where + "its maximum is " + m.group(4) + " ms, its histogram's " + max + " ms");
      }
      out.add(new Intervals.Interval(m.group(1), (int) start, h));
    }
    if (!started) {
      throw new Line(file + " has no #[StartTime: ...] line: not the harness's latency log");
    }
    return out;
  }

  /** A line that is not one of the log's. */
  private static final class Line extends IOException {
    Line(String message) {
      super(message);
    }
  }

  private static String reason(RuntimeException e) {
    Throwable t = e.getCause() != null ? e.getCause() : e;
    String m = t.getMessage();
    return m == null || m.isBlank() ? "cut short or damaged" : m.split("\\R", 2)[0];
  }

  private static String shortened(String line) {
    String s = line.replaceAll("\\p{Cntrl}", "?");
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
