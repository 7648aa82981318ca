package io.harness.core.live;

import io.harness.core.records.LiveFeed.TaskStates;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One interval of a run's live view: its totals at the interval's end (every kind's, the sum of the kinds' as read), the rates over the interval, and per kind
 * of call the interval's own p99 (from an {@link HdrReservoir.Window}: the calls that ended inside it).
 *
 * @param epochMillis the interval's end
 * @param seconds the run's seconds at the interval's end
 * @param bytes bytes so far
 * @param operations calls so far
 * @param mbPerSec MB (2^20 bytes) per second over the interval
 * @param opsPerSec calls per second over the interval
 * @param p99Ms the p99 of every call that ended in the interval, all kinds together (ms; 0: no call)
 * @param kinds per kind of call
 * @param tasks the tasks by state at the interval's end
 */
public record LiveTick(long epochMillis, double seconds, long bytes, long operations, double mbPerSec,
    double opsPerSec, double p99Ms, Map<String, KindTick> kinds, TaskStates tasks) {

  /** One kind of call over the interval: its totals so far, its rates and the interval's p99 (ms; 0: no call). */
  public record KindTick(long bytes, long operations, double mbPerSec, double opsPerSec, double p99Ms) {}

  /** The tick after {@code before} (null: the run's first), of {@code run} now, taking each kind's window. */
  static LiveTick next(LiveTick before, LiveRun run, Map<String, HdrReservoir.Window> windows) {
    long now = System.currentTimeMillis();
    double seconds = run.seconds();
    double span = before == null ? seconds : seconds - before.seconds;
    Map<String, KindTick> kinds = new LinkedHashMap<>();
    org.HdrHistogram.Histogram all = new org.HdrHistogram.Histogram(3);
    long bytes = 0;
    long ops = 0;
    for (Map.Entry<String, LiveRun.Kind> e : run.kinds().entrySet()) {
      LiveRun.Kind k = e.getValue();
      org.HdrHistogram.Histogram h = windows.computeIfAbsent(e.getKey(), n -> k.reservoir().window()).take();
      all.add(h);
      KindTick last = before == null ? null : before.kinds.get(e.getKey());
      long b = k.bytes().getCount();
      long n = k.operations().getCount();
      kinds.put(e.getKey(), new KindTick(b, n, rate(b - (last == null ? 0 : last.bytes), span) / (1 << 20),
          rate(n - (last == null ? 0 : last.operations), span), p99(h)));
      bytes += b;
      ops += n;
    }
    return new LiveTick(now, seconds, bytes, ops, rate(bytes - (before == null ? 0 : before.bytes), span) / (1 << 20),
        rate(ops - (before == null ? 0 : before.operations), span), p99(all), kinds, run.taskStates());
  }

  private static double p99(org.HdrHistogram.Histogram h) {
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1e6;
  }

  private static double rate(long n, double seconds) {
    return seconds > 0 ? n / seconds : 0;
  }
}
