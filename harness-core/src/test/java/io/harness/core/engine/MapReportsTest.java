package io.harness.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.records.TaskLine;
import io.harness.core.records.TaskRecord;
import io.harness.core.records.TaskRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A map's report read back as written: its header, every task's record, and no report where none was left. */
class MapReportsTest {
  record Header(int client, String timings) {}

  @Test
  void aReportReadsBackAsWritten(@TempDir Path dir) throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    List<TaskLine> tasks = List.of(TaskLine.of(task(0, 4096)), TaskLine.of(task(1, 10)));
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(dir.resolve("report-0").toUri());
    MapReports.write(fs, file, new Header(3, null), tasks);

    MapReports.Report r = MapReports.read(fs, file).orElseThrow();
    assertEquals(new Header(3, null), r.header(Header.class));
    assertEquals("{\"client\":3}", r.header(), "no null field written");
    assertEquals(2, r.tasks().size());
    for (int i = 0; i < 2; i++) {
      TaskRecord want = tasks.get(i).record();
      TaskRecord got = r.tasks().get(i).record();
      assertEquals(want.index(), got.index());
      assertEquals(want.bytes(), got.bytes());
      assertEquals(want.startEpochNanos(), got.startEpochNanos());
      assertEquals(want.endEpochNanos(), got.endEpochNanos());
      assertEquals(want.latency().keySet(), got.latency().keySet());
    }

    // no header: an empty object; a second write (a retried attempt) replaces the first
    MapReports.write(fs, file, null, tasks.subList(1, 2));
    MapReports.Report again = MapReports.read(fs, file).orElseThrow();
    assertEquals("{}", again.header());
    assertNull(again.header(Header.class).timings());
    assertEquals(List.of(1), again.tasks().stream().map(TaskLine::index).toList());
  }

  /** No file, or one its map ended before writing (a stopped or killed map): no report. A cut line: an error. */
  @Test
  void noFileOrAnEmptyOneIsNoReport(@TempDir Path dir) throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    assertTrue(MapReports.read(fs, new org.apache.hadoop.fs.Path(dir.resolve("none").toUri())).isEmpty());
    Files.writeString(dir.resolve("empty"), "");
    assertTrue(MapReports.read(fs, new org.apache.hadoop.fs.Path(dir.resolve("empty").toUri())).isEmpty());
    Files.writeString(dir.resolve("cut"), "{}\n{\"index\":0,\"na");
    assertThrows(java.io.IOException.class,
        () -> MapReports.read(fs, new org.apache.hadoop.fs.Path(dir.resolve("cut").toUri())));
  }

  private static TaskRecord task(int index, long bytes) {
    TaskRecorder rec = Recorders.started(index, null);
    rec.call("write", System.nanoTime(), bytes);
    rec.end(null);
    return rec.toRecord();
  }
}
