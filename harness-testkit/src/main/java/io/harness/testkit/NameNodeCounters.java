package io.harness.testkit;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * The activity counters of a NameNode running in this JVM (a MiniDFSCluster's), as its metrics source
 * {@code NameNodeActivity} gives them now (JMX would serve a cached copy): {@code CreateFileOps},
 * {@code DeleteFileOps}, {@code FileInfoOps}, {@code GetListingOps}, {@code FilesRenamed}... The NameNode's own count of
 * what a run asked of it, against which the run's figures are checked.
 */
public final class NameNodeCounters {
  private NameNodeCounters() {}

  /** Every counter of the source, by name. */
  public static Map<String, Long> now() {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    DefaultMetricsSystem.instance().getSource("NameNodeActivity").getMetrics(collector, true);
    Map<String, Long> all = new LinkedHashMap<>();
    collector.getRecords().forEach(r -> r.metrics().forEach(m -> all.put(m.name(), m.value().longValue())));
    return all;
  }

  /** {@code after - before} of each counter in {@code after}. */
  public static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> d = new LinkedHashMap<>();
    after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
    return d;
  }
}
