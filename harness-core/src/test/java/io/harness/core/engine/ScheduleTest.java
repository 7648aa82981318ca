package io.harness.core.engine;

import io.harness.core.records.RunRecords;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.StopRequest;
import io.harness.core.base.UsageException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The rule of every rate and duration: a schedule that cannot be kept is bad input; a timed phase ends at its deadline. */
class ScheduleTest {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  @Test
  void aRateWhoseScheduleCannotBeKeptIsBadInput() {
    // more a second per thread than a thread can issue
    UsageException fast = assertThrows(UsageException.class, () -> Schedule.check("--rate", 1e9, SECOND, 10));
    assertTrue(fast.getMessage().startsWith("--rate: "), fast.getMessage());
    assertTrue(fast.getMessage().contains("100,000 a thread"), fast.getMessage());
    assertThrows(UsageException.class, () -> Schedule.check("--rate", 1e9, 0, 10), "bounded by calls, not time");
    // fewer calls in the duration than threads to share them
    UsageException few = assertThrows(UsageException.class, () -> Schedule.check("--rate", 0.5, SECOND, 2));
    assertTrue(few.getMessage().startsWith("--rate: 0.500 calls/s for 1 s schedules 0.500 call(s), fewer than the 2 "
        + "thread(s)"), few.getMessage());
    assertThrows(UsageException.class, () -> Schedule.check("--rate", 5, SECOND, 10));
    // more than a day between a thread's calls
    UsageException slow = assertThrows(UsageException.class, () -> Schedule.check("--rate", 1e-300, 0, 10));
    assertTrue(slow.getMessage().contains("more than a day between a thread's calls"), slow.getMessage());
    Schedule.check("--rate", 10.0 / 86_400, 0, 10);
    // what can be kept
    Schedule.check("--rate", Schedule.MAX_PER_THREAD * 10, SECOND, 10);
    Schedule.check("--rate", 2, SECOND, 2);
    Schedule.check("--rate", 0.5, 0, 2);
  }

  /**
   * One thread, 200 calls a second for 500 ms (100 calls due, one every 5 ms), each call taking at least 20 ms: at
   * most 26 can start before the deadline; the others are owed and never issued (the loop used to issue all 100, late,
   * and end 2 s in).
   */
  @Test
  void aTimedOpenLoopEndsAtItsDeadlineAndCountsWhatItOwes() throws Exception {
    PhaseLoop loop = new PhaseLoop(1, 1, List.of(PhaseLoop.Phase.timed("mix", (t, c, rec) -> {
      Thread.sleep(20);
      return new PhaseLoop.Done("stat", 0);
    }, SECOND / 2).atRate(200)), "mix");
    PrintStream none = new PrintStream(OutputStream.nullOutputStream());
    RunRecords records = loop.run(new Settings(none, none, null, List.of(), Map.of(), null, 0, false,
        StopRequest.detached(), null));
    PhaseResults.PhaseResult mix = PhaseResults.of(records, List.of("mix")).get(0);
    assertTrue(mix.items() <= 26, mix.toString());
    assertEquals(100, mix.items() + mix.owed(), "every call due before the deadline: issued, or owed");
    assertTrue(mix.owed() > 0 && mix.late() > 0, mix.toString());
    assertEquals(mix.items(), records.tasks().get(0).latency().get("stat").getTotalCount());
  }
}
