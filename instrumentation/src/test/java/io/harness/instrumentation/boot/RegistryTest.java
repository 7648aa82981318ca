package io.harness.instrumentation.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The helper's bookkeeping, driven the way the rules drive it (entry, exit, exception exit), with plain
 * objects standing for file systems and streams.
 */
class RegistryTest {
  private final TimingHelper h = new TimingHelper();

  @BeforeAll
  static void allSets() {
    for (String set : Ops.SETS) {
      Registry.activate(set);
    }
  }

  @Test
  void streamsBelongToTheOutermostFileSystemCallAndNestedCallsCountOnce() {
    Object outerFs = new Object();
    Object innerFs = new Object();
    Object stream = new Object();
    Object inner = new Object();
    h.fsEnter(outerFs, URI.create("test://outer/"));
    h.fsEnter(innerFs, URI.create("test://inner/"));
    h.bindStream(inner); // built by the inner file system, inside the outer's create
    h.fsExit(innerFs);
    h.bindStream(stream);
    // a write the file system makes inside its own create is not the caller's
    h.outEnter("write", stream);
    h.outExit(false);
    h.fsExit(outerFs);

    for (int i = 0; i < 3; i++) {
      h.outEnter("write", stream);
      h.outEnter("write", inner); // the checksummed stream writes through its inner stream
      h.outExit(false);
      h.outExit(i == 2);
    }
    h.outEnter("hsync", stream);
    h.outExit(false);

    Map<String, Object> snap = Registry.snapshotOf(outerFs);
    assertEquals(System.identityHashCode(outerFs), snap.get("fs"));
    assertEquals("test", snap.get("scheme"));
    assertEquals("test://outer/", snap.get("uri"));
    Map<?, ?> c = (Map<?, ?>) snap.get("counters");
    assertEquals(3L, c.get("write.call"));
    assertEquals(1L, c.get("write.failed"));
    assertEquals(1L, c.get("hsync.call"));
    assertEquals(0L, c.get("hflush.call"));
    assertNull(Registry.snapshotOf(innerFs), "the inner file system got no stream of its own");
  }

  @Test
  void ozoneWaitsNestAndBelongToTheOutputCallsFileSystem() {
    Object fs = new Object();
    Object stream = new Object();
    h.fsEnter(fs, URI.create("ofs://om/"));
    h.bindStream(stream);
    h.fsExit(fs);

    h.outEnter("close", stream);
    h.ozEnter("flushWait.handleFlush");
    h.ozEnter("flushWait.waitForAllPendingFlushes");
    h.ozExit("flushWait.waitForAllPendingFlushes", false);
    h.ozExit("flushWait.handleFlush", false);
    h.outExit(false);
    h.outEnter("write", stream);
    h.ozEnter("flushWait.handleFullBuffer");
    h.ozEnter("flushWait.waitOnFlushFuture");
    h.ozExit("flushWait.waitOnFlushFuture", true);
    h.ozExit("flushWait.handleFullBuffer", true);
    h.outExit(true);
    h.ozExit("flushWait.handleFlush", false); // an exit without its entry is ignored
    h.outEnter("write", stream);
    h.ozEnter("flushWait.allocateBuffer"); // timed, but not a wait for a commit
    h.ozExit("flushWait.allocateBuffer", false);
    h.outExit(false);

    Map<?, ?> c = (Map<?, ?>) Registry.snapshotOf(fs).get("counters");
    assertEquals(2L, c.get("watchForCommit.call"));
    assertEquals(1L, c.get("watchForCommit.failed"));
    assertEquals(1L, c.get("flushWait.handleFlush.call"));
    assertEquals(1L, c.get("flushWait.waitForAllPendingFlushes.call"));
    assertEquals(1L, c.get("flushWait.handleFullBuffer.call"));
    assertEquals(1L, c.get("flushWait.waitOnFlushFuture.failed"));
    assertEquals(1L, c.get("flushWait.allocateBuffer.call"));
    assertTrue((Long) c.get("watchForCommit.allTimeNanos")
        >= (Long) c.get("flushWait.handleFlush.allTimeNanos") + (Long) c.get("flushWait.handleFullBuffer.allTimeNanos"));
  }

