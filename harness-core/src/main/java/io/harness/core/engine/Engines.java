package io.harness.core.engine;

import org.apache.hadoop.conf.Configuration;

/** Which engine runs a workload that has both (dfsio, teragen): threads in this JVM, or a MapReduce job. */
public final class Engines {
  private Engines() {}

  /** The help of {@code --engine}, where a workload has both. */
  public static final String HELP = "local (threads in this JVM) or mapreduce (a MapReduce job; the local job "
      + "runner or YARN, per mapreduce.framework.name). Default: mapreduce when mapreduce.framework.name is yarn, "
      + "else local.";

  /** Checks {@code --engine}'s value (null: not given) and returns it in lower case; bad input names it. */
  public static String checked(String name) {
    if (name != null && !name.equalsIgnoreCase("local") && !name.equalsIgnoreCase("mapreduce")) {
      throw new io.harness.core.base.UsageException("--engine", "must be local or mapreduce, was '" + name + "'");
    }
    return name == null ? null : name.toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * Whether a run asking for engine {@code name} ({@code local}, {@code mapreduce}; null: not said) uses the
   * MapReduce engine with this configuration: unsaid, a configuration that names YARN picks it.
   */
  public static boolean mapReduce(String name, Configuration conf) {
    return name != null ? name.equalsIgnoreCase("mapreduce")
        : "yarn".equalsIgnoreCase(conf.get("mapreduce.framework.name"));
  }
}
