package io.harness.core.engine;

import io.harness.core.records.EpochClock;
import io.harness.core.records.Intervals;
import io.harness.core.records.Stopping;
import io.harness.core.records.TaskRecord;

import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import me.tongfei.progressbar.ProgressBar;

/**
 * One run of {@link LocalEngine#run}: its tasks, its pool of workers and the calling thread's watch over them
 * (progress, stuck tasks, the stop request).
 */
final class LocalPool {
  static final long POLL_MILLIS = 100;
  private static final int STACK_FRAMES = 60;

  private final int tasks;
  private final int threads;
  private final Window window;
  private final Monitor monitor;
  private final LocalEngine.TaskBody body;
  private final TaskRecorder[] recorders;
  private final Stopping stopping;
  private final Intervals intervals;
  private final AtomicInteger next = new AtomicInteger();
  private final List<Worker> workers = new CopyOnWriteArrayList<>();
  private int workerNames;

  LocalPool(int tasks, int threads, IntFunction<String> names, Window window, Monitor monitor, LocalEngine.TaskBody body) {
    this.tasks = tasks;
    this.threads = Math.max(1, Math.min(threads, tasks));
    this.window = window;
    this.monitor = monitor;
    this.body = body;
    this.intervals = new Intervals(0, monitor.feed());
    this.stopping = monitor.stopping();
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
        LocalEngine.runTask(recorders[i], i, body);
        Thread.interrupted(); // an interrupt meant for the task it gave up must not reach the next one
      }
    }
  }

  LocalEngine.Result run() throws InterruptedException {
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
    } catch (InterruptedException e) {
      // the thread that runs the engine is told to end (a MapReduce map killed): its tasks end first, so none of
      // them goes on working on what the run's end cleans up
      stopping.set();
      workers.forEach(w -> w.thread.interrupt());
      for (Worker w : workers) {
        w.thread.join(TimeUnit.SECONDS.toMillis(LocalEngine.GIVE_UP_AFTER_SECONDS));
      }
      throw e;
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
        r.cutShortByStop();
        records.add(r.toRecord());
      }
    }
    return new LocalEngine.Result(records, start, end, stopped, intervals.intervals());
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
        // the tasks may have seen the stop themselves, before this look
        return stopAt != 0 || stopping.get();
      }
      // wake for the next second's interval histograms, or for the next look at the tasks
      long untilSecond = TimeUnit.NANOSECONDS.toMillis(nextSecond - System.nanoTime());
      alive.thread.join(Math.max(1, Math.min(POLL_MILLIS, untilSecond + 1)));
      long now = System.nanoTime();
      while (now - nextSecond >= 0) {
        intervals.tick();
        nextSecond += TimeUnit.SECONDS.toNanos(1);
      }
      if (stopAt == 0 && stopping.get()) {
        stopAt = now;
        long running = Arrays.stream(recorders).filter(r -> r.started() && !r.ended()).count();
        monitor.stopping((int) running, Math.max(0, tasks - Math.min(next.get(), tasks)));
      }
      if (stopAt != 0) {
        if (!interrupted && now - stopAt > TimeUnit.SECONDS.toNanos(LocalEngine.INTERRUPT_AFTER_SECONDS)) {
          interrupted = true;
          workers.forEach(w -> w.thread.interrupt());
        }
        if (now - stopAt > TimeUnit.SECONDS.toNanos(LocalEngine.GIVE_UP_AFTER_SECONDS)) {
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

  static List<String> stackOf(Thread t) {
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
