package io.harness.core.engine;

import io.harness.core.records.EpochClock;
import io.harness.core.records.LiveFeed;

import io.harness.core.base.RunFailedException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;

/** What every MapReduce engine of the harness does with its job once it is set up. */
public final class MapReduceJobs {
  /** How often a job's completion is checked on a cluster (each check is a call to the job's master). */
  public static final long POLL_MILLIS = 100;
  /** How often it is checked on the local job runner, where a check is a method call in this JVM. */
  public static final long LOCAL_POLL_MILLIS = 10;

  /**
   * The job's start as the launcher's clock has it (epoch ns), set in the job's configuration at submission:
   * second 0 of the per-second latency each map keeps ({@link LocalEngine#runAlone}).
   */
  public static final String ORIGIN = "harness.run.origin.epoch.nanos";

  /**
   * The configuration key naming the jar a job on a cluster ships to its tasks (it must hold the harness and its
   * small libraries, as {@code harness.jar} does). Unset: the distribution's {@code harness.jar} (beside
   * {@code bin/}) when this JVM runs from the distribution (its classes are in several jars of {@code lib/}, and a
   * job would otherwise ship only the one holding the workload), else the jar that holds the workload (the job jar
   * under {@code hadoop jar}).
   */
  public static final String JOB_JAR = "harness.job.jar";

  /** The run's {@code --task-timeout} in nanoseconds, in a job's configuration for its maps (absent or 0: none). */
  public static final String TASK_TIMEOUT = "harness.task.timeout.nanos";

  private MapReduceJobs() {}

  /** A copy of {@code conf} carrying the run's task timeout to the job's maps ({@link #TASK_TIMEOUT}). */
  public static org.apache.hadoop.conf.Configuration withTaskTimeout(org.apache.hadoop.conf.Configuration conf,
      long nanos) {
    org.apache.hadoop.conf.Configuration copy = new org.apache.hadoop.conf.Configuration(conf);
    copy.setLong(TASK_TIMEOUT, nanos);
    return copy;
  }

  /** The task timeout a map runs its task with ({@link #TASK_TIMEOUT}); 0: none. */
  public static long taskTimeout(org.apache.hadoop.conf.Configuration conf) {
    return Math.max(0, conf.getLong(TASK_TIMEOUT, 0));
  }

  /** The jar a job on a cluster ships ({@link #JOB_JAR}), or null to keep the one the job found itself. */
  static String jobJar(org.apache.hadoop.conf.Configuration conf) {
    String jar = conf.getTrimmed(JOB_JAR, "");
    if (!jar.isEmpty()) {
      return jar;
    }
    String home = System.getProperty("harness.home");
    java.nio.file.Path shipped = home == null ? null : java.nio.file.Path.of(home, "harness.jar");
    return shipped != null && java.nio.file.Files.isRegularFile(shipped) ? shipped.toString() : null;
  }

  /** The job's start ({@link #ORIGIN}) in a map's configuration; a job without one: now. */
  public static long origin(org.apache.hadoop.conf.Configuration conf) {
    return conf.getLong(ORIGIN, EpochClock.nowEpochNanos());
  }

