package io.harness.core.engine;

import io.harness.core.records.EpochClock;
import io.harness.core.records.Intervals;
import io.harness.core.records.RunRecords;

import io.harness.core.records.Stopping;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * Runs tasks on a fixed pool of threads in this JVM. Every thread gets ready first, then all are
 * released by one start signal; each thread then takes the next task until none are left.
 *
 * <p>While they run, the calling thread watches them through a {@link Monitor}: it prints progress,
 * names tasks that make none, fails a task stuck in one call longer than the monitor's task timeout
 * (its thread is given up and a new one takes the remaining tasks), and when the run is asked to stop
 * it lets the running tasks end early ({@link TaskRecorder#expired()}), interrupts those that do not
 * within {@value #INTERRUPT_AFTER_SECONDS} s, and gives up on those still running
 * {@value #GIVE_UP_AFTER_SECONDS} s after the stop: the run ends with what every task measured so far.
 */
public final class LocalEngine implements Engine {
  static final long INTERRUPT_AFTER_SECONDS = 5;
  static final long GIVE_UP_AFTER_SECONDS = 10;

  private final int tasks;
  private final int threads;
  private final IntFunction<String> names;
  private final Window window;
  private final String label;
  private final UnaryOperator<Monitor> monitor;
  private final TaskBody body;

  /**
   * The local engine as a run's {@link Engine}: {@code tasks} tasks on a pool of {@code threads} threads (at most
   * {@code tasks} are used), each task named by {@code names} and running {@code body} within {@code window}, watched
   * by a monitor whose progress lines are labelled {@code label} (e.g. {@code dfsio write}) and that counts what
   * {@code monitor} adds to the settings' defaults (the total bytes, items).
   */
  public LocalEngine(int tasks, int threads, IntFunction<String> names, Window window, String label,
      UnaryOperator<Monitor> monitor, TaskBody body) {
    this.tasks = tasks;
    this.threads = threads;
    this.names = names;
    this.window = window;
    this.label = label;
    this.monitor = monitor;
    this.body = body;
  }

  @Override
  public String describe() {
    return Math.min(threads, tasks) + " thread(s)";
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    Result r = run(tasks, threads, names, window, monitor.apply(settings.monitor(label)), body);
    return new RunRecords(r.records(), r.intervals(), r.startEpochNanos(), r.endEpochNanos(), r.stopped());
  }

  /** The body of one task. Throwing fails the task; the other tasks go on. */
  @FunctionalInterface
  public interface TaskBody {
    void run(int index, TaskRecorder recorder) throws Exception;
  }

  /**
   * The outcome: one record per task that started (in task order), the engine's own start and end, whether
   * the run was stopped before every task had ended (then tasks that never started have no record), and the
   * latency of all calls per second of the run.
   */
  public record Result(List<TaskRecord> records, long startEpochNanos, long endEpochNanos, boolean stopped,
      List<Intervals.Interval> intervals) {
    public Result(List<TaskRecord> records, long startEpochNanos, long endEpochNanos) {
      this(records, startEpochNanos, endEpochNanos, false, List.of());
    }

    public List<TaskRecord> failed() {
      return records.stream().filter(TaskRecord::failed).toList();
    }
  }

  /** The default thread count: the number of tasks, at most twice the cores. */
  public static int defaultThreads(int tasks) {
    return Math.max(1, Math.min(tasks, 2 * Runtime.getRuntime().availableProcessors()));
  }

  /**
   * Runs one task in the calling thread and returns its record: for engines that schedule tasks
   * themselves (a MapReduce map runs one task per input record).
   */
  public static TaskRecord runSingle(int index, String name, TaskBody body) {
    return runSingle(index, name, Window.NONE, body);
  }

  /** {@link #runSingle(int, String, TaskBody)} with a warm-up and/or a deadline. */
  public static TaskRecord runSingle(int index, String name, Window window, TaskBody body) {
    TaskRecorder r = new TaskRecorder(index, name, window, Stopping.manual(), null);
    runTask(r, index, body);
    return r.toRecord();
  }

  /** A task run alone ({@link #runAlone}): its record and its seconds' latency. */
  public record Alone(TaskRecord record, List<Intervals.Interval> intervals) {}

  /**
   * Runs one task in the calling thread, as {@link #runSingle}, and keeps its calls' latency per second of the run
   * too, the run's second 0 starting at {@code originEpochNanos} (the launcher's start, given to a MapReduce map
   * in its job's configuration): what the launcher merges into the run's {@code latency.hlog.gz}.
   */
  public static Alone runAlone(int index, String name, Window window, TaskBody body, long originEpochNanos) {
    return runAlone(index, name, window, body, originEpochNanos, 0);
  }

  /**
   * {@link #runAlone(int, String, Window, TaskBody, long)} with a task timeout ({@code --task-timeout}, 0: none): the
   * task then runs in a thread of its own, and once it is stuck in one call longer than {@code timeoutNanos} it fails
   * with the call's name and its thread's stack, as on the local engine; its thread is interrupted and given up.
   */
  public static Alone runAlone(int index, String name, Window window, TaskBody body, long originEpochNanos,
      long timeoutNanos) {
    return runAlone(index, name, window, body, originEpochNanos, timeoutNanos, Stopping.manual());
  }

  /**
   * {@link #runAlone(int, String, Window, TaskBody, long, long)} that ends early when {@code stopping} says so (a map
   * whose run was stopped): the task's loop ends, it counts as interrupted, and what failed by the stop is cut short.
   */
  public static Alone runAlone(int index, String name, Window window, TaskBody body, long originEpochNanos,
      long timeoutNanos, Stopping stopping) {
    long sinceOrigin = Math.max(0, EpochClock.nowEpochNanos() - originEpochNanos);
    long second = TimeUnit.SECONDS.toNanos(1);
    Intervals intervals = new Intervals((int) (sinceOrigin / second));
    java.util.concurrent.ScheduledExecutorService ticker = java.util.concurrent.Executors
        .newSingleThreadScheduledExecutor(runnable -> {
          Thread t = new Thread(runnable, "harness-seconds");
          t.setDaemon(true);
          return t;
        });
    ticker.scheduleAtFixedRate(intervals::tick, second - sinceOrigin % second, second, TimeUnit.NANOSECONDS);
    TaskRecorder r = new TaskRecorder(index, name, window, stopping, intervals);
    try {
      if (timeoutNanos > 0) {
        runWatched(r, index, body, timeoutNanos);
      } else {
        runTask(r, index, body);
      }
    } finally {
      ticker.shutdownNow();
    }
    r.cutShortByStop();
    intervals.tick();
    return new Alone(r.toRecord(), intervals.intervals());
  }

  /** Runs the task in a thread of its own, failing it once it is stuck in one call longer than the timeout. */
  private static void runWatched(TaskRecorder r, int index, TaskBody body, long timeoutNanos) {
    Thread worker = new Thread(() -> runTask(r, index, body), "harness-task-0");
    worker.setDaemon(true);
    worker.start();
    Monitor monitor = Monitor.none().taskTimeout(timeoutNanos);
    try {
      while (true) {
        worker.join(LocalPool.POLL_MILLIS);
        if (!worker.isAlive()) {
          return;
        }
        long now = System.nanoTime();
        if (r.started() && !r.ended() && r.currentKind() != null && now - r.currentStartNano() >= timeoutNanos
            && r.freeze(monitor.timeoutReason(r, now), LocalPool.stackOf(worker))) {
          worker.interrupt();
          return;
        }
      }
    } catch (InterruptedException e) {
      // the map is being killed: what the task did so far is its record
      r.freeze(null, LocalPool.stackOf(worker));
      worker.interrupt();
      Thread.currentThread().interrupt();
    }
  }

  /** Runs one task, timing it from just before its body to just after, and keeping its error. */
  static void runTask(TaskRecorder r, int index, TaskBody body) {
    r.begin();
    Throwable error = null;
    try {
      body.run(index, r);
    } catch (Throwable e) {
      error = e;
    }
    r.end(error);
  }

  public static Result run(int tasks, int threads, IntFunction<String> names, TaskBody body)
      throws InterruptedException {
    return run(tasks, threads, names, Window.NONE, Monitor.none(), body);
  }

  public static Result run(int tasks, int threads, IntFunction<String> names, Window window, TaskBody body)
      throws InterruptedException {
    return run(tasks, threads, names, window, Monitor.none(), body);
  }

  /**
   * Runs the tasks; each task's warm-up and deadline count from its own start (with as many threads
   * as tasks, that is the common start signal). The calling thread watches them with {@code monitor}.
   */
  public static Result run(int tasks, int threads, IntFunction<String> names, Window window, Monitor monitor,
      TaskBody body) throws InterruptedException {
    return new LocalPool(tasks, threads, names, window, monitor, body).run();
  }
}
