package io.harness.core.engine;

import io.harness.core.records.LiveFeed;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.FileSystemCounter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * A MapReduce job's live view, fed by the client that submitted it: its maps run in JVMs of their own, so their
 * calls cannot be fed one by one. Once a second the job's counters give the bytes its tasks moved through the
 * file system of the job's input (Hadoop's file system counters of that scheme: {@code HDFS_}, {@code OFS_};
 * {@code FILE_} only for a job on the local file system, where the maps' small spills count too), fed as
 * the kinds {@value #WRITTEN} and {@value #READ}, and the maps' reports give the maps by state (running, done,
 * failed; a map whose progress did not move since the last look counts as stuck too), or the job's counters where
 * there are no reports (the local job runner).
 */
final class MapReduceLive {
  static final String WRITTEN = "fs_written";
  static final String READ = "fs_read";

  private final Job job;
  private final LiveFeed feed;
  /** The counters' prefix of the job's file system: {@code HDFS_}. */
  private final String scheme;
  private long written;
  private long read;
  private volatile LiveFeed.TaskStates states = LiveFeed.TaskStates.NONE;
  private volatile java.util.List<LiveFeed.TaskView> views = java.util.List.of();
  private float[] progress = new float[0];

  MapReduceLive(Job job, LiveFeed feed) {
    this.job = job;
    this.feed = feed;
    this.scheme = scheme(job);
    feed.tasks(() -> states);
    feed.taskViews(() -> views);
  }

  /** One look at the job: its counters and its maps' reports (calls to its master; a failed one is skipped). */
  void update() {
    try {
      Counters counters = job.getCounters();
      if (counters != null) {
        long[] wr = fsBytes(counters);
        long w = wr[0];
        long r = wr[1];
        // counters only grow while the job runs; a smaller count (a retried task's) feeds nothing
        if (w > written) {
          feed.call(WRITTEN, 0, w - written);
          written = w;
        }
        if (r > read) {
          feed.call(READ, 0, r - read);
          read = r;
        }
      }
      TaskReport[] maps = job.getTaskReports(TaskType.MAP);
      states = maps.length > 0 || counters == null ? states(maps) : launched(counters);
    } catch (IOException | RuntimeException e) {
      // the master did not answer this time: the next look will
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The maps by state from the job's counters, where there are no task reports (Hadoop's local job runner has
   * none): launched and not failed maps run until the job completes, and are done then.
   */
  private LiveFeed.TaskStates launched(Counters counters) throws IOException {
    long launched = counters.findCounter(org.apache.hadoop.mapreduce.JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
    long failed = counters.findCounter(org.apache.hadoop.mapreduce.JobCounter.NUM_FAILED_MAPS).getValue();
    int ok = (int) Math.max(0, launched - failed);
    return job.isComplete() ? new LiveFeed.TaskStates(0, ok, (int) failed, 0)
        : new LiveFeed.TaskStates(ok, 0, (int) failed, 0);
  }

  private static String scheme(Job job) {
    try {
      org.apache.hadoop.fs.Path[] in = org.apache.hadoop.mapreduce.lib.input.FileInputFormat.getInputPaths(job);
      String s = in.length == 0 ? null : in[0].toUri().getScheme();
      return (s == null ? "hdfs" : s).toUpperCase(java.util.Locale.ROOT) + "_";
    } catch (RuntimeException e) {
      return "HDFS_";
    }
  }

  /** {@code m_000003} of {@code task_1700000000000_0001_m_000003}. */
  private static String shortId(TaskReport report) {
    String id = String.valueOf(report.getTaskId());
    int m = id.lastIndexOf("_m_");
    return m < 0 ? id : id.substring(m + 1);
  }

  /** The bytes written and read through the job's file system in {@code counters} (null: none yet). */
  private long bytes(Counters counters) {
    long[] wr = fsBytes(counters);
    return wr[0] + wr[1];
  }

  /** {bytes written, bytes read} through the job's file system in {@code counters} (null: none). */
  private long[] fsBytes(Counters counters) {
    long[] wr = new long[2];
    if (counters == null) {
      return wr;
    }
    for (Counter c : counters.getGroup(FileSystemCounter.class.getName())) {
      if (c.getName().startsWith(scheme) && c.getName().endsWith("_BYTES_WRITTEN")) {
        wr[0] += c.getValue();
      } else if (c.getName().startsWith(scheme) && c.getName().endsWith("_BYTES_READ")) {
        wr[1] += c.getValue();
      }
    }
    return wr;
  }

  private LiveFeed.TaskStates states(TaskReport[] maps) {
    int running = 0;
    int done = 0;
    int failed = 0;
    int stuck = 0;
    float[] now = new float[maps.length];
    java.util.List<LiveFeed.TaskView> each = new java.util.ArrayList<>(maps.length);
    for (int i = 0; i < maps.length; i++) {
      now[i] = maps[i].getProgress();
      String state = "waiting";
      switch (maps[i].getCurrentStatus()) {
        case RUNNING -> {
          running++;
          state = "running";
          if (i < progress.length && now[i] == progress[i]) {
            stuck++;
            state = "stuck";
          }
        }
        case COMPLETE -> {
          done++;
          state = "done";
        }
        case FAILED, KILLED -> {
          failed++;
          state = "failed";
        }
        default -> { }
      }
      each.add(new LiveFeed.TaskView(shortId(maps[i]), state, bytes(maps[i].getTaskCounters()), now[i]));
    }
    progress = now;
    each.sort(java.util.Comparator.comparing(LiveFeed.TaskView::id));
    views = java.util.List.copyOf(each);
    return new LiveFeed.TaskStates(running, done, failed, stuck);
  }
}
