package io.harness.core.cli;

import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Option;

/**
 * {@code --engine local|mapreduce}, for the workloads that have both engines (dfsio, teragen): threads in
 * this JVM, or a MapReduce job on the local job runner or YARN ({@code mapreduce.framework.name}). Without
 * the option, a configuration that names YARN picks the MapReduce engine.
 */
public final class EngineOption {
  @Option(names = "--engine", paramLabel = "ENGINE", description = io.harness.core.run.Engines.HELP)
  String engine;

  /** Checks the option's value: bad input (exit 2) names it. */
  public void validate() {
    io.harness.core.run.Engines.checked(engine);
  }

  /** The engine the option names ({@code local} or {@code mapreduce}), or null when it was not given. */
  public String name() {
    return io.harness.core.run.Engines.checked(engine);
  }

  /** Whether the run uses the MapReduce engine with this configuration. */
  public boolean mapReduce(Configuration conf) {
    return io.harness.core.run.Engines.mapReduce(engine, conf);
  }
}
