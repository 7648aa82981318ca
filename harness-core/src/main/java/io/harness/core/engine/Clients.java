package io.harness.core.engine;

import io.harness.core.base.UsageException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import org.apache.hadoop.conf.Configuration;

/**
 * How many client JVMs run a workload whose engine is an {@link ItemLoop} or a {@link PhaseLoop}, and how they
 * start together: one (the local engine, threads in this JVM) or {@code count} maps of a MapReduce job, each with the
 * workload's own threads, started by one barrier ({@code --start-at}, {@code --barrier-timeout}); a client that
 * arrives after the barrier released is late, left out of the figures unless {@code countLate}.
 *
 * @param engine {@code local} or {@code mapreduce}; null: not said (a configuration naming YARN picks mapreduce)
 * @param count how many clients
 * @param startAtMillis when the barrier releases (epoch ms); 0: once every client is ready
 * @param barrierTimeoutMillis how long a client waits for the others before it releases the barrier itself
 * @param countLate whether late clients' tasks count in the figures
 * @param said whether the command line or the API asked for this engine ({@code --engine}, or options only the
 *     MapReduce engine has), rather than a configuration naming YARN: a workload without a loop of threads then
 *     runs on its local engine instead of failing
 */
public record Clients(String engine, int count, long startAtMillis, long barrierTimeoutMillis, boolean countLate,
    boolean said) {
  /** {@code --barrier-timeout}'s default. */
  public static final long DEFAULT_BARRIER_TIMEOUT_MILLIS = 120_000;
  /** The most clients the local job runner takes: it runs them all, each with its threads, in this JVM. */
  public static final int LOCAL_RUNNER_MAX = 64;
  /** One client, the local engine's. */
  public static final Clients LOCAL = new Clients("local", 1, 0, DEFAULT_BARRIER_TIMEOUT_MILLIS, false, false);

  /**
   * The checked options ({@code engine}, {@code clients}, {@code startAt} and {@code barrierTimeoutNanos} as typed,
   * null when not given), the engine decided with {@code conf}; bad input names its option.
   */
  public static Clients of(String engine, Integer clients, String startAt, Long barrierTimeoutNanos,
      boolean countLate, Configuration conf) {
    String name = Engines.checked(engine);
    boolean mapReduce = Engines.mapReduce(name, conf);
    int n = clients == null ? 1 : clients;
    if (n < 1) {
      throw new UsageException("--clients", "must be at least 1, was " + n);
    }
    if (n > 1 && !mapReduce) {
      throw new UsageException("--clients", n + " clients need the MapReduce engine (--engine mapreduce, or "
          + "mapreduce.framework.name=yarn); the local engine is one client");
    }
    if (n > LOCAL_RUNNER_MAX && !"yarn".equalsIgnoreCase(conf.get("mapreduce.framework.name"))) {
      throw new UsageException("--clients", "the local job runner runs every client in this JVM: at most "
          + LOCAL_RUNNER_MAX + ", was " + n + " (on YARN, mapreduce.framework.name=yarn, any number)");
    }
    long at = startAt == null ? 0 : startAt("--start-at", startAt);
    if (barrierTimeoutNanos != null && barrierTimeoutNanos <= 0) {
      throw new UsageException("--barrier-timeout", "must be positive");
    }
    if (!mapReduce && (startAt != null || barrierTimeoutNanos != null || countLate)) {
      throw new UsageException(startAt != null ? "--start-at" : barrierTimeoutNanos != null ? "--barrier-timeout"
          : "--count-late", "is the MapReduce engine's start barrier (--engine mapreduce)");
    }
    long timeout = barrierTimeoutNanos == null ? DEFAULT_BARRIER_TIMEOUT_MILLIS
        : Math.max(1, barrierTimeoutNanos / 1_000_000);
    boolean said = name != null || n > 1 || startAt != null || barrierTimeoutNanos != null || countLate;
    return new Clients(mapReduce ? "mapreduce" : "local", n, at, timeout, countLate, said);
  }

  /** Whether the clients are maps of a MapReduce job. */
  public boolean mapReduce() {
    return "mapreduce".equals(engine);
  }

  /**
   * A wall-clock time as epoch milliseconds: a number (epoch ms, as NNBench's {@code -startTime} is a number) or
   * ISO-8601 with an offset ({@code 2026-11-27T10:15:00Z}, {@code 2026-11-27T11:15:00+01:00}).
   */
  static long startAt(String option, String text) {
    long at = parseTime(option, text);
    // a start days away is a slip (epoch seconds for milliseconds, a wrong year): the maps would wait for it, or all
    // be late, after the whole job ran
    long now = System.currentTimeMillis();
    if (Math.abs(at - now) > START_AT_WINDOW_MILLIS) {
      throw new UsageException(option, "must be within a day of now (" + Instant.ofEpochMilli(now) + "), was '"
          + text + "' (" + Instant.ofEpochMilli(at) + "; epoch milliseconds, not seconds)");
    }
    return at;
  }

  /** How far from now a {@code --start-at} may be, either way: a day. */
  static final long START_AT_WINDOW_MILLIS = 24L * 3600 * 1000;

  private static long parseTime(String option, String text) {
    String t = text.trim();
    if (t.matches("\\d{1,18}")) {
      return Long.parseLong(t);
    }
    try {
      return OffsetDateTime.parse(t).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(t).toEpochMilli();
      } catch (DateTimeParseException e2) {
        throw new UsageException(option, "must be epoch milliseconds or an ISO-8601 time with its offset "
            + "(2026-11-27T10:15:00Z), was '" + text + "'");
      }
    }
  }
}
