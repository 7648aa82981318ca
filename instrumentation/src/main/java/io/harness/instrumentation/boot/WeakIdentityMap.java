package io.harness.instrumentation.boot;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A concurrent map from objects, compared by identity and held weakly, to values: a stream or a file
 * system that is no longer used disappears from it, and classes that override equals/hashCode (or
 * whose hashCode is expensive) are never asked.
 */
final class WeakIdentityMap<V> {
  private final ConcurrentHashMap<Object, V> map = new ConcurrentHashMap<>();
  private final ReferenceQueue<Object> cleared = new ReferenceQueue<>();

  V get(Object key) {
    return key == null ? null : map.get(new Probe(key));
  }

  void put(Object key, V value) {
    expunge();
    map.put(new WeakKey(key, cleared), value);
  }

  V putIfAbsent(Object key, V value) {
    expunge();
    return map.putIfAbsent(new WeakKey(key, cleared), value);
  }

  int size() {
    expunge();
    return map.size();
  }

  private void expunge() {
    for (Reference<?> r; (r = cleared.poll()) != null; ) {
      map.remove(r);
    }
  }

  /** The stored key: a weak reference, equal to any key or probe for the same object. */
  private static final class WeakKey extends WeakReference<Object> {
    private final int hash;

    WeakKey(Object referent, ReferenceQueue<Object> queue) {
      super(referent, queue);
      this.hash = System.identityHashCode(referent);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      if (o == this) {
        return true;
      }
      Object mine = get();
      if (mine == null) {
        return false;
      }
      if (o instanceof WeakKey) {
        return mine == ((WeakKey) o).get();
      }
      return o instanceof Probe && mine == ((Probe) o).referent;
    }
  }

  /** A look-up key: a strong reference that lives only for the look-up. */
  private static final class Probe {
    private final Object referent;

    Probe(Object referent) {
      this.referent = referent;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(referent);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof WeakKey && ((WeakKey) o).get() == referent;
    }
  }
}
