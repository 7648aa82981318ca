package io.harness.core.cli;

import io.harness.core.options.UnitConverters;

import io.harness.core.base.Units;

import io.harness.core.base.UsageException;

import picocli.CommandLine.Option;

/**
 * {@code --skip} and {@code --until}: a window of a saved run (second 0 is its first task's start), what
 * {@code harness analyze} and {@code harness report} compute the figures over. A picocli mixin.
 */
public final class WindowOptions {
  @Option(names = "--skip", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "Leave out the first TIME of the run (from its first task's start), e.g. 10s.")
  Units.Span skip;

  @Option(names = "--until", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "Leave out what came after TIME from the run's start, e.g. 60s.")
  Units.Span until;

  /** Whether a window was given. */
  public boolean given() {
    return skip != null || until != null;
  }

  /** {@code --skip} in ns; 0 when not given. */
  public long skipNanos() {
    return skip == null ? 0 : skip.nanos();
  }

  /** {@code --until} in ns; 0 (the end) when not given. */
  public long untilNanos() {
    return until == null ? 0 : until.nanos();
  }

  /** Refuses an {@code --until} that is not after {@code --skip}. */
  public void check() {
    if (until != null && untilNanos() <= skipNanos()) {
      throw new UsageException("--until", "must be after --skip (" + (skip == null ? "0" : skip) + "), was " + until);
    }
  }

  /**
   * Refuses a window with nothing of the run in it: a {@code --skip} at or past the run's length (from its first
   * task's start to its last task's end). {@code dir} names the run in the message.
   */
  public void check(io.harness.core.records.RunRecords records, java.nio.file.Path dir) {
    if (!given()) {
      return;
    }
    long length = records.lengthNanos();
    if (skipNanos() >= length) {
      throw new UsageException("--skip", "leaves nothing of the run " + dir + ": it lasted "
          + io.harness.core.base.Durations.format(length) + " from its first task's start to its last task's end, "
          + "and --skip is " + skip);
    }
  }

  /** The window as the commands say it: {@code from 10s to the end}. */
  @Override
  public String toString() {
    return "from " + (skip == null ? "0 s" : skip) + " to " + (until == null ? "the end" : until);
  }
}
