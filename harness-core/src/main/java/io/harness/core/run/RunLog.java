package io.harness.core.run;

import io.harness.core.result.TextReport;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The logs of the libraries a run uses (the HDFS and Ozone clients, Spark, MapReduce) and of the servers
 * of an embedded cluster, kept in a file in the run's folder instead of on the terminal: while a run
 * lasts, {@link System#out} and {@link System#err} write to that file (the harness's own lines go to the
 * streams the run was given, not through them). The shipped logging configuration has its console
 * appenders follow {@code System.err}, so every log line lands here.
 *
 * <p>The reports of the harness's own timing agent ({@code --instrument}: a block starting
 * {@code Closing file system instance: } or {@code Server timings: } and its indented lines, and lines starting
 * {@code harness-instrumentation}) are the harness's output, not a library's: they go to the terminal too. A
 * report's {@code HARNESS-INSTRUMENTATION} JSON line (an agent loaded with its JSON lines on, e.g. through
 * {@code HADOOP_OPTS}) stays in the file: the run's counters are in its JSON.
 *
 * <p>At the end, {@link #summary()} gives the lines for the terminal: how much was logged, where, and
 * one line per distinct warning or error with its count (reasons that differ only in numbers, such as
 * block ids and ports, count as one).
 */
public final class RunLog {
  /** Distinct reasons listed on the terminal, at most. */
  static final int REASONS_SHOWN = 5;
  /** Characters of a reason on the terminal, at most. */
  static final int REASON_CHARS = 200;
  /** A log line of a warning or an error: a time stamp first, then the level, the logger and the message. */
  private static final Pattern EVENT = Pattern.compile("^\\d[^\\n]{0,120}?\\s(WARN|ERROR|FATAL)\\s+"
      + "(?:\\[[^\\]]*\\]\\s+)?([\\w.$-]+?)(?:\\s+\\([^)]*\\))?(?::|\\s+-)\\s*(.*)$");
  private static final Pattern THROWABLE = Pattern.compile("^([\\w$]+\\.)+[\\w$]*(Exception|Error|Throwable)\\b.*");

  /** Lines that start one of the agent's reports, or are one. */
  private static final List<String> AGENT_LINES = List.of("Closing file system instance: ", "Server timings: ",
      "harness-instrumentation");

  private final Path file;
  private final PrintStream terminal;
  private boolean inAgentReport;
  private final PrintStream previousOut;
  private final PrintStream previousErr;
  private final OutputStream sink;
  private final PrintStream capture;
  private final Map<String, Reason> reasons = new LinkedHashMap<>();
  private long lines;
  private long warnings;
  private long errors;
  /** Whether the run's measured phase is going on: what is logged then is what the run's tasks met. */
  private boolean measuring;
  private long measuredEvents;
  private Reason pending;

  /** One distinct warning or error: the first line seen, and how often it came. */
  private static final class Reason {
    final String level;
    String text;
    long count;
    long measured;
    boolean detailed;

    Reason(String level, String text) {
      this.level = level;
      this.text = text;
    }
  }

  private RunLog(Path file, OutputStream sink, PrintStream terminal, boolean verbose) {
    this.file = file;
    this.terminal = terminal;
    this.previousOut = System.out;
    this.previousErr = System.err;
    this.sink = sink;
    this.capture = new PrintStream(new LineStream(verbose ? terminal : null), true, StandardCharsets.UTF_8);
  }

  /**
   * Sends this JVM's {@code System.out} and {@code System.err} to {@code file} until {@link #close};
   * with {@code verbose} the lines also go to {@code terminal} as they come.
   */
  public static RunLog start(Path file, PrintStream terminal, boolean verbose) throws IOException {
    OutputStream sink = new BufferedOutputStream(Files.newOutputStream(file));
    RunLog log = new RunLog(file, sink, terminal, verbose);
    System.setOut(log.capture);
    System.setErr(log.capture);
    return log;
  }

  public Path file() {
    return file;
  }

  /** Puts the streams back and closes the file; an empty file is removed. */
  public void close() {
    capture.close();
    System.setOut(previousOut);
    System.setErr(previousErr);
    synchronized (this) {
      try {
        sink.close();
        if (lines == 0) {
          Files.deleteIfExists(file);
        }
      } catch (IOException e) {
        // the log is a by-product of the run: losing it does not change the run's result
      }
    }
  }

  /** Whether anything was logged. */
  public synchronized boolean empty() {
    return lines == 0;
  }

  /** The run's measured phase starts ({@code true}) or ends: warnings logged meanwhile are what its tasks met. */
  public synchronized void measuring(boolean on) {
    measuring = on;
  }

  /**
   * The terminal's lines about the log: none when nothing was warned about; else where the log is, with
   * its counts, and the distinct warnings and errors, most frequent first.
   */
  public synchronized List<String> summary() {
    List<String> out = new ArrayList<>();
    if (warnings + errors == 0) {
      return out;
    }
    out.add("Library and server logs: " + lines + " line(s), " + warnings + " warning(s), " + errors
        + " error(s), " + reasons.size() + " distinct, in " + file);
    reasons.values().stream().sorted((a, b) -> Long.compare(b.count, a.count)).limit(REASONS_SHOWN)
        .forEach(r -> out.add("  " + r.count + "x " + r.level + " " + shorten(r.text)));
    if (reasons.size() > REASONS_SHOWN) {
      out.add("  ... and " + (reasons.size() - REASONS_SHOWN) + " more (see the log)");
    }
    return out;
  }

  /**
   * The lines for a run that succeeded: {@link #summary} when warnings or errors were logged while its tasks ran
   * (a datanode lost mid-write that the client rode out), else none: what a cluster logs while it starts, is set
   * up or stops is not the run's news.
   */
  public synchronized List<String> summaryIfMeasuredWarned() {
    return measuredEvents == 0 ? List.of() : summary();
  }

  /** A reason cut to one terminal line or so; the log has it whole. */
  static String shorten(String text) {
    return text.length() <= REASON_CHARS ? text : text.substring(0, REASON_CHARS - 3) + "...";
  }

  /** Whether {@code text} belongs to a report of the harness's own agent (then it goes to the terminal). */
  private boolean agentLine(String text) {
    if (AGENT_LINES.stream().anyMatch(text::startsWith)) {
      inAgentReport = !text.startsWith(AGENT_LINES.get(2));
      return true;
    }
    if (inAgentReport && text.startsWith("   ")) {
      return true;
    }
    inAgentReport = false;
    return false;
  }

  private synchronized void line(String text, byte[] raw, boolean shown) {
    try {
      sink.write(raw);
    } catch (IOException e) {
      // keep counting: the summary still tells what happened
    }
    if (!shown && agentLine(text)) {
      terminal.write(raw, 0, raw.length);
      terminal.flush();
    }
    lines++;
    Matcher m = EVENT.matcher(text);
    if (m.matches()) {
      String level = m.group(1);
      if (level.equals("WARN")) {
        warnings++;
      } else {
        errors++;
      }
      String logger = m.group(2);
      String reason = logger.substring(logger.lastIndexOf('.') + 1) + ": " + m.group(3).strip();
      String key = level + " " + TextReport.reasonKey(reason);
      Reason r = reasons.computeIfAbsent(key, k -> new Reason(level, reason));
      r.count++;
      if (measuring) {
        r.measured++;
        measuredEvents++;
      }
      pending = r;
      return;
    }
    if (pending != null && !pending.detailed && THROWABLE.matcher(text).matches()) {
      // the exception logged with the message: the reason's detail
      pending.text = pending.text + " (" + text.strip() + ")";
      pending.detailed = true;
    }
    if (!text.startsWith("\t") && !text.startsWith("Caused by") && !THROWABLE.matcher(text).matches()) {
      pending = null;
    }
  }

  /** Splits what is written into lines for {@link #line}, passing the bytes through unchanged. */
  private final class LineStream extends OutputStream {
    private final PrintStream tee;
    private final ByteArrayOutputStream current = new ByteArrayOutputStream();

    LineStream(PrintStream tee) {
      this.tee = tee;
    }

    @Override
    public synchronized void write(int b) {
      current.write(b);
      if (b == '\n') {
        flushLine();
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      for (int i = off; i < off + len; i++) {
        write(b[i]);
      }
    }

    private void flushLine() {
      byte[] raw = current.toByteArray();
      current.reset();
      if (tee != null) {
        tee.write(raw, 0, raw.length);
        tee.flush();
      }
      String text = new String(raw, StandardCharsets.UTF_8).stripTrailing();
      line(text, raw, tee != null);
    }

    @Override
    public synchronized void flush() {
      // lines are written whole; a partial line waits for its end
    }

    @Override
    public synchronized void close() {
      if (current.size() > 0) {
        current.write('\n');
        flushLine();
      }
    }
  }
}
