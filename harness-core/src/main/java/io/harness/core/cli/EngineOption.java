package io.harness.core.cli;

import io.harness.core.base.UsageException;

import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Option;

/**
 * {@code --engine local|mapreduce}, for the workloads that have both engines (dfsio, teragen): threads in
 * this JVM, or a MapReduce job on the local job runner or YARN ({@code mapreduce.framework.name}). Without
 * the option, a configuration that names YARN picks the MapReduce engine.
 */
public final class EngineOption {
  @Option(names = "--engine", paramLabel = "ENGINE",
      description = "local (threads in this JVM) or mapreduce (a MapReduce job; the local job runner or YARN, "
          + "per mapreduce.framework.name). Default: mapreduce when mapreduce.framework.name is yarn, else local.")
  String engine;

  /** Checks the option's value: bad input (exit 2) names it. */
  public void validate() {
    if (engine != null && !engine.equalsIgnoreCase("local") && !engine.equalsIgnoreCase("mapreduce")) {
      throw new UsageException("--engine", "must be local or mapreduce, was '" + engine + "'");
    }
  }

  /** The engine the option names ({@code local} or {@code mapreduce}), or null when it was not given. */
  public String name() {
    return engine == null ? null : engine.toLowerCase(java.util.Locale.ROOT);
  }

  /** Whether the run uses the MapReduce engine with this configuration. */
  public boolean mapReduce(Configuration conf) {
    return io.harness.core.run.Engines.mapReduce(engine, conf);
  }
}
