package io.harness.instrumentation.boot;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The counters, per FileSystem instance, and the logic the rules drive through {@link TimingHelper}.
 *
 * <p>A stream belongs to the FileSystem whose create/append/open call built it (the outermost such call
 * on the thread, so a checksummed or view file system's inner streams count for the one the caller
 * holds). Streams built anywhere else go to the "unknown" bucket. Only the outermost output (input)
 * call of a thread is timed, and calls made while the thread is inside a FileSystem create/open call
 * are the file system's own work, not the caller's, and are not counted.
 *
 * <p>Loaded by the bootstrap class loader (the agent puts it there), so every class loader sees this
 * one copy. Uses nothing but the JDK: Hadoop's types are never named.
 */
public final class Registry {
  private static final String FS_CLASS = "org.apache.hadoop.fs.FileSystem";
  private static final String FS_INPUT_CLASS = "org.apache.hadoop.fs.FSDataInputStream";
  public static final String JSON_PREFIX = "HARNESS-INSTRUMENTATION ";

  static final FsRecord UNKNOWN = FsRecord.unknown();
  /** The server-side calls of this JVM (datanode rule set), one scope per JVM. */
  static final FsRecord DATANODE = FsRecord.server(Ops.SET_DATANODE);

  private static final WeakIdentityMap<FsRecord> FILE_SYSTEMS = new WeakIdentityMap<>();
  private static final WeakIdentityMap<FsRecord> STREAMS = new WeakIdentityMap<>();
  static final List<FsRecord> RECORDS = new CopyOnWriteArrayList<>();

  static final ThreadLocal<ThreadState> STATE = new ThreadLocal<ThreadState>() {
    @Override
    protected ThreadState initialValue() {
      return new ThreadState();
    }
  };

  private static final ClassValue<Boolean> FS_INPUT = new ClassValue<Boolean>() {
    @Override
    protected Boolean computeValue(Class<?> type) {
      for (Class<?> c = type; c != null; c = c.getSuperclass()) {
        if (FS_INPUT_CLASS.equals(c.getName())) {
          return Boolean.TRUE;
        }
      }
      return Boolean.FALSE;
    }
  };

  /** Which rule sets are reported (indexes of {@link Ops#SETS}); replaced, never changed in place. */
  static volatile boolean[] active = new boolean[Ops.SETS.length];

  private Registry() {}

  // ---------------------------------------------------------------- configuration

  static synchronized void activate(String set) {
    int i = Ops.setIndex(set);
    if (i >= 0 && !active[i]) {
      boolean[] next = active.clone();
      next[i] = true;
      active = next;
    }
  }

  /** The reported rule sets, in report order. */
  public static String[] activeSets() {
    boolean[] a = active;
    List<String> sets = new ArrayList<>();
    for (int i = 0; i < a.length; i++) {
      if (a[i]) {
        sets.add(Ops.SETS[i]);
      }
    }
    return sets.toArray(new String[0]);
  }

  // ---------------------------------------------------------------- FileSystem calls that build streams

  static void fsEnter(Object fs, Object uri) {
    ThreadState ts = STATE.get();
    ts.entries++;
    ts.pushFs(fs, uri);
  }

  static void fsExit(Object fs) {
    ThreadState ts = STATE.get();
    ts.entries++;
    ts.popFs(fs);
  }

  /** A Byteman rule fired on this thread (its helper was made). */
  static void ruleFired() {
    STATE.get().ruleFirings++;
  }

  /**
   * {calls into the counters from instrumented code on this thread so far (injected calls and rule firings), the
   * Byteman rule firings among them}.
   */
  public static long[] callsOnThisThread() {
    ThreadState ts = STATE.get();
    return new long[] {ts.entries, ts.ruleFirings};
  }

  /**
   * A stream was built. Inside a timed stream call (a checksummed file system opens its raw file for a
   * positioned read) it belongs to that call's FileSystem; else to the outermost FileSystem call
   * running on this thread, if any.
   */
  static void bindStream(Object stream) {
    ThreadState ts = STATE.get();
    ts.entries++;
    if (stream == null) {
      return;
    }
    FsRecord r = null;
    if (ts.outDepth > 0 && ts.outRecord != null && ts.outRecord != UNKNOWN) {
      r = ts.outRecord;
    } else if (ts.inDepth > 0 && ts.inRecord != null && ts.inRecord != UNKNOWN) {
      r = ts.inRecord;
    } else if (ts.fsDepth > 0) {
      r = recordFor(ts.fsStack[0], ts.fsUris[0]);
    }
    if (r != null) {
      STREAMS.put(stream, r);
    }
  }

  private static FsRecord recordFor(Object fs, Object uri) {
    FsRecord r = FILE_SYSTEMS.get(fs);
    if (r != null) {
      return r;
    }
    if (uri == null) {
      uri = uriOf(fs);
    }
    FsRecord created = new FsRecord(fs, uri == null ? null : uri.toString());
    r = FILE_SYSTEMS.putIfAbsent(fs, created);
    if (r != null) {
      return r;
    }
    RECORDS.add(created);
    Reports.registerHadoopHook(fs);
    return created;
  }