  @Test
  void inputRulesIgnoreStreamsThatAreNotFsDataInputStreams() {
    Object plain = new java.io.DataInputStream(new java.io.ByteArrayInputStream(new byte[0]));
    h.inEnter("read", plain);
    h.outEnter("write", new Object()); // would be nested if the input call above had been taken
    h.outExit(false);
    h.inExit(plain, false);
    assertTrue(Registry.UNKNOWN.calls(Ops.WRITE) >= 1, "the write on a stream of no file system is unknown's");
    assertEquals(0, Registry.UNKNOWN.calls(Ops.READ));
  }

  @Test
  void theOutermostCloseOfAFileSystemPrintsItsReportOnce() {
    Object fs = new Object();
    Object stream = new Object();
    h.fsEnter(fs, URI.create("file:///"));
    h.bindStream(stream);
    h.fsExit(fs);
    for (int i = 0; i < 5; i++) {
      h.outEnter("write", stream);
      h.outExit(false);
    }
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      h.fsCloseEnter(fs);
      h.fsCloseEnter(fs); // a subclass's close() calling super.close()
      h.fsCloseExit(fs);
      assertEquals("", err.toString(StandardCharsets.UTF_8), "nothing before the outermost close ends");
      h.fsCloseExit(fs);
      h.fsCloseEnter(fs); // closed again, nothing new: no second report
      h.fsCloseExit(fs);
    } finally {
      System.setErr(saved);
    }
    String nl = System.lineSeparator();
    String text = err.toString(StandardCharsets.UTF_8);
    String id = String.valueOf(System.identityHashCode(fs));
    // one line per operation with calls (the others are left out): calls, total ms, p50 / p99 / max in ms
    assertTrue(text.matches("Closing file system instance: " + id + " \\(file:///\\)" + nl
        + "   write: 5 calls, 0 ms in all, p50 \\d+\\.\\d{3} ms, p99 \\d+\\.\\d{3} ms, max \\d+\\.\\d{3} ms" + nl
        + "HARNESS-INSTRUMENTATION \\{.*\\}" + nl), text);
    String[] lines = text.split(nl);
    String json = lines[lines.length - 1];
    assertTrue(json.startsWith("HARNESS-INSTRUMENTATION {\"fs\":" + id + ",\"scheme\":\"file\",\"uri\":\"file:///\","
        + "\"class\":\"java.lang.Object\",\"event\":\"close\",\"pid\":" + ProcessHandle.current().pid()
        + ",\"rules\":[\"write\",\"read\",\"ozone\",\"datanode\"],\"counters\":{\"write.call\":5,\"write.allTime\":0,"), json);
    assertEquals(1, text.split("Closing file system instance").length - 1, text);
    assertEquals(Boolean.TRUE, Registry.snapshotOf(fs).get("closed"));
  }

  @Test
  void failedCallsShowInTheLineAndJsonOffLeavesTheTextAlone() {
    Object fs = new Object();
    Object stream = new Object();
    h.fsEnter(fs, URI.create("file:///"));
    h.bindStream(stream);
    h.fsExit(fs);
    h.outEnter("write", stream);
    h.outExit(false);
    h.outEnter("hsync", stream);
    h.outExit(true);
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    Reports.jsonOnStderr(false);
    try {
      h.fsCloseEnter(fs);
      h.fsCloseExit(fs);
    } finally {
      Reports.jsonOnStderr(true);
      System.setErr(saved);
    }
    String nl = System.lineSeparator();
    String text = err.toString(StandardCharsets.UTF_8);
    String[] lines = text.split(nl);
    assertEquals(3, lines.length, text);
    assertEquals("Closing file system instance: " + System.identityHashCode(fs) + " (file:///)", lines[0]);
    assertTrue(lines[1].startsWith("   write: 1 calls, "), text);
    assertTrue(lines[2].matches("   hsync: 1 calls \\(1 failed\\), \\d+ ms in all, p50 .* ms, p99 .* ms, max .* ms"),
        text);
  }
}
