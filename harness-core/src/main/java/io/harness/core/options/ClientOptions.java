package io.harness.core.options;

import io.harness.core.engine.Clients;
import io.harness.core.engine.Engines;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of every workload whose engine is a loop of threads ({@code freon dfsg}, {@code namespace}): which
 * engine runs it and on how many client JVMs ({@code --engine}, {@code --clients}), and how those start together.
 */
public final class ClientOptions {
  @Option(names = "--engine", paramLabel = "ENGINE", description = Engines.HELP)
  String engine;

  @Option(names = "--clients", paramLabel = "N",
      description = "Client JVMs, each a map of one MapReduce job running the workload with its own -t threads; the "
          + "items are split over the clients as evenly as can be (default: 1; more needs the MapReduce engine).")
  Integer clients;

  /** {@code --start-at}, {@code --barrier-timeout}, {@code --count-late}. */
  @Mixin
  BarrierOptions barrier = new BarrierOptions();

  /** The checked options, the engine decided with {@code conf}; bad input (exit 2) names its option. */
  public Clients checked(Configuration conf) {
    return Clients.of(engine, clients, barrier.startAt(), barrier.timeoutNanos(), barrier.countLate(), conf);
  }
}
