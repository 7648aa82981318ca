package io.harness.core.engine;

import io.harness.core.records.RunRecords;

import io.harness.core.records.TaskRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@link PhaseLoop}'s figures, read from its tasks' notes: each phase over all threads, and what failed. */
public final class PhaseResults {
  private PhaseResults() {}

  /**
   * One phase of a run, over all threads: its items done and failed, its wall time (seconds), the calls the run's
   * stop cut short (neither done nor failed), and in an open loop the calls issued one interval or more after they
   * were due ({@code late}) and those due before the phase's deadline that were not issued ({@code owed}).
   */
  public record PhaseResult(String name, long items, long failed, double seconds, long cutShort, long late,
      long owed) {
    /** A phase with no calls cut short, closed loop. */
    public PhaseResult(String name, long items, long failed, double seconds) {
      this(name, items, failed, seconds, 0, 0, 0);
    }

    /** Items per second over the phase's wall time (0 when it took none). */
    public double perSecond() {
      return seconds > 0 ? items / seconds : 0;
    }
  }

  /**
   * Each phase's items, failures and wall time (the earliest thread's start to the latest thread's end), in the
   * order the phases ran, from the tasks' notes.
   */
  public static List<PhaseResult> of(RunRecords records, List<String> phases) {
    List<PhaseResult> out = new ArrayList<>();
    for (String p : phases) {
      String key = "phase." + p + ".";
      long start = Long.MAX_VALUE;
      long end = Long.MIN_VALUE;
      long[] sums = new long[5];
      String[] counted = {PhaseLoop.DONE, PhaseLoop.FAILED, PhaseLoop.CUT_SHORT, PhaseLoop.LATE, PhaseLoop.OWED};
      boolean ran = false;
      for (TaskRecord t : records.tasks()) {
        Map<String, Object> x = t.extra();
        if (x.get(key + PhaseLoop.START) instanceof Number s && x.get(key + PhaseLoop.END) instanceof Number e) {
          ran = true;
          start = Math.min(start, s.longValue());
          end = Math.max(end, e.longValue());
          for (int i = 0; i < counted.length; i++) {
            sums[i] += x.get(key + counted[i]) instanceof Number n ? n.longValue() : 0;
          }
        }
      }
      if (ran) {
        out.add(new PhaseResult(p, sums[0], sums[1], Math.max(0, end - start) / 1e9, sums[2], sums[3], sums[4]));
      }
    }
    return out;
  }

  /** The failures the tasks named ({@code phase item: reason}, or {@code phase check: ...}), in thread order. */
  public static List<String> failures(RunRecords records) {
    List<String> out = new ArrayList<>();
    for (TaskRecord t : records.tasks()) {
      if (t.extra().get(PhaseLoop.FAILURES) instanceof List<?> l) {
        l.forEach(f -> out.add(String.valueOf(f)));
      }
      if (t.failed()) {
        out.add(t.name() + ": " + t.error());
      }
    }
    return out;
  }

  /** {@code phase -> items/s} of each phase that ran, in order: the columns {@code PHASE_ops_per_sec}. */
  public static Map<String, Double> perSecond(List<PhaseResult> phases) {
    Map<String, Double> out = new LinkedHashMap<>();
    phases.forEach(p -> out.put(p.name(), p.perSecond()));
    return out;
  }
}
