package io.harness.instrumentation.boot;

import java.lang.ref.WeakReference;
import java.util.Arrays;

/**
 * What one thread is inside of: FileSystem calls that build streams, the outermost timed output and
 * input call, the Ozone waits (a stack: they nest), FileSystem close calls. Only its own thread touches
 * it.
 */
final class ThreadState {
  // calls into the counters from instrumented code on this thread (injected calls and rule firings alike), and
  // the Byteman rule firings among them: what the instrumentation costs a thread, in calls (Timings.AgentCalls)
  long entries;
  long ruleFirings;

  // FileSystem.create/append/open/... calls, outermost first; a stream built inside belongs to [0]
  Object[] fsStack = new Object[4];
  Object[] fsUris = new Object[4];
  int fsDepth;

  // output calls: only the outermost is timed (a checksummed stream writes through an inner one)
  int outDepth;
  int outOp;
  long outStart;
  boolean outCounted;
  FsRecord outRecord;

  // input calls, likewise
  int inDepth;
  int inOp;
  long inStart;
  boolean inCounted;
  FsRecord inRecord;

  // Ozone client waits: each timed on its own; the outermost wait for a commit also as watchForCommit
  int[] ozOps = new int[8];
  long[] ozStarts = new long[8];
  int ozDepth;
  int ozGroupDepth;
  long ozOuterStart;
  FsRecord ozRecord;

  // FileSystem.close calls (subclasses call super.close(): report when the outermost one ends)
  Object[] closing = new Object[4];
  int closeDepth;

  // the last stream looked up on this thread (a write loop asks for the same one again and again)
  WeakReference<Object> lastStream;
  FsRecord lastRecord;

  void pushFs(Object fs, Object uri) {
    if (fsDepth == fsStack.length) {
      fsStack = Arrays.copyOf(fsStack, fsDepth * 2);
      fsUris = Arrays.copyOf(fsUris, fsDepth * 2);
    }
    fsStack[fsDepth] = fs;
    fsUris[fsDepth] = uri;
    fsDepth++;
  }

  void popFs(Object fs) {
    for (int i = fsDepth - 1; i >= 0; i--) {
      if (fsStack[i] == fs) {
        for (int j = i; j < fsDepth; j++) {
          fsStack[j] = null;
          fsUris[j] = null;
        }
        fsDepth = i;
        return;
      }
    }
  }

  void pushOzone(int op, long now) {
    if (ozDepth == ozOps.length) {
      ozOps = Arrays.copyOf(ozOps, ozDepth * 2);
      ozStarts = Arrays.copyOf(ozStarts, ozDepth * 2);
    }
    ozOps[ozDepth] = op;
    ozStarts[ozDepth] = now;
    ozDepth++;
  }

  void pushClosing(Object fs) {
    if (closeDepth == closing.length) {
      closing = Arrays.copyOf(closing, closeDepth * 2);
    }
    closing[closeDepth++] = fs;
  }

  /** Removes the innermost close of {@code fs}; true when no other close of it is still running. */
  boolean popClosing(Object fs) {
    for (int i = closeDepth - 1; i >= 0; i--) {
      if (closing[i] == fs) {
        for (int j = i; j < closeDepth; j++) {
          closing[j] = null;
        }
        closeDepth = i;
        for (int k = 0; k < i; k++) {
          if (closing[k] == fs) {
            return false;
          }
        }
        return true;
      }
    }
    return false;
  }
}
