package io.harness.instrumentation.boot;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.LongAdder;

/** The counters of one FileSystem instance (or of the "unknown" bucket: streams of no known one). */
final class FsRecord {
  /** System.identityHashCode of the FileSystem; null for the unknown bucket. */
  final Integer id;
  final WeakReference<Object> fs;
  final String scheme;
  final String uri;
  final String fsClass;

  private final LongAdder[] calls = adders();
  private final LongAdder[] nanos = adders();
  private final LongAdder[] failed = adders();

  /** Calls (all operations) at the last report; -1 before any. Guarded by the report lock. */
  long reportedCalls = -1;
  /** Whether the FileSystem's close() has returned (or thrown) at least once. */
  volatile boolean closed;

  FsRecord(Object fs, String uri) {
    this.id = fs == null ? null : System.identityHashCode(fs);
    this.fs = new WeakReference<>(fs);
    this.uri = uri;
    this.scheme = schemeOf(uri);
    this.fsClass = fs == null ? null : fs.getClass().getName();
  }

  static FsRecord unknown() {
    return new FsRecord(null, null);
  }

  boolean isUnknown() {
    return id == null;
  }

  void add(int op, long elapsedNanos, boolean fail) {
    calls[op].increment();
    nanos[op].add(elapsedNanos);
    if (fail) {
      failed[op].increment();
    }
  }

  long calls(int op) {
    return calls[op].sum();
  }

  long nanos(int op) {
    return nanos[op].sum();
  }

  long failed(int op) {
    return failed[op].sum();
  }

  long totalCalls() {
    long sum = 0;
    for (LongAdder a : calls) {
      sum += a.sum();
    }
    return sum;
  }

  private static String schemeOf(String uri) {
    if (uri == null) {
      return null;
    }
    int colon = uri.indexOf(':');
    return colon > 0 ? uri.substring(0, colon) : null;
  }

  private static LongAdder[] adders() {
    LongAdder[] a = new LongAdder[Ops.COUNT];
    for (int i = 0; i < a.length; i++) {
      a[i] = new LongAdder();
    }
    return a;
  }
}
