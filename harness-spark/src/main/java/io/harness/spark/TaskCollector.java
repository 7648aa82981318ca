package io.harness.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.scheduler.TaskInfo;
import io.harness.core.records.LiveFeed;
import org.apache.spark.executor.TaskMetrics;

/**
 * Spark's own record of every task of the jobs the harness starts (by job group): when it ran on its
 * executor and the bytes its file system counted (Spark's input / output metrics). These become the
 * run's task records, so the JSON's per-task figures, latency and per-second series come from what the
 * executors did, not from the driver's clock alone.
 */
final class TaskCollector extends SparkListener {
  /**
   * One finished task attempt; {@code executorId} and {@code host} are the executor it ran on ({@code driver} and
   * the driver's host with a local master).
   */
  record SparkTask(String group, int stageId, long taskId, int partition, int attempt, long launchMillis,
      long finishMillis, long bytesRead, long bytesWritten, long recordsRead, long recordsWritten, String error,
      String executorId, String host) {
  }

  private final Map<Integer, String> stageGroup = new HashMap<>();
  private final Map<Integer, String> jobGroup = new HashMap<>();
  private final Set<Integer> ended = new HashSet<>();
  private final List<SparkTask> tasks = new ArrayList<>();
  private long started;
  private long finished;
  private long bytesRead;
  private long bytesWritten;
  /** Task attempts of the fed groups: started, ended well, failed. */
  private long fedStarted;
  private long fedDone;
  private long fedFailed;
  /** The job groups whose tasks are the run's records, and which bytes each feeds: written (true) or read. */
  private final Map<String, Boolean> fed = new HashMap<>();
  private volatile LiveFeed feed = LiveFeed.NONE;

  /** What the harness's jobs have done so far, for the progress lines: tasks, and bytes read and written. */
  record Progress(long tasksDone, long tasksRunning, long bytesRead, long bytesWritten) {
  }

  @Override
  public synchronized void onJobStart(SparkListenerJobStart e) {
    String group = e.properties() == null ? null : e.properties().getProperty("spark.jobGroup.id");
    if (group == null) {
      return;
    }
    jobGroup.put(e.jobId(), group);
    for (Object stage : scala.jdk.javaapi.CollectionConverters.asJava(e.stageIds())) {
      stageGroup.put((Integer) stage, group);
    }
  }

  @Override
  public synchronized void onTaskStart(SparkListenerTaskStart e) {
    String group = stageGroup.get(e.stageId());
    if (group != null) {
      started++;
      fedStarted += fed.containsKey(group) ? 1 : 0;
    }
  }

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd e) {
    String group = stageGroup.get(e.stageId());
    if (group == null) {
      return;
    }
    TaskInfo info = e.taskInfo();
    TaskMetrics m = e.taskMetrics();
    String error = info.successful() ? null : String.valueOf(e.reason());
    SparkTask t = new SparkTask(group, e.stageId(), info.taskId(), info.index(), info.attemptNumber(),
        info.launchTime(), info.finishTime(), m == null ? 0 : m.inputMetrics().bytesRead(),
        m == null ? 0 : m.outputMetrics().bytesWritten(), m == null ? 0 : m.inputMetrics().recordsRead(),
        m == null ? 0 : m.outputMetrics().recordsWritten(), error, info.executorId(), info.host());
    tasks.add(t);
    finished++;
    bytesRead += t.bytesRead();
    bytesWritten += t.bytesWritten();
    Boolean written = fed.get(group);
    if (written != null && error == null) {
      // as the run's records will say: a successful attempt, its duration the one "task" call, its bytes
      fedDone++;
      feed.call(SparkEngine.TASK, Math.max(1, (t.finishMillis() - t.launchMillis()) * 1_000_000L),
          written ? t.bytesWritten() : t.bytesRead());
    } else if (written != null) {
      fedFailed++;
    }
  }

  /**
   * Feeds the run's live view from now on ({@link LiveFeed#NONE}: nobody watches): each successful task attempt of
   * the groups {@link #feeds} names as it ends, and the tasks by state.
   */
  void feed(LiveFeed to) {
    feed = to;
    to.tasks(() -> {
      synchronized (this) {
        return new LiveFeed.TaskStates((int) Math.max(0, fedStarted - fedDone - fedFailed), (int) fedDone,
            (int) fedFailed, 0);
      }
    });
  }

  /** The tasks of job group {@code group} are the run's records, with the bytes {@code written} (else read). */
  synchronized void feeds(String group, boolean written) {
    fed.put(group, written);
  }

  synchronized Progress progress() {
    return new Progress(finished, Math.max(0, started - finished), bytesRead, bytesWritten);
  }

  @Override
  public synchronized void onJobEnd(SparkListenerJobEnd e) {
    if (jobGroup.containsKey(e.jobId())) {
      ended.add(e.jobId());
      notifyAll();
    }
  }

  /**
   * The tasks of {@code group}'s jobs, once the listener bus has delivered the end of every one of them
   * (the bus is asynchronous: an action returns before its events are all delivered). Waits at most
   * {@code timeoutMillis}; what arrived by then is returned.
   */
  synchronized List<SparkTask> await(String group, long timeoutMillis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (true) {
      boolean seen = false;
      boolean allEnded = true;
      for (Map.Entry<Integer, String> j : jobGroup.entrySet()) {
        if (j.getValue().equals(group)) {
          seen = true;
          allEnded &= ended.contains(j.getKey());
        }
      }
      long left = deadline - System.currentTimeMillis();
      if ((seen && allEnded) || left <= 0) {
        break;
      }
      wait(Math.min(left, 50));
    }
    List<SparkTask> out = new ArrayList<>();
    for (SparkTask t : tasks) {
      if (t.group().equals(group)) {
        out.add(t);
      }
    }
    return out;
  }
}
