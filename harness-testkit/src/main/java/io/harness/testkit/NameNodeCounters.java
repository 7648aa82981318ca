package io.harness.testkit;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The activity counters of a NameNode running in this JVM (a MiniDFSCluster's) as they are now (JMX would serve a
 * cached copy): {@code CreateFileOps},
 * {@code DeleteFileOps}, {@code FileInfoOps}, {@code GetListingOps}, {@code FilesRenamed}... The NameNode's own count of
 * what a run asked of it, against which the run's figures are checked.
 */
public final class NameNodeCounters {
  private NameNodeCounters() {}

  /**
   * Every counter of {@code nameNodeMetrics} (the newest NameNode's in this JVM: {@code NameNode.getNameNodeMetrics()}),
   * by name: read from the NameNode's metrics object itself, not the
   * metrics system's source of that name, which after one MiniDFSCluster's shutdown and another's start can still be
   * the first NameNode's.
   */
  public static Map<String, Long> of(Object nameNodeMetrics) {
    // its counters are fields (createFileOps...), which a metrics source names with a capital (CreateFileOps)
    Map<String, Long> all = new LinkedHashMap<>();
    for (java.lang.reflect.Field f : nameNodeMetrics.getClass().getDeclaredFields()) {
      if (f.getType() == org.apache.hadoop.metrics2.lib.MutableCounterLong.class) {
        try {
          f.setAccessible(true);
          long v = ((org.apache.hadoop.metrics2.lib.MutableCounterLong) f.get(nameNodeMetrics)).value();
          all.put(Character.toUpperCase(f.getName().charAt(0)) + f.getName().substring(1), v);
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return all;
  }

  /** {@code after - before} of each counter in {@code after}. */
  public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> d = new LinkedHashMap<>();
    after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
    return d;
  }
}
