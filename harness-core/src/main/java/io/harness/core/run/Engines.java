package io.harness.core.run;

import org.apache.hadoop.conf.Configuration;

/** Which engine runs a workload that has both (dfsio, teragen): threads in this JVM, or a MapReduce job. */
public final class Engines {
  private Engines() {}

  /**
   * Whether a run asking for engine {@code name} ({@code local}, {@code mapreduce}; null: not said) uses the
   * MapReduce engine with this configuration: unsaid, a configuration that names YARN picks it.
   */
  public static boolean mapReduce(String name, Configuration conf) {
    return name != null ? name.equalsIgnoreCase("mapreduce")
        : "yarn".equalsIgnoreCase(conf.get("mapreduce.framework.name"));
  }
}
