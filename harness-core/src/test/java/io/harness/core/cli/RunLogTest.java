package io.harness.core.cli;

import io.harness.core.run.RunLog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run's log: what libraries print goes to the file, the terminal gets the distinct reasons. */
class RunLogTest {
  @TempDir
  Path dir;

  @Test
  void libraryLinesGoToTheFileAndTheSummaryCountsDistinctReasons() throws IOException {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    RunLog log = RunLog.start(dir.resolve("run.log"), new PrintStream(terminal, true, StandardCharsets.UTF_8), false);
    try {
      for (int i = 0; i < 3; i++) {
        // the shipped layout, and a trace; block ids and ports differ from line to line
        System.err.println("08:18:25 WARN DataStreamer: Exception in createBlockOutputStream blk_107374182" + i
            + "_100" + i);
        System.err.println("java.io.IOException: Got error, status=ERROR, firstBadLink 127.0.0.1:4123" + i);
        System.err.println("\tat org.apache.hadoop.hdfs.DataStreamer.createBlockOutputStream(DataStreamer.java:1"
            + i + ")");
      }
      // Hadoop's test layout
      System.out.println("2026-11-23 08:18:25,123 [DataStreamer for file /x] WARN  hdfs.DataStreamer - DataStreamer "
          + "Exception");
      System.out.print("08:18:26 ERROR DataNode: Command processor encountered interrupt and exit.");
    } finally {
      log.close();
    }
    assertSame(out, System.out);
    assertSame(err, System.err);
    assertEquals("", terminal.toString(StandardCharsets.UTF_8), "nothing on the terminal without --verbose");
    List<String> file = Files.readAllLines(dir.resolve("run.log"));
    assertEquals(11, file.size(), file.toString());
    assertEquals("08:18:26 ERROR DataNode: Command processor encountered interrupt and exit.", file.get(10));

    List<String> summary = log.summary();
    assertEquals("Library and server logs: 11 line(s), 4 warning(s), 1 error(s), 3 distinct, in "
        + dir.resolve("run.log"), summary.get(0));
    assertEquals("  3x WARN DataStreamer: Exception in createBlockOutputStream blk_1073741820_1000 "
        + "(java.io.IOException: Got error, status=ERROR, firstBadLink 127.0.0.1:41230)", summary.get(1));
    assertTrue(summary.contains("  1x WARN DataStreamer: DataStreamer Exception"), summary.toString());
    assertTrue(summary.contains("  1x ERROR DataNode: Command processor encountered interrupt and exit."),
        summary.toString());
  }

  @Test
  void verboseShowsTheLinesToo() throws IOException {
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    RunLog log = RunLog.start(dir.resolve("run.log"), new PrintStream(terminal, true, StandardCharsets.UTF_8), true);
    try {
      System.err.println("08:18:25 INFO Server: started");
    } finally {
      log.close();
    }
    assertEquals("08:18:25 INFO Server: started\n", terminal.toString(StandardCharsets.UTF_8));
    assertTrue(log.summary().isEmpty(), "no warning: nothing to say about the log");
    assertFalse(log.empty());
  }

  @Test
  void anEmptyLogLeavesNoFile() throws IOException {
    RunLog log = RunLog.start(dir.resolve("run.log"), System.err, false);
    log.close();
    assertFalse(Files.exists(dir.resolve("run.log")));
  }

  @Test
  void theReportsOfTheHarnessOwnAgentStayOnTheTerminal() throws IOException {
    ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    RunLog log = RunLog.start(dir.resolve("run.log"), new PrintStream(terminal, true, StandardCharsets.UTF_8), false);
    try {
      System.err.println("08:18:25 WARN DataStreamer: DataStreamer Exception");
      System.err.println("Closing file system instance: 17");
      System.err.println("   write.call: 18");
      System.err.println("   write.allTime: 412");
      System.err.println("HARNESS-INSTRUMENTATION {\"fs\":17}");
      System.err.println("   an indented line of a library");
    } finally {
      log.close();
    }
    assertEquals("Closing file system instance: 17\n   write.call: 18\n   write.allTime: 412\n"
        + "HARNESS-INSTRUMENTATION {\"fs\":17}\n", terminal.toString(StandardCharsets.UTF_8));
    assertEquals(6, Files.readAllLines(dir.resolve("run.log")).size());
  }
}
