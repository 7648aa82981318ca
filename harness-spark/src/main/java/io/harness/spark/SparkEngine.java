package io.harness.spark;

import io.harness.core.base.RunFailedException;
import io.harness.core.records.EpochClock;
import io.harness.core.engine.RemoteProgress;
import io.harness.core.records.TaskRecord;
import io.harness.core.engine.Engine;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;

/**
 * A Spark workload's {@link Engine}: its jobs on the run's Spark session, told every 10 s from Spark's
 * listener events ({@link RemoteProgress}), and their records from Spark's own: one task record per
 * task attempt, its executor's launch and finish times, the bytes its file system counted (written, or read),
 * put in the 100 ms tick the task finished in; its duration is the {@code task} latency; its executor's host is
 * the record's host; its input and output metrics and its executor go into its record's {@code extra}
 * ({@value #BYTES_READ}, {@value #BYTES_WRITTEN}, {@value #RECORDS_READ}, {@value #RECORDS_WRITTEN},
 * {@value #EXECUTOR}). What the jobs found beyond that (rows, files, the
 * session's version and master) goes into the records' {@code extra}: every figure is computed from the
 * records. The engine's start and end are the driver's clock around the measured jobs.
 */
final class SparkEngine implements Engine {
  /** The records' one kind of call: a task attempt, its duration. */
  static final String TASK = "task";
  static final String BYTES_READ = "bytesRead";
  static final String BYTES_WRITTEN = "bytesWritten";
  static final String RECORDS_READ = "recordsRead";
  static final String RECORDS_WRITTEN = "recordsWritten";
  /** The task record's executor (its host is the record's host). */
  static final String EXECUTOR = "executor";
  /** The records' note of the task attempts Spark ran again: {@code name: reason}. */
  static final String RETRIED = "retriedAttempts";

  /** The workload's jobs. */
  @FunctionalInterface
  interface Jobs {
    void run(Run run) throws Exception;
  }

  private final SparkRunner spark;
  private final String label;
  private final boolean written;
  private final Jobs jobs;

  /**
   * @param label the progress lines' label ({@code spark generate})
   * @param written whether the progress counts the bytes written (else those read)
   */
  SparkEngine(SparkRunner spark, String label, boolean written, Jobs jobs) {
    this.spark = spark;
    this.label = label;
    this.written = written;
    this.jobs = jobs;
  }

  @Override
  public String describe() {
    return "Spark " + spark.version() + ", master " + spark.master();
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    Run run = new Run(spark, settings.stop());
    run.note("sparkVersion", spark.version());
    run.note("master", spark.master());
    run.note("defaultParallelism", spark.defaultParallelism());
    spark.feed(settings.live());
    try (RemoteProgress p = RemoteProgress.start(settings.err(), label, this::counts, settings.stop(), spark::cancel)) {
      jobs.run(run);
    } catch (Stopped e) {
      run.stopped = true;
      settings.err().println(label + ": " + e.getMessage() + " stopped; the records hold the jobs done before");
    } finally {
      spark.feed(io.harness.core.records.LiveFeed.NONE);
    }
    long now = EpochClock.nowEpochNanos();
    long start = run.start != 0 ? run.start : now;
    run.note(RETRIED, run.retried);
    return new RunRecords(run.tasks, seconds(run.tasks, start), start, run.end != 0 ? run.end : now, run.stopped,
        run.notes);
  }

  /**
   * The run's latency per second for its {@code latency.hlog.gz}: each task's duration (its one "task" call) in
   * the second of the run it ended in, as the local engine counts a call.
   */
  static List<io.harness.core.records.Intervals.Interval> seconds(List<TaskRecord> tasks, long startEpochNanos) {
    List<io.harness.core.records.Intervals.Interval> one = new java.util.ArrayList<>();
    for (TaskRecord t : tasks) {
      Histogram h = new Histogram(3);
      h.recordValue(Math.max(1, t.endEpochNanos() - t.startEpochNanos()));
      one.add(new io.harness.core.records.Intervals.Interval(TASK,
          (int) Math.max(0, (t.endEpochNanos() - startEpochNanos) / 1_000_000_000L), h));
    }
    return io.harness.core.records.Intervals.merge(one);
  }

