package io.harness.core.engine;

import io.harness.core.records.EpochClock;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.TaskStreams;
import io.harness.core.records.Window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What the engine's watch does: progress lines, stuck tasks named, --task-timeout, a stop, first real causes. */
class LocalEngineWatchTest {
  private static final long MS = 1_000_000L;

  @Test
  void aTaskStuckInOneCallLongerThanTheTimeoutFailsWithItsStackAndTheOthersStillRun() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    AtomicInteger ran = new AtomicInteger();
    try {
      // 5 tasks on 2 threads: task 1 hangs in "hflush"; a new thread takes its place for the tasks left
      LocalEngine.Result r = LocalEngine.run(5, 2, i -> "t" + i, Window.NONE,
          Monitor.none().taskTimeout(300 * MS), (i, rec) -> {
            ran.incrementAndGet();
            long t = rec.enter("write");
            rec.call("write", t, 10);
            if (i == 1) {
              rec.enter("hflush");
              awaitUninterruptibly(never);
            }
          });
      assertEquals(5, r.records().size());
      assertEquals(5, ran.get());
      TaskRecord stuck = r.records().get(1);
      assertTrue(stuck.failed());
      assertTrue(stuck.error().startsWith("stuck in hflush for "), stuck.error());
      assertTrue(stuck.error().endsWith("(--task-timeout 300 ms)"), stuck.error());
      assertTrue(stuck.stack().stream().anyMatch(l -> l.contains("awaitUninterruptibly")), stuck.stack().toString());
      assertEquals(10, stuck.bytes(), "what it did before it got stuck is in its record");
      for (int i : new int[] {0, 2, 3, 4}) {
        assertNull(r.records().get(i).error(), "t" + i);
      }
      assertFalse(r.stopped());
    } finally {
      never.countDown();
    }
  }

  @Test
  void aTaskRunAloneAsAMapIsGivenUpWhenStuckLongerThanTheTimeoutAndRunsToItsEndWhenNot() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    try {
      long origin = EpochClock.nowEpochNanos();
      LocalEngine.Alone stuck = LocalEngine.runAlone(3, "test_io_3", Window.NONE, (i, rec) -> {
        long t = rec.enter("write");
        rec.call("write", t, 10);
        rec.enter("close");
        awaitUninterruptibly(never);
      }, origin, 300 * MS);
      TaskRecord r = stuck.record();
      assertTrue(r.failed());
      assertTrue(r.error().matches("stuck in close for [0-9.]+ ms \\(--task-timeout 300 ms\\)"), r.error());
      assertTrue(r.stack().stream().anyMatch(l -> l.contains("awaitUninterruptibly")), r.stack().toString());
      assertEquals(10, r.bytes(), "what it did before it got stuck is in its record");
      assertEquals(1, stuck.intervals().stream().filter(i -> i.kind().equals("write"))
          .mapToLong(i -> i.histogram().getTotalCount()).sum(), "its one write is in the run's seconds");
    } finally {
      never.countDown();
    }
    // slower than the timeout in all, but never that long in one call: it runs to its end
    LocalEngine.Alone slow = LocalEngine.runAlone(0, "test_io_0", Window.NONE, (i, rec) -> {
      for (int k = 0; k < 4; k++) {
        long t = rec.enter("write");
        Thread.sleep(100);
        rec.call("write", t, 1);
      }
    }, EpochClock.nowEpochNanos(), 300 * MS);
    assertNull(slow.record().error());
    assertEquals(4, slow.record().bytes());
  }

  @Test
  void aStoppedRunEndsItsTasksEarlyAndKeepsWhatTheyMeasured() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch running = new CountDownLatch(2);
    Thread stopper = new Thread(() -> {
      try {
        running.await();
        Thread.sleep(200);
      } catch (InterruptedException e) {
        return;
      }
      stop.set(true);
    });
    stopper.start();
    // 6 tasks on 2 threads that would run until their (long) deadline
    LocalEngine.Result r = LocalEngine.run(6, 2, i -> "t" + i, new Window(0, TimeUnit.HOURS.toNanos(1)),
        Monitor.none().stopWhen(stop::get), (i, rec) -> {
          running.countDown();
          while (!rec.expired()) {
            long t = rec.enter("write");
            Thread.sleep(5);
            rec.call("write", t, 100);
          }
        });
    stopper.join();
    assertTrue(r.stopped());
    assertEquals(2, r.records().size(), "the tasks that never started have no record");
    for (TaskRecord t : r.records()) {
      assertTrue(t.interrupted(), t.name());
      assertFalse(t.failed(), t.name());
      assertTrue(t.bytes() > 0, t.name());
    }
  }

  @Test
  void aStopGivesUpOnTasksThatDoNotEndAndAreNotInterruptible() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch never = new CountDownLatch(1);
    try {
      long t0 = System.nanoTime();
      // asked once the task runs (a run asked before its tasks start starts none)
      LocalEngine.Result r = LocalEngine.run(1, 1, i -> "t" + i, Window.NONE, Monitor.none().stopWhen(stop::get),
          (i, rec) -> {
            rec.enter("close");
            stop.set(true);
            awaitUninterruptibly(never);
          });
      long waited = System.nanoTime() - t0;
      assertTrue(waited >= TimeUnit.SECONDS.toNanos(LocalEngine.GIVE_UP_AFTER_SECONDS), "gave up after " + waited);
      TaskRecord t = r.records().get(0);
      assertTrue(t.interrupted());
      assertFalse(t.failed());
      assertTrue(t.stack().stream().anyMatch(l -> l.contains("awaitUninterruptibly")), t.stack().toString());
    } finally {
      never.countDown();
    }
  }

  @Test
  void theProgressLineSaysHowFarAndNamesTheTaskWithoutProgressAndItsCall() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    CountDownLatch release = new CountDownLatch(1);
    Thread releaser = new Thread(() -> {
      try {
        Thread.sleep(1200);
      } catch (InterruptedException e) {
        // released below
      }
      release.countDown();
    });
    releaser.start();
    LocalEngine.Result r = LocalEngine.run(2, 2, i -> "t" + i, Window.NONE,
        Monitor.of(log, "dfsio write").totalBytes(4000).every(400 * MS), (i, rec) -> {
          long t = rec.enter("write");
          rec.call("write", t, 1000);
          if (i == 1) {
            rec.enter("hflush");
            release.await();
          }
        });
    releaser.join();
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(2, r.records().size());
    assertTrue(text.contains("dfsio write: "), text);
    assertTrue(text.contains("of 3.91 KB (50%)"), text);
    assertTrue(text.contains("tasks: 1 done, 1 running, 1 without progress:"), text);
    assertTrue(text.matches("(?s).*\\n  t1: no progress for \\d+ s, waiting in hflush for \\d+ s\\n.*"), text);
  }

  @Test
  void selfSuppressionIsNotTheReasonTheStreamsOwnFailureIs() throws Exception {
    IOException failure = new IOException("All datanodes [127.0.0.1:9866] are bad. Aborting...");
    // a stream whose close rethrows the exception its write threw, as HDFS's output stream does
    Closeable stream = () -> {
      throw failure;
    };
    LocalEngine.Result r = LocalEngine.run(2, 2, i -> "t" + i, (i, rec) -> {
      if (i == 0) {
        try (Closeable s = stream) {
          throw failure;
        }
      }
      TaskStreams.use(stream, rec, s -> {
        throw failure;
      });
    });
    for (TaskRecord t : r.records()) {
      assertEquals("java.io.IOException: All datanodes [127.0.0.1:9866] are bad. Aborting...", t.error(), t.name());
    }
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    while (true) {
      try {
        latch.await();
        return;
      } catch (InterruptedException e) {
        // a stuck call in a client library ignores interrupts too
      }
    }
  }
}
