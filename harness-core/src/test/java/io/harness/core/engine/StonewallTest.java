package io.harness.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.records.RunRecords;
import io.harness.core.records.TaskRecord;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A {@link PhaseLoop} phase ended by a {@link Stonewall}: each thread stops when it strikes, then makes calls until it
 * has made as many as the most any thread had made (the wear-out), and notes what it had done when it struck; a
 * thread whose calls ran out first takes part with what it did; the finish step runs once per thread, after its
 * calls and inside the phase's time.
 */
class StonewallTest {
  @Test
  void everyThreadWearsOutToTheMostAnyThreadHadMadeAtTheStonewall() throws Exception {
    int threads = 3;
    Map<Integer, AtomicInteger> calls = new ConcurrentHashMap<>();
    Map<Integer, Long> finishedAt = new ConcurrentHashMap<>();
    // thread t sleeps 2^t x 4 ms a call: thread 0 makes about 4 times as many calls as thread 2 before the wall
    PhaseLoop.Phase phase = new PhaseLoop.Phase("write", (t, i, rec) -> {
      calls.computeIfAbsent(t, k -> new AtomicInteger()).incrementAndGet();
      Thread.sleep(4L << t);
      return 10;
    }, (t, share) -> 1_000_000, null).until(new Stonewall(400_000_000L, threads)).finishing((t, rec) ->
        finishedAt.put(t, System.nanoTime()));
    PhaseLoop loop = new PhaseLoop(threads, threads, List.of(phase), "walled");
    RunRecords records = loop.run(Settings.quiet());

    long most = 0;
    for (TaskRecord t : records.tasks()) {
      most = Math.max(most, ((Number) t.extra().get("phase.write." + PhaseLoop.STONEWALL_ITEMS)).longValue());
    }
    assertTrue(most > 0);
    long atWallSum = 0;
    for (TaskRecord t : records.tasks()) {
      Map<String, Object> x = t.extra();
      long atWall = ((Number) x.get("phase.write." + PhaseLoop.STONEWALL_ITEMS)).longValue();
      atWallSum += atWall;
      assertEquals(most, ((Number) x.get("phase.write." + PhaseLoop.DONE)).longValue(), x.toString());
      assertEquals(most * 10, ((Number) x.get("phase.write." + PhaseLoop.BYTES)).longValue(), x.toString());
      assertEquals(atWall * 10, ((Number) x.get("phase.write." + PhaseLoop.STONEWALL_BYTES)).longValue());
      long end = ((Number) x.get("phase.write." + PhaseLoop.END)).longValue();
      assertTrue(((Number) x.get("phase.write." + PhaseLoop.STONEWALL_AT)).longValue() <= end, x.toString());
    }
    // the slow threads had made fewer when it struck, and wore out to the most
    assertTrue(atWallSum < most * threads, "some thread wore out: " + atWallSum + " < " + most * threads);
    for (int t = 0; t < threads; t++) {
      assertEquals(most, calls.get(t).get(), "thread " + t + "'s calls");
      assertTrue(finishedAt.containsKey(t), "thread " + t + " finished");
    }
    PhaseResults.PhaseResult r = PhaseResults.of(records, List.of("write")).get(0);
    assertEquals(most * threads, r.items());
    assertTrue(r.seconds() >= 0.4, "the phase lasted the stonewall at least: " + r.seconds());
  }

  /** One client's slice of a loop: its threads wear out to the most any client had made, as its gate says. */
  @Test
  void theClientsGateSaysTheMostOverAllClients() throws Exception {
    // 0.3 s a call, the wall at 0.5 s: each thread had made 1 or 2 calls when it struck; another client had made 5
    PhaseLoop.Phase phase = new PhaseLoop.Phase("write", (t, i, rec) -> {
      Thread.sleep(300);
      return 1;
    }, (t, share) -> 1_000, null).until(new Stonewall(500_000_000L, 2));
    java.util.List<Long> said = new java.util.concurrent.CopyOnWriteArrayList<>();
    Slice.Gate gate = new Slice.Gate() {
      @Override
      public void await(int p) {}

      @Override
      public long most(int p, long mine) {
        assertEquals(0, p, "the phase's index");
        said.add(mine);
        return 5;
      }
    };
    PhaseLoop loop = new PhaseLoop(4, 2, List.of(phase), "sliced").slice(new Slice(0, 2, gate));
    RunRecords records = loop.run(Settings.quiet());
    assertEquals(1, said.size(), "one question for the client, by the last of its threads: " + said);
    for (TaskRecord t : records.tasks()) {
      long atWall = ((Number) t.extra().get("phase.write." + PhaseLoop.STONEWALL_ITEMS)).longValue();
      assertTrue(atWall < 5 && atWall <= said.get(0), t.extra().toString());
      assertEquals(5L, ((Number) t.extra().get("phase.write." + PhaseLoop.DONE)).longValue(), t.extra().toString());
    }
  }

  @Test
  void aThreadWhoseCallsRanOutBeforeTheWallTakesPartWithWhatItDid() throws Exception {
    // 2 threads, 5 calls each, a wall far away: both run out, both note 5 at the wall, and the phase ends at once
    PhaseLoop.Phase phase = new PhaseLoop.Phase("create", (t, i, rec) -> 0, (t, share) -> 5, null)
        .until(new Stonewall(600_000_000_000L, 2));
    RunRecords records = new PhaseLoop(2, 2, List.of(phase), "capped").run(Settings.quiet());
    for (TaskRecord t : records.tasks()) {
      assertEquals(5L, ((Number) t.extra().get("phase.create." + PhaseLoop.STONEWALL_ITEMS)).longValue());
      assertEquals(5L, ((Number) t.extra().get("phase.create." + PhaseLoop.DONE)).longValue());
    }
    assertTrue(PhaseResults.of(records, List.of("create")).get(0).seconds() < 60);
  }
}
