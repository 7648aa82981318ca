package io.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.harness.core.result.Aggregate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's note when its figures have no per-call latency says what happened to the calls. */
class NoLatencyTest {
  private static Aggregate tasks(int tasks, int failed) {
    return new Aggregate(tasks, failed, 0, 0, 0, 0, failed == tasks ? null : 0.0, Map.of(), List.of());
  }

  @Test
  void everyTaskFailed() {
    assertEquals("No per-call latency: no task succeeded (a failed task's calls are in its own record, not in "
        + "these figures).", RunFacts.noLatency(tasks(2, 2), "10s", null));
  }

  @Test
  void warmUpOnly() {
    assertEquals("No per-call latency: every call of the succeeded tasks fell in their warm-up (--warmup 10s), "
        + "which the figures leave out.", RunFacts.noLatency(tasks(2, 0), "10s", null));
  }

  @Test
  void emptyWindowAndNothingTimed() {
    assertEquals("No per-call latency: no measured call of a succeeded task falls in this window (5s-6s).",
        RunFacts.noLatency(tasks(1, 0), null, "5s-6s"));
    assertEquals("No per-call latency: the succeeded tasks recorded no timed call.",
        RunFacts.noLatency(tasks(1, 0), null, null));
    assertEquals("No per-call latency: the run had no tasks.", RunFacts.noLatency(tasks(0, 0), null, null));
  }
}
