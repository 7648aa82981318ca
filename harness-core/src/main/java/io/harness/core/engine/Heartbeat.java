package io.harness.core.engine;

/**
 * Calls {@code beat} every {@code periodMillis} on a daemon thread until closed: a MapReduce map that
 * runs one long task per record tells the framework it is alive this way (a map that reports nothing
 * for {@code mapreduce.task.timeout}, 10 minutes by default, is killed).
 */
public final class Heartbeat implements AutoCloseable {
  private final Thread thread;

  private Heartbeat(Thread thread) {
    this.thread = thread;
  }

  public static Heartbeat every(long periodMillis, Runnable beat) {
    Thread t = new Thread(() -> {
      try {
        while (true) {
          Thread.sleep(periodMillis);
          beat.run();
        }
      } catch (InterruptedException e) {
        // closed
      }
    }, "harness-heartbeat");
    t.setDaemon(true);
    t.start();
    return new Heartbeat(t);
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
