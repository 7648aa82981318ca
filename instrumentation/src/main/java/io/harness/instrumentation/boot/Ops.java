package io.harness.instrumentation.boot;

/**
 * The timed operations, in report order, and the rule set each belongs to. A rule names an operation by
 * its report name ("write", "flushWait.handleFlush", ...).
 */
public final class Ops {
  public static final String SET_WRITE = "write";
  public static final String SET_READ = "read";
  public static final String SET_OZONE = "ozone";
  /** The rule sets, in report order. */
  public static final String[] SETS = {SET_WRITE, SET_READ, SET_OZONE};

  public static final int WRITE = 0;
  public static final int HFLUSH = 1;
  public static final int HSYNC = 2;
  public static final int CLOSE = 3;
  public static final int READ = 4;
  public static final int READ_FULLY = 5;
  public static final int POSITIONED_READ = 6;
  public static final int POSITIONED_READ_FULLY = 7;
  /**
   * The outermost wait for a commit on a thread (handleFullBuffer, waitOnFlushFuture, handleFlush,
   * waitForAllPendingFlushes nest inside one another; on the streaming write path handleFlush and
   * watchForCommit of BlockDataStreamOutput): the time the writer waited, counted once.
   */
  public static final int WATCH_FOR_COMMIT = 8;
  public static final int HANDLE_FULL_BUFFER = 9;
  public static final int WAIT_ON_FLUSH_FUTURE = 10;
  public static final int HANDLE_FLUSH = 11;
  public static final int WAIT_FOR_ALL_PENDING_FLUSHES = 12;
  public static final int STREAM_HANDLE_FLUSH = 13;
  public static final int STREAM_WATCH_FOR_COMMIT = 14;
  public static final int STREAM_WAIT_FUTURES_COMPLETE = 15;
  public static final int ALLOCATE_BUFFER = 16;

  static final String[] NAMES = {
      "write", "hflush", "hsync", "close",
      "read", "readFully", "positionedRead", "positionedReadFully",
      "watchForCommit", "flushWait.handleFullBuffer", "flushWait.waitOnFlushFuture",
      "flushWait.handleFlush", "flushWait.waitForAllPendingFlushes", "streamWait.handleFlush",
      "streamWait.watchForCommit", "streamWait.waitFuturesComplete", "flushWait.allocateBuffer"};

  static final int COUNT = NAMES.length;

  private static final int[] SET_OF = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2};

  private Ops() {}

  public static String name(int op) {
    return NAMES[op];
  }

  /** The index of {@code set} in {@link #SETS}, or -1. */
  public static int setIndex(String set) {
    for (int i = 0; i < SETS.length; i++) {
      if (SETS[i].equals(set)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether {@code op} is one of the waits that {@link #WATCH_FOR_COMMIT} adds up (not allocateBuffer). */
  static boolean isCommitWait(int op) {
    return op >= HANDLE_FULL_BUFFER && op <= STREAM_WAIT_FUTURES_COMPLETE;
  }

  static int setOf(int op) {
    return SET_OF[op];
  }

  /** The operation a rule names, or -1 for a name this version does not know. */
  static int index(String name) {
    switch (name) {
      case "write": return WRITE;
      case "hflush": return HFLUSH;
      case "hsync": return HSYNC;
      case "close": return CLOSE;
      case "read": return READ;
      case "readFully": return READ_FULLY;
      case "positionedRead": return POSITIONED_READ;
      case "positionedReadFully": return POSITIONED_READ_FULLY;
      case "watchForCommit": return WATCH_FOR_COMMIT;
      case "flushWait.handleFullBuffer": return HANDLE_FULL_BUFFER;
      case "flushWait.waitOnFlushFuture": return WAIT_ON_FLUSH_FUTURE;
      case "flushWait.handleFlush": return HANDLE_FLUSH;
      case "flushWait.waitForAllPendingFlushes": return WAIT_FOR_ALL_PENDING_FLUSHES;
      case "streamWait.handleFlush": return STREAM_HANDLE_FLUSH;
      case "streamWait.watchForCommit": return STREAM_WATCH_FOR_COMMIT;
      case "streamWait.waitFuturesComplete": return STREAM_WAIT_FUTURES_COMPLETE;
      case "flushWait.allocateBuffer": return ALLOCATE_BUFFER;
      default: return -1;
    }
  }
}
