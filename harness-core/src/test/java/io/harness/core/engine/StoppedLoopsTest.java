package io.harness.core.engine;

import io.harness.core.records.RunRecords;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.StopRequest;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.Window;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A stopped run's failures are the calls that failed before the stop, not those the stop cut short (a call waiting
 * when the stop came, that then fails, as a file system's forked helper killed by the same signal makes it), and a
 * phase the stop cut short is not checked: for both loops, {@link PhaseLoop} and {@link ItemLoop}.
 */
class StoppedLoopsTest {
  private final StopRequest stop = StopRequest.detached();
  private final CountDownLatch failedOnce = new CountDownLatch(1);

  private Settings settings() {
    PrintStream none = new PrintStream(OutputStream.nullOutputStream());
    return new Settings(none, none, null, List.of(), Map.of(), null, 0, false, stop, null);
  }

  /** Item 0 fails at once (a failure before the stop); every other waits for the stop, then fails by it. */
  private long call(long item) throws IOException, InterruptedException {
    if (item == 0) {
      failedOnce.countDown();
      throw new IOException("no such directory");
    }
    while (!stop.requested()) {
      Thread.sleep(10);
    }
    throw new IOException("Cannot run program \"chmod\": signal: 2");
  }

  /** Runs {@code engine}; once item 0 failed, and longer ago than a stop takes as its own, asks the stop. */
  private RunRecords runAndStop(Engine engine) throws Exception {
    CompletableFuture<RunRecords> ran = CompletableFuture.supplyAsync(() -> {
      try {
        return engine.run(settings());
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    assertTrue(failedOnce.await(60, TimeUnit.SECONDS));
    Thread.sleep(TimeUnit.NANOSECONDS.toMillis(StopRequest.CUT_SHORT_BEFORE_NANOS) + 300);
    stop.request("SIGINT", 130);
    return ran.get(60, TimeUnit.SECONDS);
  }

  @Test
  void aStoppedPhaseCountsTheCallsItCutShortApartAndIsNotChecked() throws Exception {
    PhaseLoop loop = new PhaseLoop(6, 2, List.of(new PhaseLoop.Phase("create", (t, i, rec) -> call(i),
        (t, from, to) -> "holds 0 entries, expected " + (to - from))), "create");
    RunRecords records = runAndStop(loop);
    assertTrue(records.stopped());
    PhaseResults.PhaseResult create = PhaseResults.of(records, List.of("create")).get(0);
    assertEquals(0, create.items());
    assertEquals(1, create.failed(), "item 0 failed before the stop");
    // thread 0 (items 0-2) was in item 1, thread 1 (items 3-5) in item 3, when the stop came
    assertEquals(2, create.cutShort(), "the calls the stop cut short");
    List<String> failures = PhaseResults.failures(records);
    assertEquals(List.of("create 0: java.io.IOException: no such directory"), failures);
    assertFalse(failures.stream().anyMatch(f -> f.contains("check")), "no check of a phase the stop cut short");
    records.tasks().forEach(t -> assertTrue(t.interrupted() && !t.failed(), t.toString()));
  }

  @Test
  void aStoppedItemLoopCountsTheItemsItCutShortApart() throws Exception {
    ItemLoop loop = new ItemLoop(6, 2, Window.NONE, true, "files", "files", "file", (i, rec) -> call(i));
    RunRecords records = runAndStop(loop);
    assertTrue(records.stopped());
    assertEquals(1, ItemLoop.failed(records), "item 0 failed before the stop");
    assertEquals(List.of("0: java.io.IOException: no such directory"), ItemLoop.failures(records));
    long cut = records.tasks().stream().mapToLong(t -> t.extra().get(ItemLoop.CUT_SHORT_ITEMS) instanceof Number n
        ? n.longValue() : 0).sum();
    assertEquals(2, cut, "one item a thread was in when the stop came");
    records.tasks().forEach(t -> assertTrue(t.interrupted() && !t.failed(), t.toString()));
  }

  @Test
  void aTaskThatFailsByTheStopIsCutShortNotFailed() throws Exception {
    // the task's own body fails by the stop (its thread interrupted, a helper killed): interrupted, not failed
    Engine engine = new LocalEngine(2, 2, i -> "t" + i, Window.NONE, "tasks", m -> m, (i, rec) -> call(i + 1));
    CompletableFuture<RunRecords> ran = CompletableFuture.supplyAsync(() -> {
      try {
        return engine.run(settings());
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    Thread.sleep(200);
    stop.request("SIGTERM", 143);
    RunRecords records = ran.get(60, TimeUnit.SECONDS);
    assertEquals(2, records.tasks().size());
    for (TaskRecord t : records.tasks()) {
      assertTrue(t.interrupted(), t.toString());
      assertFalse(t.failed(), t.toString());
      assertTrue(String.valueOf(t.extra().get(io.harness.core.records.TaskRecorder.ERROR_AT_STOP)).contains("chmod"));
    }
  }

  /**
   * An experiment's first Ctrl-C asks the experiment, not its current run; but the same signal kills the helpers that
   * run's client forked. What failed with the signal is cut short, not a failure of the run, and the run, which the
   * signal cut short, is asked to stop too: it is saved as stopped, never as failed.
   */
  @Test
  void aSignalThatReachesTheRunsHelpersStopsItThoughItAskedTheExperiment() throws Exception {
    StopRequest experiment = StopRequest.open();
    StopRequest run = StopRequest.nested();
    try {
      PrintStream none = new PrintStream(OutputStream.nullOutputStream());
      Settings settings = new Settings(none, none, null, List.of(), Map.of(), null, 0, false, run, null);
      PhaseLoop loop = new PhaseLoop(4, 1, List.of(new PhaseLoop.Phase("create", (t, i, rec) -> {
        if (i == 1) {
          StopRequest.Asked asked = StopRequest.signalAll("SIGINT", 130);
          assertTrue(asked.nestedLeft(), "the experiment is asked, its run is not");
          throw new IOException("Cannot run program \"chmod\": signal: 2");
        }
        return 0;
      }, (t, from, to) -> "holds 3 entries, expected 4")), "create");
      RunRecords records = loop.run(settings);
      assertTrue(experiment.requested());
      assertEquals("SIGINT", run.signal(), "the run the signal cut short stops too");
      PhaseResults.PhaseResult create = PhaseResults.of(records, List.of("create")).get(0);
      assertEquals(0, create.failed(), "the call the signal failed is not the run's failure");
      assertEquals(1, create.cutShort());
      assertEquals(List.of(), PhaseResults.failures(records), "no check of a phase the signal cut short");
    } finally {
      run.close();
      experiment.close();
      // what fails in this JVM from now on is far from this signal
      Thread.sleep(TimeUnit.NANOSECONDS.toMillis(StopRequest.CUT_SHORT_BEFORE_NANOS) * 2);
    }
  }
}
