package io.harness.core.engine;

import io.harness.core.records.RunRecords;

import io.harness.core.records.Failures;
import io.harness.core.records.EpochClock;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * mdtest's loop as an {@link Engine}: the same items ({@code 0 .. n-1}, split into contiguous shares over the
 * threads) taken through phases one after another (create, stat, rename, delete...), every thread waiting at a
 * barrier before each phase, so a phase is timed on its own, from the barrier's release to the last thread's end.
 * Each item of a phase is one call of the phase's kind; a failed item is counted and named, never ends its
 * thread. After its items a thread checks what its phase should have left (outside the phase's time). Each thread
 * is one task; its record notes, per phase, its start and end (epoch ns), its items done and failed, and the
 * first {@value #FAILURES_KEPT} failures ({@code phase item: reason}).
 *
 * <p>A phase runs closed loop by default (each thread's next call when its last returned). With a rate, open loop: each
 * thread's calls are due on a schedule ({@code threads / rate} apart, the threads' schedules staggered), issued when due
 * whether or not the file system kept up, and each call's latency counts from when it was due, so a stall shows in the
 * latency of every call that waited behind it instead of hiding in fewer calls (coordinated omission). A phase bounded
 * by time ends at its deadline: calls still owed then are not issued, and are counted ({@link Schedule}).
 *
 * <p>A stopped run's phase ends at the stop: the calls it cut short are counted apart from the failures (which are the
 * calls that failed before it, {@link CallFailures}), and the phase's check does not run. The figures are
 * {@link PhaseResults}'.
 *
 * @param items how many items in all
 * @param threads how many threads (tasks)
 * @param phases the phases in order
 * @param label the progress lines' label
 * @param slice which threads of the run this JVM runs: all, or one client's ({@link #slice(Slice)}: its threads are
 *     numbered over all clients, {@code client x threads + t}, and so are their shares of the items; the clients
 *     wait for each other before each phase at the slice's gate)
 */
public record PhaseLoop(long items, int threads, List<Phase> phases, String label, Slice slice) implements Engine {
  static final int FAILURES_KEPT = 100;
  /** What each task notes per phase, after {@code phase.<name>.}. */
  public static final String START = "start";
  public static final String END = "end";
  public static final String DONE = "items";
  public static final String FAILED = "failed";
  public static final String FAILURES = "failures";
  /** Calls the run's stop cut short (not failures). */
  public static final String CUT_SHORT = "cutShort";
  /** Open loop: calls issued one interval or more after they were due, and calls due before the deadline not issued. */
  public static final String LATE = "late";
  public static final String OWED = "owed";
  /** The bytes the phase's calls moved. */
  public static final String BYTES = "bytes";
  /** A phase with a {@link Stonewall}: the calls done when it struck (or the thread's last), and when (epoch ns). */
  public static final String STONEWALL_ITEMS = "stonewallItems";
  public static final String STONEWALL_BYTES = "stonewallBytes";
  public static final String STONEWALL_AT = "stonewallAt";

  /** One item of a phase: {@code thread} is the task's, {@code item} the item's number in the whole run. */
  @FunctionalInterface
  public interface Item {
    long run(int thread, long item, TaskRecorder recorder) throws Exception;
  }

  /** One call of a phase that chooses what it does (a mix): returns what it did, or null when the thread's calls
   * end here (nothing done: a budget ran out), as if its share ended. */
  @FunctionalInterface
  public interface Call {
    Done run(int thread, long call, TaskRecorder recorder) throws Exception;
  }

  /** What a call did: its kind ({@code stat}) and the bytes it moved. */
  public record Done(String kind, long bytes) {}

  /** How many calls {@code thread} makes in a phase, given its share of the items. */
  @FunctionalInterface
  public interface Calls {
    long calls(int thread, long share) throws Exception;
  }

  /** What a thread does after its calls, inside the phase's time (closing what its calls opened). */
  @FunctionalInterface
  public interface Finish {
    void finish(int thread, TaskRecorder recorder) throws Exception;
  }

  /** What a thread finds wrong after its share of a phase (null: nothing), given its first and last item + 1. */
  @FunctionalInterface
  public interface Check {
    String check(int thread, long from, long to) throws Exception;
  }

  /**
   * A phase: its name, what one call does, how many calls a thread makes ({@code calls}: null means once per item of
   * its share), the check after it (null: none), for a phase bounded by time instead, how long it lasts
   * ({@code durationNanos}, 0: by its calls), its calls per second over all threads ({@code ratePerSec}: open loop;
   * 0: closed loop), a stonewall (null: none) and what each thread does after its calls inside the phase's time
   * ({@code finish}, null: nothing).
   */
  public record Phase(String name, Call call, Calls calls, Check check, long durationNanos, double ratePerSec,
      Stonewall stonewall, Finish finish) {
    /** Once per item, each call a call of the phase's name. */
    public Phase(String name, Item body, Check check) {
      this(name, body, null, check);
    }

    /** {@code calls} times per thread, each a call of the phase's name. */
    public Phase(String name, Item body, Calls calls, Check check) {
      this(name, (t, i, rec) -> new Done(name, body.run(t, i, rec)), calls, check, 0, 0, null, null);
    }

    /** Calls that choose what they do, until {@code durationNanos} have passed. */
    public static Phase timed(String name, Call call, long durationNanos) {
      return new Phase(name, call, null, null, durationNanos, 0, null, null);
    }

    /** This phase, open loop at {@code perSecond} calls a second over all threads (0: closed loop). */
    public Phase atRate(double perSecond) {
      return new Phase(name, call, calls, check, durationNanos, perSecond, stonewall, finish);
    }

    /** This phase, its calls ended by {@code wall} (then worn out to the most any thread had done). */
    public Phase until(Stonewall wall) {
      return new Phase(name, call, calls, check, durationNanos, ratePerSec, wall, finish);
    }

    /** This phase, each thread doing {@code step} after its calls, inside the phase's time. */
    public Phase finishing(Finish step) {
      return new Phase(name, call, calls, check, durationNanos, ratePerSec, stonewall, step);
    }

    /** Whether its calls are known before it runs. */
    boolean counted() {
      return durationNanos == 0 && stonewall == null;
    }
  }

  /** The whole loop, in this JVM. */
  public PhaseLoop(long items, int threads, List<Phase> phases, String label) {
    this(items, threads, phases, label, Slice.WHOLE);
  }

  /** This loop's part {@code part}: one client's threads. */
  public PhaseLoop slice(Slice part) {
    return new PhaseLoop(items, threads, phases, label, part);
  }

  @Override
  public String describe() {
    return threads + " thread(s)";
  }

  /** The threads over all clients. */
  private int allThreads() {
    return threads * slice.count();
  }

  /** The first item of {@code thread}'s share ({@code thread} numbered over all clients). */
  public long from(int thread) {
    return items * thread / allThreads();
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    // every thread arrives before each phase; one that ends early (a stopped run) leaves, so none waits for it
    Phaser barrier = new Phaser(threads) {
      @Override
      protected boolean onAdvance(int phase, int parties) {
        // the last of this client's threads to arrive waits for the other clients; the others wait for it
        if (parties > 0 && phase > 0 && phase < phases.size() && slice.gate() != null) {
          try {
            slice.gate().await(phase);
          } catch (Exception e) {
            settings.err().println(label + ": the clients' gate before phase " + phases.get(phase).name()
                + " gave up: " + Failures.describe(e));
          }
        }
        return parties == 0;
      }
    };
    AtomicLong done = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    int base = Math.max(0, slice.index()) * threads;
    long planned = 0;
    for (Phase p : phases) {
      for (int t = base; t < base + threads && planned >= 0; t++) {
        long share = from(t + 1) - from(t);
        planned = !p.counted() ? -1 : planned + (p.calls() == null ? share : p.calls().calls(t, share));
      }
    }
    LocalEngine.Result r = LocalEngine.run(threads, threads, slice::thread, Window.NONE,
        settings.monitor(label).items("calls", planned, done::get, failed::get), (t, rec) -> {
          List<String> failures = new ArrayList<>();
          try {
            phases(base + t, rec, barrier, failures, done, failed);
          } finally {
            barrier.arriveAndDeregister();
          }
        });
    return new RunRecords(r.records(), r.intervals(), r.startEpochNanos(), r.endEpochNanos(), r.stopped());
  }

  /** Thread {@code t}'s share of every phase ({@code t} numbered over all clients). */
  private void phases(int t, TaskRecorder rec, Phaser barrier, List<String> failures, AtomicLong done,
      AtomicLong failed) throws Exception {
    long from = from(t);
    long to = from(t + 1);
    int index = -1;
    for (Phase p : phases) {
      int at = ++index;
      int phase = barrier.arrive();
      while (true) {
        if (rec.expired()) {
          return;
        }
        try {
          barrier.awaitAdvanceInterruptibly(phase, 200, TimeUnit.MILLISECONDS);
          break;
        } catch (TimeoutException e) {
          // look at the stop request again
        }
      }
      String key = "phase." + p.name() + ".";
      rec.note(key + START, EpochClock.nowEpochNanos());
      long calls = p.durationNanos() > 0 ? Long.MAX_VALUE
          : p.calls() == null ? to - from : p.calls().calls(t, to - from);
      Schedule schedule = new Schedule(p.ratePerSec(), allThreads(), t, System.nanoTime(), p.durationNanos());
      long ok = 0;
      long bytes = 0;
      CallFailures bad = new CallFailures(rec, failures, null, FAILURES_KEPT);
      Stonewall wall = p.stonewall();
      long deadline = wall == null ? 0 : wall.deadline(System.nanoTime());
      boolean walled = wall == null;
      long c = 0;
      for (; !rec.expired(); c++) {
        if (c >= calls || !walled && System.nanoTime() - deadline >= 0) {
          if (walled) {
            break;
          }
          // the stonewall struck (or this thread's calls ran out before it): what it had done then, and on to the
          // most any thread had done (the wear-out)
          walled = true;
          rec.note(key + STONEWALL_ITEMS, c);
          rec.note(key + STONEWALL_BYTES, bytes);
          rec.note(key + STONEWALL_AT, EpochClock.nowEpochNanos());
          long most = wall.wearOut(c, rec::expired, slice.gate() == null ? null
              : mine -> slice.gate().most(at, mine));
          if (wall.failed() != null && failures.size() < FAILURES_KEPT) {
            failures.add(p.name() + " stonewall: the clients did not agree on the wear-out: "
                + Failures.describe(wall.failed()));
          }
          if (most < 0 || c >= (calls = Math.min(calls, most))) {
            break;
          }
        }
        long item = p.calls() == null && p.durationNanos() == 0 ? from + c
            : p.durationNanos() > 0 ? c : from + (to > from ? c % (to - from) : 0);
        // open loop: the call's time, never the file system's pace; its latency counts from then
        long start = schedule.next(rec::expired);
        if (start == -1) {
          break;
        }
        rec.enter(p.name());
        try {
          Done d = p.call().run(t, item, rec);
          if (d == null) {
            // the call says this thread's calls ran out here (a budget), as if its share ended
            calls = c--;
            continue;
          }
          rec.call(d.kind(), start, d.bytes());
          bytes += d.bytes();
          ok++;
          done.incrementAndGet();
        } catch (Exception e) {
          failed.incrementAndGet();
          bad.add(() -> p.name() + " " + item + ": " + Failures.describe(e));
        }
      }
      if (p.finish() != null && !rec.stopping()) {
        try {
          p.finish().finish(t, rec);
        } catch (Exception e) {
          failed.incrementAndGet();
          bad.add(() -> p.name() + " finish: " + Failures.describe(e));
        }
      }
      // a stopped run's failures are the calls that failed before the stop: those it cut short are counted apart
      bad.settle();
      rec.note(key + END, EpochClock.nowEpochNanos());
      rec.note(key + DONE, ok);
      rec.note(key + FAILED, bad.failed());
      rec.note(key + BYTES, bytes);
      if (bad.cutShort() > 0) {
        rec.note(key + CUT_SHORT, bad.cutShort());
      }
      if (schedule.open()) {
        rec.note(key + LATE, schedule.late());
        rec.note(key + OWED, schedule.owed());
      }
      // what a phase should have left, checked only after all its calls: never on a phase the stop cut short
      if (p.check() != null && bad.seen() == 0 && c == calls && !rec.stopping()) {
        String problem;
        try {
          problem = p.check().check(t, from, to);
        } catch (Exception e) {
          problem = Failures.describe(e);
        }
        if (problem != null && failures.size() < FAILURES_KEPT) {
          failures.add(p.name() + " check: " + problem);
        }
      }
      rec.note(FAILURES, List.copyOf(failures));
    }
  }
}
