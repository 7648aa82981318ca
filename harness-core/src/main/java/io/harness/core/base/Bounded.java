package io.harness.core.base;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A call to a file system that may not come back (a dead namenode's retries, a frozen datanode), made
 * where the run must go on: on a daemon thread of its own, waited for at most a given time. A call that
 * does not end in time is left running and reported as an {@link IOException}.
 */
public final class Bounded {
  private Bounded() {}

  /** Runs {@code call}, waiting at most {@code seconds}; its failure is rethrown as it was. */
  public static <T> T call(String what, long seconds, Callable<T> call) throws Exception {
    FutureTask<T> task = new FutureTask<>(call);
    Thread t = new Thread(task, "harness-bounded-" + what);
    t.setDaemon(true);
    t.start();
    try {
      return task.get(seconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      t.interrupt();
      throw new IOException(what + ": no answer within " + seconds + " s");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception ex) {
        throw ex;
      }
      throw (Error) cause;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(what + ": interrupted");
    }
  }
}