  /**
   * What the tasks reported so far through Hadoop's file system counters (the cluster's file systems, not the
   * tasks' local spills): {@code , 512 MB written, 0 B read}; empty when the counters cannot be had.
   */
  static String bytes(Job job) {
    try {
      org.apache.hadoop.mapreduce.Counters counters = job.getCounters();
      if (counters == null) {
        return "";
      }
      long written = 0;
      long read = 0;
      for (org.apache.hadoop.mapreduce.Counter c
          : counters.getGroup(org.apache.hadoop.mapreduce.FileSystemCounter.class.getName())) {
        if (c.getName().startsWith("FILE_")) {
          continue;
        }
        if (c.getName().endsWith("_BYTES_WRITTEN")) {
          written += c.getValue();
        } else if (c.getName().endsWith("_BYTES_READ")) {
          read += c.getValue();
        }
      }
      return ", " + io.harness.core.base.Sizes.format(written) + " written, " + io.harness.core.base.Sizes.format(read)
          + " read by the tasks";
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  /**
   * Submits the job, prints its id and tracking URL, waits for it and returns its wall time in
   * milliseconds (submission to completion); a failed job is a {@link RunFailedException} with the job's
   * own failure message. {@code Job.waitForCompletion} checks every 5 s by default
   * ({@code mapreduce.client.completion.pollinterval}), which would add up to 5 s to a short job; this
   * checks every {@value #POLL_MILLIS} ms, every {@value #LOCAL_POLL_MILLIS} ms on the local job runner. When
   * {@code stop} is asked, a job whose maps watch for its stop marker ({@link MapStop#configure}) has them end early
   * and completes (the caller sees the stop request); a job that does not, or whose maps have not ended
   * {@link MapStop#GRACE_SECONDS} s later, is killed: a {@link RunFailedException}.
   */
  public static double submitAndWait(Job job, PrintStream log, io.harness.core.base.StopRequest stop)
      throws IOException, InterruptedException, ClassNotFoundException {
    return submitAndWait(job, log, stop, LiveFeed.NONE);
  }

  /**
   * {@link #submitAndWait(Job, PrintStream, io.harness.core.base.StopRequest)}, feeding the run's live view once a
   * second from the job's own counts ({@link MapReduceLive}): the bytes its tasks' file system counters report, and
   * its maps by state.
   */
  public static double submitAndWait(Job job, PrintStream log, io.harness.core.base.StopRequest stop, LiveFeed feed)
      throws IOException, InterruptedException, ClassNotFoundException {
    boolean local = MRConfig.LOCAL_FRAMEWORK_NAME.equalsIgnoreCase(
        job.getConfiguration().get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
    java.nio.file.Path scratch = local ? LocalRunnerDirs.place(job.getConfiguration()) : null;
    try {
      return submitAndWait(job, log, stop, feed, local);
    } finally {
      LocalRunnerDirs.remove(scratch);
    }
  }

  private static double submitAndWait(Job job, PrintStream log, io.harness.core.base.StopRequest stop, LiveFeed feed,
      boolean local) throws IOException, InterruptedException, ClassNotFoundException {
    long poll = local ? LOCAL_POLL_MILLIS : POLL_MILLIS;
    String jar = local ? null : jobJar(job.getConfiguration());
    if (jar != null) {
      job.setJar(jar);
    }
    job.getConfiguration().setLong(ORIGIN, EpochClock.nowEpochNanos());
    // the harness reads Hadoop's generic options itself: no "option parsing not performed" warning from the upload
    job.getConfiguration().setBoolean(Job.USED_GENERIC_PARSER, true);
    long t0 = System.nanoTime();
    job.submit();
    log.println("MapReduce job " + job.getJobID() + ", tracking URL " + job.getTrackingURL());
    MapReduceLive live = feed == LiveFeed.NONE ? null : new MapReduceLive(job, feed);
    try {
      await(job, log, stop, live, poll, t0);
    } finally {
      MapStop.clean(job.getConfiguration());
    }
    double millis = (System.nanoTime() - t0) / 1e6;
    if (live != null) {
      live.update();
    }
    if (!job.isSuccessful()) {
      String info = job.getStatus().getFailureInfo();
      // the local job runner gives "NA": its failed task's exception went to the log
      throw new RunFailedException("MapReduce job " + job.getJobID() + " failed: " + (info == null || info.isBlank()
          || info.equals("NA") ? "a task failed (the run's log has its exception)" : info));
    }
    return millis;
  }

  /**
   * Waits for the job, printing its progress; a stopped run's job has its maps end early ({@link MapStop}) and is
   * killed if they have not ended {@link MapStop#GRACE_SECONDS} s later (or at once when its maps watch for no stop).
   */
  private static void await(Job job, PrintStream log, io.harness.core.base.StopRequest stop, MapReduceLive live,
      long poll, long t0) throws IOException, InterruptedException {
    long nextReport = t0 + TimeUnit.SECONDS.toNanos(Monitor.REPORT_SECONDS);
    long nextLive = t0;
    long stoppingAt = 0;
    while (!job.isComplete()) {
      Thread.sleep(poll);
      long now = System.nanoTime();
      if (stop.requested() && stoppingAt == 0) {
        stoppingAt = now;
        if (MapStop.leave(job.getConfiguration(), stop.signal())) {
          log.println("MapReduce job " + job.getJobID() + ": stopping its maps (" + stop.signal() + "); killed if "
              + "they have not ended in " + MapStop.GRACE_SECONDS + " s");
          continue;
        }
      }
      if (stoppingAt != 0 && (MapStop.marker(job.getConfiguration()) == null
          || now - stoppingAt > TimeUnit.SECONDS.toNanos(MapStop.GRACE_SECONDS))) {
        log.println("MapReduce job " + job.getJobID() + ": killing it (" + stop.signal() + ")");
        job.killJob();
        throw new RunFailedException("MapReduce job " + job.getJobID() + " killed: the run was stopped by "
            + stop.signal());
      }
      if (live != null && now - nextLive >= 0) {
        nextLive += TimeUnit.SECONDS.toNanos(1);
        live.update();
      }
      if (now - nextReport >= 0) {
        nextReport += TimeUnit.SECONDS.toNanos(Monitor.REPORT_SECONDS);
        log.println(String.format(Locale.ROOT, "MapReduce job %s: %.0f s, map %.0f%%, reduce %.0f%%%s",
            job.getJobID(), (now - t0) / 1e9, 100 * job.mapProgress(), 100 * job.reduceProgress(), bytes(job)));
      }
    }
  }
}