  /** {@code fs.getUri()}, called once per FileSystem (the hooks pass no URI), or null. */
  private static Object uriOf(Object fs) {
    try {
      for (Class<?> c = fs.getClass(); c != null; c = c.getSuperclass()) {
        if (FS_CLASS.equals(c.getName())) {
          return c.getMethod("getUri").invoke(fs);
        }
      }
    } catch (Throwable t) {
      // a file system that cannot tell its URI yet: reported without one
    }
    return null;
  }

  private static FsRecord recordOf(Object stream, ThreadState ts) {
    WeakReference<Object> last = ts.lastStream;
    if (last != null && last.get() == stream) {
      return ts.lastRecord;
    }
    FsRecord r = STREAMS.get(stream);
    if (r == null) {
      r = UNKNOWN;
    }
    ts.lastStream = new WeakReference<>(stream);
    ts.lastRecord = r;
    return r;
  }

  // ---------------------------------------------------------------- output calls

  static void outEnter(int op, Object stream) {
    ThreadState ts = STATE.get();
    ts.entries++;
    if (ts.outDepth++ > 0) {
      return;
    }
    ts.outOp = op;
    ts.outCounted = op >= 0 && ts.fsDepth == 0;
    ts.outRecord = recordOf(stream, ts);
    ts.outStart = System.nanoTime();
  }

  static void outExit(boolean failed) {
    ThreadState ts = STATE.get();
    ts.entries++;
    if (ts.outDepth == 0 || --ts.outDepth > 0) {
      return; // an inner call (a checksummed stream's chunks): no clock read
    }
    long now = System.nanoTime();
    if (ts.outCounted) {
      ts.outRecord.add(ts.outOp, now - ts.outStart, failed);
    }
    ts.outRecord = null;
  }

  // ---------------------------------------------------------------- input calls

  static void inEnter(int op, Object stream) {
    if (stream == null || !FS_INPUT.get(stream.getClass())) {
      return;
    }
    ThreadState ts = STATE.get();
    ts.entries++;
    if (ts.inDepth++ > 0) {
      return;
    }
    ts.inOp = op;
    ts.inCounted = op >= 0 && ts.fsDepth == 0;
    ts.inRecord = recordOf(stream, ts);
    ts.inStart = System.nanoTime();
  }

  static void inExit(Object stream, boolean failed) {
    long now = System.nanoTime();
    if (stream == null || !FS_INPUT.get(stream.getClass())) {
      return;
    }
    ThreadState ts = STATE.get();
    ts.entries++;
    if (ts.inDepth == 0 || --ts.inDepth > 0) {
      return;
    }
    if (ts.inCounted) {
      ts.inRecord.add(ts.inOp, now - ts.inStart, failed);
    }
    ts.inRecord = null;
  }

  // ---------------------------------------------------------------- FileSystem.close

  static void closeEnter(Object fs) {
    ThreadState ts = STATE.get();
    ts.entries++;
    ts.pushClosing(fs);
  }

  static void closeExit(Object fs) {
    ThreadState ts = STATE.get();
    ts.entries++;
    if (!ts.popClosing(fs)) {
      return;
    }
    FsRecord r = FILE_SYSTEMS.get(fs);
    if (r != null) {
      r.closed = true;
      Reports.report(r, "close");
    }
  }

  // ---------------------------------------------------------------- Java API (through Timings)

  /**
   * Does now what the first FileSystem record would do inside a run's first stream call: registers the exit report
   * with the Hadoop hook manager {@code loader} sees (the harness calls this before its run's tasks start).
   */
  public static void prepare(ClassLoader loader) {
    if (Reports.hadoopHooksVisible(loader)) {
      Reports.registerHadoopHook(loader);
    }
  }

  /**
   * The counters of every FileSystem seen so far (and of the unknown bucket when it has calls), then the
   * datanode scope's when its rule set is active, as plain JDK types: scope (String, the server scope's name,
   * or null), fs (Integer or null), scheme, uri, class (String or null), closed (Boolean), counters (Map of
   * String to Long, in report order), buckets (Map of operation name to long[], see {@link Histogram}).
   */
  public static List<Map<String, Object>> snapshot() {
    List<Map<String, Object>> out = new ArrayList<>();
    boolean[] sets = active;
    for (FsRecord r : RECORDS) {
      out.add(r.asMap(sets));
    }
    if (UNKNOWN.totalCalls() > 0) {
      out.add(UNKNOWN.asMap(sets));
    }
    if (sets[Ops.setIndex(Ops.SET_DATANODE)]) {
      out.add(DATANODE.asMap(sets));
    }
    return out;
  }

  /** The counters of the FileSystem {@code fs} (same keys as {@link #snapshot()}), or null. */
  public static Map<String, Object> snapshotOf(Object fs) {
    FsRecord r = FILE_SYSTEMS.get(fs);
    return r == null ? null : r.asMap(active);
  }
}
