package io.harness.core.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import me.tongfei.progressbar.ProgressBar;

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
public final class LocalEngine {
  static final long INTERRUPT_AFTER_SECONDS = 5;
  static final long GIVE_UP_AFTER_SECONDS = 10;
  private static final long POLL_MILLIS = 100;
  private static final int STACK_FRAMES = 60;

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
    TaskRecorder r = new TaskRecorder(index, name, window, new AtomicBoolean(), null);
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
    TaskRecorder r = new TaskRecorder(index, name, window, new AtomicBoolean(), intervals);
    try {
      runTask(r, index, body);
    } finally {
      ticker.shutdownNow();
    }
    intervals.tick();
    return new Alone(r.toRecord(), intervals.intervals());
  }

  /** Runs one task, timing it from just before its body to just after, and keeping its error. */
  private static void runTask(TaskRecorder r, int index, TaskBody body) {
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
    return new Run(tasks, threads, names, window, monitor, body).run();
  }

  /** One run of the engine: its tasks, its workers and the watch over them. */
  private static final class Run {
    private final int tasks;
    private final int threads;
    private final Window window;
    private final Monitor monitor;
    private final TaskBody body;
    private final TaskRecorder[] recorders;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final Intervals intervals;
    private final AtomicInteger next = new AtomicInteger();
    private final List<Worker> workers = new CopyOnWriteArrayList<>();
    private int workerNames;

    Run(int tasks, int threads, IntFunction<String> names, Window window, Monitor monitor, TaskBody body) {
      this.tasks = tasks;
      this.threads = Math.max(1, Math.min(threads, tasks));
      this.window = window;
      this.monitor = monitor;
      this.body = body;
      this.intervals = new Intervals(0, monitor.feed());
      this.recorders = new TaskRecorder[tasks];
      for (int i = 0; i < tasks; i++) {
        recorders[i] = new TaskRecorder(i, names.apply(i), window, stopping, intervals);
      }
    }

    /** A thread that takes the next task until none are left, the run stops, or the engine gives it up. */
    private final class Worker implements Runnable {
      final CountDownLatch ready;
      final CountDownLatch go;
      final Thread thread;
      volatile boolean abandoned;

      Worker(CountDownLatch ready, CountDownLatch go) {
        this.ready = ready;
        this.go = go;
        this.thread = new Thread(this, "harness-task-" + workerNames++);
        thread.setDaemon(true);
      }

      @Override
      public void run() {
        ready.countDown();
        try {
          go.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        while (!abandoned && !stopping.get()) {
          int i = next.getAndIncrement();
          if (i >= tasks) {
            return;
          }
          runTask(recorders[i], i, body);
          Thread.interrupted(); // an interrupt meant for the task it gave up must not reach the next one
        }
      }
    }

    Result run() throws InterruptedException {
      CountDownLatch ready = new CountDownLatch(threads);
      CountDownLatch go = new CountDownLatch(1);
      for (int w = 0; w < threads; w++) {
        Worker worker = new Worker(ready, go);
        workers.add(worker);
        worker.thread.start();
      }
      ready.await();
      monitor.watching(Arrays.asList(recorders));
      long startNano = System.nanoTime();
      long start = EpochClock.toEpochNanos(startNano);
      go.countDown();
      ProgressBar bar = monitor.bar();
      boolean stopped;
      try {
        stopped = watch(startNano, bar);
      } finally {
        if (bar != null) {
          monitor.update(bar, Arrays.asList(recorders));
          bar.close();
        }
      }
      long end = EpochClock.nowEpochNanos();
      intervals.tick();
      List<TaskRecord> records = new ArrayList<>(tasks);
      for (TaskRecorder r : recorders) {
        if (r.started()) {
          records.add(r.toRecord());
        }
      }
      return new Result(records, start, end, stopped, intervals.intervals());
    }

    /** Waits for the workers, watching the tasks; returns whether the run was stopped early. */
    private boolean watch(long startNano, ProgressBar bar) throws InterruptedException {
      long reportEvery = monitor.periodNanos();
      long nextReport = startNano + reportEvery;
      long nextSecond = startNano + TimeUnit.SECONDS.toNanos(1);
      long stopAt = 0;
      boolean interrupted = false;
      while (true) {
        Worker alive = workers.stream().filter(w -> !w.abandoned && w.thread.isAlive()).findFirst().orElse(null);
        if (alive == null) {
          return stopAt != 0;
        }
        // wake for the next second's interval histograms, or for the next look at the tasks
        long untilSecond = TimeUnit.NANOSECONDS.toMillis(nextSecond - System.nanoTime());
        alive.thread.join(Math.max(1, Math.min(POLL_MILLIS, untilSecond + 1)));
        long now = System.nanoTime();
        while (now - nextSecond >= 0) {
          intervals.tick();
          nextSecond += TimeUnit.SECONDS.toNanos(1);
        }
        if (stopAt == 0 && monitor.stopRequested()) {
          stopAt = now;
          stopping.set(true);
          long running = Arrays.stream(recorders).filter(r -> r.started() && !r.ended()).count();
          monitor.stopping((int) running, Math.max(0, tasks - Math.min(next.get(), tasks)));
        }
        if (stopAt != 0) {
          if (!interrupted && now - stopAt > TimeUnit.SECONDS.toNanos(INTERRUPT_AFTER_SECONDS)) {
            interrupted = true;
            workers.forEach(w -> w.thread.interrupt());
          }
          if (now - stopAt > TimeUnit.SECONDS.toNanos(GIVE_UP_AFTER_SECONDS)) {
            for (TaskRecorder r : recorders) {
              if (r.started() && r.freeze(null, stackOf(r.thread()))) {
                abandon(r);
              }
            }
          }
        }
        if (monitor.taskTimeoutNanos() > 0) {
          giveUpStuckTasks(now);
        }
        if (bar != null) {
          monitor.update(bar, Arrays.asList(recorders));
        }
        if (now - nextReport >= 0) {
          monitor.report(startNano, now, Arrays.asList(recorders), window, bar != null);
          nextReport += reportEvery;
        }
      }
    }

    /** Fails every task stuck in one call longer than the task timeout; a new thread takes its place. */
    private void giveUpStuckTasks(long now) {
      for (TaskRecorder r : recorders) {
        if (!r.started() || r.ended() || r.currentKind() == null
            || now - r.currentStartNano() < monitor.taskTimeoutNanos()) {
          continue;
        }
        String reason = monitor.timeoutReason(r, now);
        if (r.freeze(reason, stackOf(r.thread()))) {
          monitor.timedOut(r, reason);
          abandon(r);
          r.thread().interrupt();
          if (!stopping.get() && next.get() < tasks) {
            Worker replacement = new Worker(new CountDownLatch(1), new CountDownLatch(0));
            workers.add(replacement);
            replacement.thread.start();
          }
        }
      }
    }

    private void abandon(TaskRecorder r) {
      for (Worker w : workers) {
        if (w.thread == r.thread()) {
          w.abandoned = true;
        }
      }
    }

    private static List<String> stackOf(Thread t) {
      List<String> lines = new ArrayList<>();
      if (t == null) {
        return lines;
      }
      StackTraceElement[] frames = t.getStackTrace();
      for (int i = 0; i < Math.min(frames.length, STACK_FRAMES); i++) {
        lines.add("at " + frames[i]);
      }
      if (frames.length > STACK_FRAMES) {
        lines.add("... " + (frames.length - STACK_FRAMES) + " more");
      }
      return lines;
    }
  }
}
