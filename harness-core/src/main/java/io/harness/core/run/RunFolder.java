package io.harness.core.run;

import io.harness.core.records.RecordsFile;

import io.harness.core.records.RunRecords;

import io.harness.core.run.RunLog;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A run's folder, {@code <run dir>/<run id>}: made when the run starts; it gets the run's log
 * ({@value #LOG}: the libraries' and embedded servers' lines while the run lasts), its records
 * ({@link RecordsFile}) and its {@code result.json}. A run that writes no files (the Java API, unless asked)
 * has none: {@link #none()}.
 */
public final class RunFolder {
  /** The run's log file, in its folder. */
  public static final String LOG = "run.log";
  public static final String RESULT = "result.json";

  private final Path dir;
  private final boolean madeParent;
  private RunLog log;

  private RunFolder(Path dir, boolean madeParent, RunLog log) {
    this.dir = dir;
    this.madeParent = madeParent;
    this.log = log;
  }

  /** No folder: nothing is written. */
  public static RunFolder none() {
    return new RunFolder(null, false, null);
  }

  /**
   * Makes {@code <runDir>/<runId>} (and {@code runDir} when missing); with {@code captureLogs}, this JVM's
   * {@code System.out} and {@code System.err} go to its {@value #LOG} until {@link #close}, and with
   * {@code verbose} to {@code terminal} as well.
   */
  public static RunFolder open(Path runDir, String runId, PrintStream terminal, boolean captureLogs,
      boolean verbose) throws IOException {
    Path base = runDir.toAbsolutePath().normalize();
    boolean made = Files.notExists(base);
    Path dir = Files.createDirectories(base.resolve(runId));
    RunLog log = captureLogs ? RunLog.start(dir.resolve(LOG), terminal, verbose) : null;
    return new RunFolder(dir, made, log);
  }

  /** The folder, or null when the run has none. */
  public Path dir() {
    return dir;
  }

  /** The run's measured phase starts ({@code true}) or ends (for what the log's summary tells). */
  public void measuring(boolean on) {
    if (log != null) {
      log.measuring(on);
    }
  }

  /** The log's name in the folder when it holds anything so far, else null. */
  public String logName() {
    return log != null && !log.empty() ? LOG : null;
  }

  /** Saves the run's records. */
  public void writeRecords(RunRecords records) throws IOException {
    if (dir != null) {
      RecordsFile.write(dir, records);
    }
  }

  /** Saves (or saves again) {@code result.json}, and a copy to {@code also} when given; returns the file or null. */
  public Path writeResult(RunResult result, Path also) throws IOException {
    if (also != null) {
      ResultWriter.write(result, also);
    }
    if (dir == null) {
      return null;
    }
    Path file = dir.resolve(RESULT);
    ResultWriter.write(result, file);
    return file;
  }

  /**
   * Ends the folder: puts the terminal's streams back and, when the libraries or servers warned, prints what
   * the log holds (its path and one line per distinct warning or error), whether the run succeeded or not.
   * Removes the folder when nothing was left in it.
   */
  public void close(PrintStream err, boolean succeeded) {
    if (log != null) {
      log.close();
      // a run that held while its client warned (a datanode lost mid-write) says so too: the warnings are the
      // only sign of it
      (succeeded ? log.summaryIfMeasuredWarned() : log.summary()).forEach(err::println);
      log = null;
    }
    removeIfEmpty();
  }

  /** Removes the folder and what this run left in it (bad input found after the folder was made). */
  public void discard() {
    if (dir == null) {
      return;
    }
    if (log != null) {
      log.close();
      log = null;
    }
    try {
      Files.deleteIfExists(dir.resolve(LOG));
    } catch (IOException e) {
      // left behind: harmless
    }
    removeIfEmpty();
  }

  private void removeIfEmpty() {
    if (dir == null) {
      return;
    }
    try {
      if (isEmptyDir(dir)) {
        Files.delete(dir);
        if (madeParent && isEmptyDir(dir.getParent())) {
          Files.delete(dir.getParent());
        }
      }
    } catch (IOException e) {
      // left behind: harmless
    }
  }

  private static boolean isEmptyDir(Path p) throws IOException {
    if (!Files.isDirectory(p)) {
      return false;
    }
    try (Stream<Path> s = Files.list(p)) {
      return s.findAny().isEmpty();
    }
  }

  /** The files of a run's folder a re-analysis needs. */
  public static List<String> savedFiles() {
    return List.of(RESULT, RecordsFile.RECORDS, RecordsFile.LATENCY);
  }
}
