package io.harness.core.records;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * A task's latency histograms by kind of call, kept compact ({@link CompactHistogram}) and read as a map of
 * histograms: each read decodes a new {@link Histogram}, which the reader may merge or drop. Immutable, in the
 * order the kinds were given.
 */
public final class PackedLatency extends AbstractMap<String, Histogram> {
  private static final PackedLatency EMPTY = new PackedLatency(Map.of());
  private final Map<String, CompactHistogram> packed;

  private PackedLatency(Map<String, CompactHistogram> packed) {
    this.packed = packed;
  }

  /** {@code latency} kept compact (itself when it already is). */
  public static PackedLatency of(Map<String, Histogram> latency) {
    if (latency instanceof PackedLatency p) {
      return p;
    }
    if (latency == null || latency.isEmpty()) {
      return EMPTY;
    }
    Map<String, CompactHistogram> m = new LinkedHashMap<>();
    latency.forEach((k, h) -> m.put(k, CompactHistogram.of(h)));
    return new PackedLatency(m);
  }

  /** Histograms already compact, by kind. */
  public static PackedLatency ofCompact(Map<String, CompactHistogram> compact) {
    return compact.isEmpty() ? EMPTY : new PackedLatency(new LinkedHashMap<>(compact));
  }

  /** The compact histogram of {@code kind}, or null. */
  public CompactHistogram compact(String kind) {
    return packed.get(kind);
  }

  @Override
  public Histogram get(Object kind) {
    CompactHistogram c = packed.get(kind);
    return c == null ? null : c.histogram();
  }

  @Override
  public boolean containsKey(Object kind) {
    return packed.containsKey(kind);
  }

  @Override
  public int size() {
    return packed.size();
  }

  @Override
  public Set<Entry<String, Histogram>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, Histogram>> iterator() {
        Iterator<Entry<String, CompactHistogram>> it = packed.entrySet().iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return it.hasNext();
          }

          @Override
          public Entry<String, Histogram> next() {
            Entry<String, CompactHistogram> e = it.next();
            return new SimpleImmutableEntry<>(e.getKey(), e.getValue().histogram());
          }
        };
      }

      @Override
      public int size() {
        return packed.size();
      }
    };
  }

  @Override
  public Set<String> keySet() {
    return java.util.Collections.unmodifiableSet(packed.keySet());
  }
}
