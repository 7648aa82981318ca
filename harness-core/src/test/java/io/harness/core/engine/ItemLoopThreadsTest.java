package io.harness.core.engine;

import io.harness.core.records.RunRecords;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** What each of a loop's threads opens before its items and closes after them (Freon's file system per thread). */
class ItemLoopThreadsTest {
  /** Writes down, per thread, its start, its items and its end. */
  private static final class Journal implements ItemLoop.Item {
    final Map<Thread, List<String>> byThread = new ConcurrentHashMap<>();
    final long failing;
    /** Each thread's first item waits here until every thread has one, so no thread takes all the items alone. */
    final CountDownLatch everyThreadHasAnItem;

    Journal(long failing, int threads) {
      this.failing = failing;
      this.everyThreadHasAnItem = new CountDownLatch(threads);
    }

    private List<String> mine() {
      return byThread.computeIfAbsent(Thread.currentThread(), t -> Collections.synchronizedList(new ArrayList<>()));
    }

    @Override
    public void threadStarted() {
      mine().add("start");
    }

    @Override
    public long run(long item, TaskRecorder recorder) throws IOException {
      List<String> mine = mine();
      if (mine.size() == 1) {
        everyThreadHasAnItem.countDown();
        try {
          everyThreadHasAnItem.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      mine.add(Long.toString(item));
      if (item == failing) {
        throw new IOException("item " + item + " failed");
      }
      return 7;
    }

    @Override
    public void threadEnded() {
      mine().add("end");
    }
  }

  @Test
  void eachThreadStartsBeforeItsFirstItemAndEndsAfterItsLast() throws Exception {
    Journal journal = new Journal(-1, 3);
    RunRecords records = new ItemLoop(12, 3, Window.NONE, false, "test", "items", "item", journal)
        .run(Settings.quiet());
    assertEquals(3, journal.byThread.size());
    TreeSet<Long> items = new TreeSet<>();
    for (List<String> seen : journal.byThread.values()) {
      assertEquals("start", seen.get(0), seen.toString());
      assertEquals("end", seen.get(seen.size() - 1), seen.toString());
      seen.subList(1, seen.size() - 1).forEach(i -> items.add(Long.parseLong(i)));
    }
    assertEquals(LongStream.range(0, 12).boxed().toList(), List.copyOf(items));
    assertEquals(12, ItemLoop.done(records));
    assertEquals(12 * 7, records.tasks().stream().mapToLong(t -> t.bytes()).sum());
  }

  @Test
  void aThreadWhoseItemFailedStillEnds() throws Exception {
    Journal journal = new Journal(4, 2);
    RunRecords records = new ItemLoop(40, 2, Window.NONE, false, "test", "items", "item", journal)
        .run(Settings.quiet());
    assertEquals(1, ItemLoop.failed(records));
    assertEquals(List.of("4: java.io.IOException: item 4 failed"), ItemLoop.failures(records));
    for (List<String> seen : journal.byThread.values()) {
      assertEquals("start", seen.get(0), seen.toString());
      assertEquals("end", seen.get(seen.size() - 1), seen.toString());
      assertTrue(seen.size() < 42, "the failure stopped the loop: " + seen);
    }
  }
}
