package io.harness.core.options;

import io.harness.core.base.Units;
import picocli.CommandLine.Option;

/**
 * The start barrier's options: when the MapReduce maps (the clients of {@code --clients}, or dfsio's and teragen's
 * maps with {@code --barrier}) start, how long a ready one waits for the others, and whether late ones count.
 */
public final class BarrierOptions {
  @Option(names = "--start-at", paramLabel = "TIME",
      description = "The MapReduce maps start together at this wall-clock time, within a day of now: epoch "
          + "milliseconds or ISO-8601 (2026-11-27T10:15:00Z). Default: as soon as every map is ready. A map ready after the start is late: "
          + "counted, and left out of the figures unless --count-late (every map late and none counted: the run "
          + "fails, exit 1).")
  String startAt;

  @Option(names = "--barrier-timeout", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "How long a ready MapReduce map waits for the others before it starts them all (30s, 5m; a "
          + "bare number is seconds; default: 120s); those ready later are late.")
  Units.Span barrierTimeout;

  @Option(names = "--count-late", description = "Count the tasks of late maps in the figures (default: their "
      + "records are kept, marked late, and left out).")
  boolean countLate;

  /** {@code --start-at} as typed, or null. */
  public String startAt() {
    return startAt;
  }

  /** {@code --barrier-timeout} in ns, or null when not given. */
  public Long timeoutNanos() {
    return barrierTimeout == null ? null : barrierTimeout.nanos();
  }

  /** {@code --count-late}. */
  public boolean countLate() {
    return countLate;
  }
}
