package io.harness.core.cli;

import io.harness.core.base.Units;
import io.harness.core.run.Clients;
import io.harness.core.run.Engines;
import org.apache.hadoop.conf.Configuration;
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

  @Option(names = "--start-at", paramLabel = "TIME",
      description = "The MapReduce clients start together at this wall-clock time: epoch milliseconds or ISO-8601 "
          + "(2026-11-27T10:15:00Z). Default: as soon as every client is ready. A client ready after the start is "
          + "late: counted, and left out of the figures unless --count-late (every client late and none counted: "
          + "the run fails, exit 1).")
  String startAt;

  @Option(names = "--barrier-timeout", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "How long a ready MapReduce client waits for the others before it starts them all (30s, 5m; a "
          + "bare number is seconds; default: 120s); those ready later are late.")
  Units.Span barrierTimeout;

  @Option(names = "--count-late", description = "Count the tasks of late clients in the figures (default: their "
      + "records are kept, marked late, and left out).")
  boolean countLate;

  /** The checked options, the engine decided with {@code conf}; bad input (exit 2) names its option. */
  public Clients checked(Configuration conf) {
    return Clients.of(engine, clients, startAt, barrierTimeout == null ? null : barrierTimeout.nanos(), countLate,
        conf);
  }
}