  private RemoteProgress.Counts counts() {
    TaskCollector.Progress p = spark.progress();
    return new RemoteProgress.Counts(p.tasksDone(), p.tasksRunning(), written ? p.bytesWritten() : p.bytesRead());
  }

  /** A job cancelled because the run was asked to stop. */
  private static final class Stopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stopped(String what) {
      super(what, null, false, false);
    }
  }

  /** What the jobs of one run leave for its records. */
  static final class Run {
    final SparkRunner spark;
    private final List<TaskRecord> tasks = new ArrayList<>();
    private final List<String> retried = new ArrayList<>();
    private final Map<String, Object> notes = new LinkedHashMap<>();
    private long start;
    private long end;
    private boolean stopped;
    private final io.harness.core.base.StopRequest stop;

    private Run(SparkRunner spark, io.harness.core.base.StopRequest stop) {
      this.spark = spark;
      this.stop = stop;
    }

    /** The measured jobs start now. */
    void begin() {
      start = EpochClock.nowEpochNanos();
    }

    /** The measured jobs have ended. */
    void end() {
      end = EpochClock.nowEpochNanos();
    }

    /** Notes {@code value} (numbers, strings, records, lists of them) for the figures. */
    void note(String key, Object value) {
      notes.put(key, value);
    }

    /**
     * Runs a Spark action ({@code what}: {@code batch 0}, {@code count of DIR}); its failure fails the run
     * ({@code what failed: the root cause}), unless a signal asked the run to stop (the job is cancelled, or not
     * started), which ends the jobs.
     */
    <X> X job(String what, Callable<X> action) throws Exception {
      if (stop.requested()) {
        throw new Stopped(what);
      }
      try {
        return action.call();
      } catch (Exception e) {
        // Spark's own exceptions (SparkException: a job failed or was cancelled) are checked ones Scala throws
        // undeclared: every failure of the action is the job's
        if (stop.requested()) {
          throw new Stopped(what);
        }
        throw new RunFailedException(what + " failed: " + rootCause(e), e);
      }
    }

    /**
     * Adds the records of a job's task attempts, named {@code prefix + stage-S/part-P}; an attempt that failed
     * in a job that succeeded (Spark ran the partition again: a lost executor, a speculative copy) is noted in
     * {@value #RETRIED} instead, since the job's work is that of its successful attempts.
     */
    void tasks(List<TaskCollector.SparkTask> attempts, String prefix, boolean bytesWritten) {
      for (TaskCollector.SparkTask t : attempts) {
        String name = prefix + "stage-" + t.stageId() + "/part-" + t.partition()
            + (t.attempt() > 0 ? "/attempt-" + t.attempt() : "");
        if (t.error() != null) {
          retried.add(name + ": " + t.error());
          continue;
        }
        long startNanos = t.launchMillis() * 1_000_000L;
        long endNanos = Math.max(startNanos + 1, t.finishMillis() * 1_000_000L);
        long bytes = bytesWritten ? t.bytesWritten() : t.bytesRead();
        SortedMap<Long, Long> perTick = new TreeMap<>();
        perTick.put(t.finishMillis() / TaskRecord.TICK_MILLIS, bytes);
        Histogram h = new Histogram(3);
        h.recordValue(endNanos - startNanos);
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put(BYTES_READ, t.bytesRead());
        extra.put(BYTES_WRITTEN, t.bytesWritten());
        extra.put(RECORDS_READ, t.recordsRead());
        extra.put(RECORDS_WRITTEN, t.recordsWritten());
        extra.put(EXECUTOR, t.executorId());
        tasks.add(new TaskRecord(tasks.size(), name, bytes, startNanos, endNanos, Map.of(TASK, h), perTick, null,
            false, List.of(), extra, t.host()));
      }
    }
  }

  /** The innermost cause of a Spark failure, in one line. */
  static String rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    return t.getClass().getSimpleName() + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
  }
}
