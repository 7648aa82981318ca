package io.harness.core.engine;

import io.harness.core.base.StopRequest;
import io.harness.core.records.EpochClock;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.TaskRecorder;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The failed calls of one thread of a loop ({@link PhaseLoop}'s phase, {@link ItemLoop}), as a stopped run counts
 * them: a call that failed before the stop is a failure; one the stop cut short (it failed as the stop came, or after:
 * a signal reaches the processes a file system's client forks as it reaches this JVM) is not, and is counted apart.
 * A failure is judged once it is more than {@link StopRequest#CUT_SHORT_BEFORE_NANOS} old, or when the loop has ended
 * ({@link #settle}); one that came with a signal that had not asked this run to stop (an experiment's first Ctrl-C
 * asks the experiment, but kills the helpers its current run's client forked) is cut short too, and that run stops. The first failures' reasons (and the ticks they came in) go to lists the thread
 * keeps, at most {@code keep} of them.
 */
final class CallFailures {
  private record Pending(long nanos, String reason) {}

  private final TaskRecorder rec;
  private final List<String> reasons;
  private final List<Long> ticks;
  private final int keep;
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  private long failed;
  private long cutShort;

  /** {@code reasons} (and {@code ticks}, when not null) are the thread's lists, kept across its phases. */
  CallFailures(TaskRecorder rec, List<String> reasons, List<Long> ticks, int keep) {
    this.rec = rec;
    this.reasons = reasons;
    this.ticks = ticks;
    this.keep = keep;
  }

  /** A call failed now, for {@code reason} (made only while reasons are still kept). */
  void add(java.util.function.Supplier<String> reason) {
    long now = System.nanoTime();
    judgeOlder(now);
    pending.add(new Pending(now, reasons.size() + pending.size() < keep ? reason.get() : null));
  }

  private void judgeOlder(long now) {
    while (!pending.isEmpty() && now - pending.peek().nanos() > StopRequest.CUT_SHORT_BEFORE_NANOS) {
      judge(pending.poll());
    }
  }

  private void judge(Pending p) {
    if (rec.cutShort(p.nanos())) {
      cutShort++;
    } else {
      failure(p);
    }
  }

  private void failure(Pending p) {
    failed++;
    if (p.reason() != null && reasons.size() < keep) {
      reasons.add(p.reason());
      if (ticks != null) {
        long ago = System.nanoTime() - p.nanos();
        ticks.add((EpochClock.nowEpochNanos() - ago) / TaskRecord.TICK_NANOS);
      }
    }
  }

  /** The loop has ended: every failure is judged. */
  void settle() {
    while (!pending.isEmpty()) {
      judge(pending.poll());
    }
  }

  /** The failures judged so far (all of them after {@link #settle}). */
  long failed() {
    return failed;
  }

  /** All failed calls so far, judged or not: what the progress line counts. */
  long seen() {
    return failed + cutShort + pending.size();
  }

  /** The failed calls the stop cut short (after {@link #settle}). */
  long cutShort() {
    return cutShort;
  }
}
