package io.harness.core.live;

import io.harness.core.engine.LiveFeed.TaskStates;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One interval of a run's live view: its totals at the interval's end, the rates over the interval, and per kind
 * of call the interval's own p99 (from an {@link HdrReservoir.Window}: the calls that ended inside it).
 *
 * @param epochMillis the interval's end
 * @param seconds the run's seconds at the interval's end
 * @param bytes bytes so far
 * @param operations calls so far
 * @param mbPerSec MB (2^20 bytes) per second over the interval
 * @param opsPerSec calls per second over the interval
 * @param kinds per kind of call
 * @param tasks the tasks by state at the interval's end
 */
public record LiveTick(long epochMillis, double seconds, long bytes, long operations, double mbPerSec,
    double opsPerSec, Map<String, KindTick> kinds, TaskStates tasks) {

  /** One kind of call over the interval: its totals so far, its rates and the interval's p99 (ms; 0: no call). */
  public record KindTick(long bytes, long operations, double mbPerSec, double opsPerSec, double p99Ms) {}

  /** The tick after {@code before} (null: the run's first), of {@code run} now, taking each kind's window. */
  static LiveTick next(LiveTick before, LiveRun run, Map<String, HdrReservoir.Window> windows) {
    long now = System.currentTimeMillis();
    double seconds = run.seconds();
    double span = before == null ? seconds : seconds - before.seconds;
    Map<String, KindTick> kinds = new LinkedHashMap<>();
    run.kinds().forEach((name, k) -> {
      HdrReservoir.Window w = windows.computeIfAbsent(name, n -> k.reservoir().window());
      org.HdrHistogram.Histogram h = w.take();
      KindTick last = before == null ? null : before.kinds.get(name);
      long bytes = k.bytes().getCount();
      long ops = k.operations().getCount();
      kinds.put(name, new KindTick(bytes, ops, rate(bytes - (last == null ? 0 : last.bytes), span) / (1 << 20),
          rate(ops - (last == null ? 0 : last.operations), span),
          h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1e6));
    });
    long bytes = run.bytes();
    long ops = run.operations();
    return new LiveTick(now, seconds, bytes, ops, rate(bytes - (before == null ? 0 : before.bytes), span) / (1 << 20),
        rate(ops - (before == null ? 0 : before.operations), span), kinds, run.taskStates());
  }

  private static double rate(long n, double seconds) {
    return seconds > 0 ? n / seconds : 0;
  }
}
