package io.harness.core.records;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/** A task's running totals: the record holds the last total of each, and its increases add up to it by tick. */
class RunningTotalsTest {
  @Test
  void theRecordHoldsTheLastTotalAndIncreasesThatAddUpToIt() throws Exception {
    TaskRecorder r = new TaskRecorder(0, "t", Window.NONE, Stopping.manual(), null);
    r.begin();
    r.note("first", "a note before the totals");
    for (long files = 1; files <= 5; files++) {
      r.noteTotal("files", files);
      r.noteTotal("nanos", files * 1_000_000_000L);
      Thread.sleep(30);
    }
    // a snapshot of the running task already has the last totals
    assertEquals(5L, r.toRecord().extra().get("files"));
    r.noteTotal("files", 7);
    r.end(null);
    TaskRecord rec = r.toRecord();
    assertEquals(List.of("first", "files", "nanos", TaskRecord.TOTALS_PER_TICK), List.copyOf(rec.extra().keySet()));
    assertEquals(7L, rec.extra().get("files"));
    assertEquals(5_000_000_000L, rec.extra().get("nanos"));
    Map<String, SortedMap<Long, Long>> ticks = rec.totalsPerTick();
    assertEquals(7L, ticks.get("files").values().stream().mapToLong(Long::longValue).sum());
    assertEquals(5_000_000_000L, ticks.get("nanos").values().stream().mapToLong(Long::longValue).sum());
    // 150 ms of noting spans more than one 100 ms tick
    assertEquals(true, ticks.get("files").size() > 1, ticks.toString());
  }
}
