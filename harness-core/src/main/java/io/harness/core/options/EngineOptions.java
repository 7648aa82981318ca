package io.harness.core.options;

import io.harness.core.base.UsageException;
import io.harness.core.engine.Engines;
import io.harness.core.engine.StartBarrier;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The engine of a workload whose MapReduce maps are its tasks (dfsio, teragen: one map per file), and the maps' start
 * barrier: off unless asked ({@code --barrier}, or any of {@link BarrierOptions}), since such a job has one map per
 * file and a cluster with fewer free containers than files runs the rest later. The Java API sets them with
 * {@link #engine(String)} and {@link #barrier(StartBarrier)}.
 */
public final class EngineOptions {
  @Option(names = "--engine", paramLabel = "ENGINE", description = Engines.HELP)
  String engine;

  @Option(names = "--barrier",
      description = "The MapReduce maps wait at a start barrier until every map is running (or --start-at), then "
          + "start together; their figures count from that start. A map ready after it is late: counted, and left "
          + "out of the figures unless --count-late. Every map needs its container at once: with more maps than the "
          + "cluster's free containers, the maps beyond them are late.")
  boolean on;

  /** {@code --start-at}, {@code --barrier-timeout}, {@code --count-late}. */
  @Mixin
  BarrierOptions options = new BarrierOptions();

  private StartBarrier given;

  /** The Java API's {@code --engine}. */
  public void engine(String name) {
    this.engine = name;
  }

  /** The Java API's barrier (null: none), in place of the command line's options. */
  public void barrier(StartBarrier barrier) {
    this.given = barrier;
  }

  /** {@code --engine}, checked, in lower case; null when not given (the configuration decides). */
  public String engine() {
    return Engines.checked(engine);
  }

  /** The barrier asked for, or null; bad input (exit 2) names its option. {@code conf} decides the engine. */
  public StartBarrier barrier(Configuration conf) {
    boolean mapReduce = Engines.mapReduce(engine(), conf);
    if (given != null) {
      if (!mapReduce) {
        throw new UsageException("--barrier", "is the start barrier of the MapReduce engine's maps (--engine "
            + "mapreduce, or mapreduce.framework.name=yarn)");
      }
      return given;
    }
    return StartBarrier.of(on, options.startAt(), options.timeoutNanos(), options.countLate(), mapReduce);
  }
}
