package io.harness.instrumentation.boot;

/**
 * The timed operations, in report order, and the rule set each belongs to. A rule names an operation by
 * its report name ("write", "flushWait.handleFlush", ...).
 */
public final class Ops {
  public static final String SET_WRITE = "write";
  public static final String SET_READ = "read";
  public static final String SET_OZONE = "ozone";
  public static final String SET_DATANODE = "datanode";
  /** The rule sets, in report order. */
  public static final String[] SETS = {SET_WRITE, SET_READ, SET_OZONE, SET_DATANODE};

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
  /** The first operation of the datanode set: server side, not tied to a FileSystem (its own scope). */
  public static final int DN_WRITE = 17;
  public static final int DN_APPLY = 18;
  public static final int DN_WATCH = 19;
  /** The dispatcher's commands timed by type, in report order; any other type is {@code dn.dispatch.other}. */
  static final String[] DISPATCHED = {"WriteChunk", "PutBlock", "ReadChunk", "GetBlock", "CreateContainer",
      "CloseContainer", "PutSmallFile", "GetSmallFile", "StreamInit", "other"};
  public static final int DN_DISPATCH = 20;
  private static final int DN_DISPATCH_OTHER = DN_DISPATCH + DISPATCHED.length - 1;

  static final String[] NAMES = {
      "write", "hflush", "hsync", "close",
      "read", "readFully", "positionedRead", "positionedReadFully",
      "watchForCommit", "flushWait.handleFullBuffer", "flushWait.waitOnFlushFuture",
      "flushWait.handleFlush", "flushWait.waitForAllPendingFlushes", "streamWait.handleFlush",
      "streamWait.watchForCommit", "streamWait.waitFuturesComplete", "flushWait.allocateBuffer",
      "dn.write", "dn.apply", "dn.watch",
      "dn.dispatch.WriteChunk", "dn.dispatch.PutBlock", "dn.dispatch.ReadChunk", "dn.dispatch.GetBlock",
      "dn.dispatch.CreateContainer", "dn.dispatch.CloseContainer", "dn.dispatch.PutSmallFile",
      "dn.dispatch.GetSmallFile", "dn.dispatch.StreamInit", "dn.dispatch.other"};

  static final int COUNT = NAMES.length;

  private static final java.util.Map<String, Integer> INDEX = new java.util.HashMap<>();

  static {
    for (int i = 0; i < COUNT; i++) {
      INDEX.put(NAMES[i], i);
    }
  }

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
    return op >= DN_WRITE ? 3 : op >= WATCH_FOR_COMMIT ? 2 : op >= READ ? 1 : 0;
  }

  /** Whether {@code op} is a server-side one (the datanode scope), not a FileSystem's. */
  static boolean isServer(int op) {
    return op >= DN_WRITE;
  }

  /** The operation a rule names, or -1 for a name this version does not know. */
  static int index(String name) {
    Integer i = name == null ? null : INDEX.get(name);
    return i == null ? -1 : i;
  }

  /** The dispatcher's operation for a command type ({@code WriteChunk}, ...): {@code dn.dispatch.other} if not listed. */
  static int dispatchOp(String cmdType) {
    int i = index("dn.dispatch." + cmdType);
    return i < 0 ? DN_DISPATCH_OTHER : i;
  }
}
