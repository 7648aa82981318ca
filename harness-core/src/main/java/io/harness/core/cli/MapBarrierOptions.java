package io.harness.core.cli;

import io.harness.core.base.UsageException;
import io.harness.core.run.StartBarrier;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The start barrier of a workload whose MapReduce maps are its tasks (dfsio, teragen): off unless asked
 * ({@code --barrier}, or any of {@link BarrierOptions}), since such a job has one map per file and a cluster with
 * fewer free containers than files runs the rest later; the Java API sets it with {@link #set}.
 */
public final class MapBarrierOptions {
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

  /** The Java API's barrier (null: none), in place of the command line's options. */
  public void set(StartBarrier barrier) {
    this.given = barrier;
  }

  /** The barrier asked for, or null; bad input (exit 2) names its option. {@code mapReduce}: the run's engine. */
  public StartBarrier checked(boolean mapReduce) {
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
