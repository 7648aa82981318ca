package io.harness.core.records;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A task's bytes by tick ({@link TaskRecord#TICK_NANOS}), kept as two arrays of its ticks that moved bytes (a
 * tick as its distance from the first one, and its bytes: 12 bytes a tick, where a tree map of boxed longs takes
 * about 80) and read as a sorted map. Immutable; ticks without bytes are not in it.
 */
public final class TickSeries extends AbstractMap<Long, Long> implements SortedMap<Long, Long> {
  private static final TickSeries EMPTY = new TickSeries(0, new int[0], new long[0]);
  private final long first;
  private final int[] offsets;
  private final long[] values;

  private TickSeries(long first, int[] offsets, long[] values) {
    this.first = first;
    this.offsets = offsets;
    this.values = values;
  }

  /** {@code ticks} kept compact (itself when it already is); ticks of 0 bytes are left out. */
  public static TickSeries of(SortedMap<Long, Long> ticks) {
    if (ticks instanceof TickSeries t) {
      return t;
    }
    if (ticks == null || ticks.isEmpty()) {
      return EMPTY;
    }
    int n = 0;
    for (Long v : ticks.values()) {
      if (v != 0) {
        n++;
      }
    }
    long first = ticks.firstKey();
    int[] offsets = new int[n];
    long[] values = new long[n];
    int i = 0;
    for (Map.Entry<Long, Long> e : ticks.entrySet()) {
      if (e.getValue() != 0) {
        offsets[i] = Math.toIntExact(e.getKey() - first);
        values[i++] = e.getValue();
      }
    }
    return n == 0 ? EMPTY : new TickSeries(first, offsets, values);
  }

  /** The series of {@code perTick[i]} bytes at tick {@code first + i} (zeros left out). */
  public static TickSeries ofDense(long first, long[] perTick, int length) {
    int n = 0;
    for (int i = 0; i < length; i++) {
      if (perTick[i] != 0) {
        n++;
      }
    }
    if (n == 0) {
      return EMPTY;
    }
    int[] offsets = new int[n];
    long[] values = new long[n];
    int j = 0;
    for (int i = 0; i < length; i++) {
      if (perTick[i] != 0) {
        offsets[j] = i;
        values[j++] = perTick[i];
      }
    }
    return new TickSeries(first, offsets, values);
  }

  private int find(Object key) {
    if (!(key instanceof Long k) || offsets.length == 0 || k < first || k - first > Integer.MAX_VALUE) {
      return -1;
    }
    int i = Arrays.binarySearch(offsets, (int) (k - first));
    return i < 0 ? -1 : i;
  }

  @Override
  public Long get(Object key) {
    int i = find(key);
    return i < 0 ? null : values[i];
  }

  @Override
  public boolean containsKey(Object key) {
    return find(key) >= 0;
  }

  @Override
  public int size() {
    return offsets.length;
  }

  @Override
  public Set<Entry<Long, Long>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<Long, Long>> iterator() {
        return new Iterator<>() {
          private int i;

          @Override
          public boolean hasNext() {
            return i < offsets.length;
          }

          @Override
          public Entry<Long, Long> next() {
            if (i >= offsets.length) {
              throw new NoSuchElementException();
            }
            Entry<Long, Long> e = new SimpleImmutableEntry<>(first + offsets[i], values[i]);
            i++;
            return e;
          }
        };
      }

      @Override
      public int size() {
        return offsets.length;
      }
    };
  }

  @Override
  public Comparator<? super Long> comparator() {
    return null;
  }

  @Override
  public SortedMap<Long, Long> subMap(Long fromKey, Long toKey) {
    return new TreeMap<>(this).subMap(fromKey, toKey);
  }

  @Override
  public SortedMap<Long, Long> headMap(Long toKey) {
    return new TreeMap<>(this).headMap(toKey);
  }

  @Override
  public SortedMap<Long, Long> tailMap(Long fromKey) {
    return new TreeMap<>(this).tailMap(fromKey);
  }

  @Override
  public Long firstKey() {
    if (offsets.length == 0) {
      throw new NoSuchElementException();
    }
    return first + offsets[0];
  }

  @Override
  public Long lastKey() {
    if (offsets.length == 0) {
      throw new NoSuchElementException();
    }
    return first + offsets[offsets.length - 1];
  }
}
