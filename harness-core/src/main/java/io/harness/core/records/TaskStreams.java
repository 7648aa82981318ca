package io.harness.core.records;

import java.io.Closeable;

/**
 * How a task uses a stream it opened: the body runs, then the stream is closed and the close timed as
 * {@code close}. When the body fails, the stream is closed quietly and the body's own failure is what
 * the task reports. A try-with-resources would not do: HDFS's output stream rethrows the write's own
 * exception from {@code close()}, and adding an exception to itself as suppressed throws
 * "Self-suppression not permitted", which then hides the real reason.
 */
public final class TaskStreams {
  private TaskStreams() {}

  /** What a task does with its open stream. */
  @FunctionalInterface
  public interface Body<S> {
    void accept(S stream) throws Exception;
  }

  /** Runs {@code body} on {@code stream}, then closes it (timed as {@code close} in {@code rec}). */
  public static <S extends Closeable> void use(S stream, TaskRecorder rec, Body<S> body) throws Exception {
    try {
      body.accept(stream);
    } catch (Throwable e) {
      closeAfter(stream, e);
      throw e;
    }
    long t = rec.enter("close");
    stream.close();
    rec.call("close", t, 0);
  }

  /** Closes {@code stream} after {@code failure}; a close failure of its own is added to it, the same one is not. */
  public static void closeAfter(Closeable stream, Throwable failure) {
    try {
      stream.close();
    } catch (Throwable c) {
      if (c != failure && failure != null) {
        failure.addSuppressed(c);
      }
    }
  }
}
