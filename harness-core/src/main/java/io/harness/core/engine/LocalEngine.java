package io.harness.core.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Runs tasks on a fixed pool of threads in this JVM. Every thread gets ready first, then all are
 * released by one start signal; each thread then takes the next task until none are left.
 */
public final class LocalEngine {

  /** The body of one task. Throwing fails the task; the other tasks go on. */
  @FunctionalInterface
  public interface TaskBody {
    void run(int index, TaskRecorder recorder) throws Exception;
  }

  /** The outcome: one record per task (in task order) and the engine's own start and end. */
  public record Result(List<TaskRecord> records, long startEpochNanos, long endEpochNanos) {
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
    TaskRecorder r = new TaskRecorder(index, name, window);
    runTask(r, index, body);
    return r.toRecord();
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
    return run(tasks, threads, names, Window.NONE, body);
  }

  /**
   * Runs the tasks; each task's warm-up and deadline count from its own start (with as many threads
   * as tasks, that is the common start signal).
   */
  public static Result run(int tasks, int threads, IntFunction<String> names, Window window, TaskBody body)
      throws InterruptedException {
    int n = Math.max(1, Math.min(threads, tasks));
    TaskRecorder[] recorders = new TaskRecorder[tasks];
    for (int i = 0; i < tasks; i++) {
      recorders[i] = new TaskRecorder(i, names.apply(i), window);
    }
    CountDownLatch ready = new CountDownLatch(n);
    CountDownLatch go = new CountDownLatch(1);
    AtomicInteger next = new AtomicInteger();
    List<Thread> workers = new ArrayList<>(n);
    for (int w = 0; w < n; w++) {
      Thread t = new Thread(() -> {
        ready.countDown();
        try {
          go.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        for (int i = next.getAndIncrement(); i < tasks; i = next.getAndIncrement()) {
          runTask(recorders[i], i, body);
        }
      }, "harness-task-" + w);
      t.setDaemon(true);
      workers.add(t);
      t.start();
    }
    ready.await();
    long start = EpochClock.nowEpochNanos();
    go.countDown();
    for (Thread t : workers) {
      t.join();
    }
    long end = EpochClock.nowEpochNanos();
    List<TaskRecord> records = new ArrayList<>(tasks);
    for (TaskRecorder r : recorders) {
      records.add(r.toRecord());
    }
    return new Result(records, start, end);
  }
}
