package io.harness.instrumentation.boot;

/**
 * The Ozone client's waits (the {@code ozone} set): each wait is timed inside the output call the thread is in and
 * counts for that call's FileSystem; nested waits for a commit count once more, as one {@code watchForCommit}, from
 * the outermost one's entry to its exit.
 */
final class OzoneWaits {
  private OzoneWaits() {}

  static void enter(int op) {
    if (op < 0) {
      return;
    }
    long now = System.nanoTime();
    ThreadState ts = Registry.STATE.get();
    ts.entries++;
    if (ts.ozDepth == 0) {
      // the wait belongs to the FileSystem of the output call the thread is in
      ts.ozRecord = ts.outDepth > 0 && ts.outRecord != null ? ts.outRecord : Registry.UNKNOWN;
    }
    if (Ops.isCommitWait(op) && ts.ozGroupDepth++ == 0) {
      ts.ozOuterStart = now;
    }
    ts.pushOzone(op, now);
  }

  static void exit(int op, boolean failed) {
    long now = System.nanoTime();
    ThreadState ts = Registry.STATE.get();
    ts.entries++;
    for (int i = ts.ozDepth - 1; i >= 0; i--) {
      if (ts.ozOps[i] != op) {
        continue;
      }
      FsRecord r = ts.ozRecord;
      r.add(op, now - ts.ozStarts[i], failed);
      int groupBefore = ts.ozGroupDepth;
      for (int j = i; j < ts.ozDepth; j++) {
        if (Ops.isCommitWait(ts.ozOps[j])) {
          ts.ozGroupDepth--;
        }
      }
      ts.ozDepth = i;
      if (groupBefore > 0 && ts.ozGroupDepth == 0) {
        r.add(Ops.WATCH_FOR_COMMIT, now - ts.ozOuterStart, failed);
      }
      if (i == 0) {
        ts.ozRecord = null;
      }
      return;
    }
  }
}
