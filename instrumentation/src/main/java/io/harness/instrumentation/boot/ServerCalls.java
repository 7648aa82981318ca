package io.harness.instrumentation.boot;

import java.util.concurrent.CompletionStage;

/**
 * The server-side calls of the {@code datanode} rule set: the Ozone datanode's container state machine and
 * dispatcher and the Ratis leader's watch requests, timed in one scope per JVM ({@link Registry#DATANODE}), not
 * tied to a FileSystem. A synchronous call is timed from entry to return; a call that returns a
 * {@link CompletionStage} (the work runs on other threads) from entry to the stage's completion.
 *
 * <p>Entry pushes the start time on the thread's stack; the exit rule (normal or exception) pops it, so calls may
 * nest (a dispatch inside an apply running on the caller's thread).
 */
final class ServerCalls {
  private static final int MAX_DEPTH = 16;

  private static final ThreadLocal<Stack> STACK = ThreadLocal.withInitial(Stack::new);

  /** One thread's open calls: their operations and start times. */
  private static final class Stack {
    final int[] ops = new int[MAX_DEPTH];
    final long[] starts = new long[MAX_DEPTH];
    int depth;
  }

  private ServerCalls() {}

  static void enter(int op) {
    if (op < 0) {
      return;
    }
    Stack s = STACK.get();
    if (s.depth < MAX_DEPTH) {
      s.ops[s.depth] = op;
      s.starts[s.depth] = System.nanoTime();
    }
    s.depth++;
  }

  /**
   * Exit of the call {@code op} entered last on this thread: with {@code result} a {@link CompletionStage}, the
   * call is counted when it completes (failed if exceptionally); otherwise now.
   */
  static void exit(int op, Object result, boolean failed) {
    long now = System.nanoTime();
    if (op < 0) {
      return;
    }
    Stack s = STACK.get();
    if (s.depth == 0) {
      return; // the entry ran before the rules were installed
    }
    s.depth--;
    if (s.depth >= MAX_DEPTH || s.ops[s.depth] != op) {
      return;
    }
    long start = s.starts[s.depth];
    FsRecord r = Registry.DATANODE;
    if (!failed && result instanceof CompletionStage<?> stage) {
      stage.whenComplete((value, error) -> r.add(op, System.nanoTime() - start, error != null));
    } else {
      r.add(op, now - start, failed);
    }
  }
}
