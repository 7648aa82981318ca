package io.harness.instrumentation.boot;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters of one FileSystem instance (or of the "unknown" bucket: streams of no known one), or of a
 * server-side scope ({@code datanode}: calls of the JVM's servers, tied to no FileSystem).
 */
final class FsRecord {
  /** System.identityHashCode of the FileSystem; null for the unknown bucket. */
  final Integer id;
  final WeakReference<Object> fs;
  final String scheme;
  final String uri;
  final String fsClass;
  /** The server-side scope's name ("datanode"), or null for a FileSystem's (or the unknown) record. */
  final String scope;

  private final LongAdder[] calls = adders();
  private final LongAdder[] nanos = adders();
  private final LongAdder[] failed = adders();
  /** Each operation's distribution, made at its first call. */
  private final AtomicReferenceArray<Histogram> histograms = new AtomicReferenceArray<>(Ops.COUNT);

  /** Calls (all operations) at the last report; -1 before any. Guarded by the report lock. */
  long reportedCalls = -1;
  /** Whether the FileSystem's close() has returned (or thrown) at least once. */
  volatile boolean closed;

  FsRecord(Object fs, String uri) {
    this(fs, uri, null);
  }

  private FsRecord(Object fs, String uri, String scope) {
    this.id = fs == null ? null : System.identityHashCode(fs);
    this.fs = new WeakReference<>(fs);
    this.uri = uri;
    this.scheme = schemeOf(uri);
    this.fsClass = fs == null ? null : fs.getClass().getName();
    this.scope = scope;
  }

  static FsRecord unknown() {
    return new FsRecord(null, null);
  }

  /** The record of a server-side scope ("datanode"). */
  static FsRecord server(String scope) {
    return new FsRecord(null, null, scope);
  }

  boolean isUnknown() {
    return id == null && scope == null;
  }

  boolean isServer() {
    return scope != null;
  }

  /** Whether this record reports {@code op}: server-side operations in a server scope, the others in the rest. */
  boolean holds(int op) {
    return Ops.isServer(op) == isServer();
  }

  void add(int op, long elapsedNanos, boolean fail) {
    calls[op].increment();
    nanos[op].add(elapsedNanos);
    if (fail) {
      failed[op].increment();
    }
    Histogram h = histograms.get(op);
    if (h == null) {
      histograms.compareAndSet(op, null, new Histogram());
      h = histograms.get(op);
    }
    h.record(elapsedNanos);
  }

  /** The distribution of {@code op}'s calls, or null before its first call. */
  Histogram histogram(int op) {
    return histograms.get(op);
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

  /** These counters as plain JDK types, for the Java API: see {@link Registry#snapshot()} for the keys. */
  java.util.Map<String, Object> asMap(boolean[] sets) {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("scope", scope);
    m.put("fs", id);
    m.put("scheme", scheme);
    m.put("uri", uri);
    m.put("class", fsClass);
    m.put("closed", closed);
    m.put("counters", Report.counters(this, sets));
    m.put("buckets", Report.buckets(this, sets));
    return m;
  }
}
