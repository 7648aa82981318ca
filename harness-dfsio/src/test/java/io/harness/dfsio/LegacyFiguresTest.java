package io.harness.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.harness.core.records.TaskRecord;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LegacyFiguresTest {
  private static final long MB = 1 << 20;

  private static TaskRecord task(int i, long bytes, long millis, String error) {
    long start = 1_000_000_000L * (i + 1);
    return new TaskRecord(i, "test_io_" + i, bytes, start, start + millis * 1_000_000L, Map.of(),
        new java.util.TreeMap<>(), error);
  }

  @Test
  void formulasMatchValuesComputedByHand() {
    // task 0: 10 MB in 1 s -> 10 MB/s; task 1: 20 MB in 4 s -> 5 MB/s
    // Throughput = 30 MB / 5 s = 6; average rate = (10 + 5) / 2 = 7.5;
    // std dev = sqrt((100 + 25) / 2 - 7.5^2) = sqrt(62.5 - 56.25) = 2.5
    LegacyFigures f = LegacyFigures.of("write",
        List.of(task(0, 10 * MB, 1000, null), task(1, 20 * MB, 4000, null)), 4321);
    assertEquals(2, f.tasks());
    assertEquals(30 * MB, f.size());
    assertEquals(5000.0, f.timeMillis(), 1e-9);
    assertEquals(15000.0, f.rate(), 1e-9);
    assertEquals(125000.0, f.sqrate(), 1e-9);
    assertEquals(6.0, f.throughputMbSec(), 1e-12);
    assertEquals(7.5, f.averageIoRateMbSec(), 1e-12);
    assertEquals(2.5, f.ioRateStdDev(), 1e-12);
    assertEquals(4.321, f.execTimeSeconds(), 1e-12);

    List<String> lines = f.lines(new Date(0));
    assertEquals("----- TestDFSIO ----- : write", lines.get(0));
    assertEquals("            Date & time: " + new Date(0), lines.get(1));
    assertEquals("        Number of files: 2", lines.get(2));
    assertEquals(" Total MBytes processed: 30", lines.get(3));
    assertEquals("      Throughput mb/sec: 6", lines.get(4));
    assertEquals(" Average IO rate mb/sec: 7.5", lines.get(5));
    assertEquals("  IO rate std deviation: 2.5", lines.get(6));
    assertEquals("     Test exec time sec: 4.32", lines.get(7));
    assertEquals("", lines.get(8));
  }

  @Test
  void failedTasksAreLeftOutOfTheLegacySums() {
    LegacyFigures f = LegacyFigures.of("read",
        List.of(task(0, 8 * MB, 2000, null), task(1, 3 * MB, 10, "java.io.IOException: boom")), 2000);
    assertEquals(1, f.tasks());
    assertEquals(4.0, f.averageIoRateMbSec(), 1e-12);
    assertEquals(0.0, f.ioRateStdDev(), 1e-6);
  }

  @Test
  void roundingIsTestDfsiosTwoDecimals() {
    // 1 MB in 3 s: 0.333... MB/s
    LegacyFigures f = LegacyFigures.of("write", List.of(task(0, MB, 3000, null)), 3000);
    assertEquals("      Throughput mb/sec: 0.33", f.lines(new Date()).get(4));
  }
}
