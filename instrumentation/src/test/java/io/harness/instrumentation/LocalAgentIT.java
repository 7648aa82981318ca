package io.harness.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code -javaagent:harness-instrumentation.jar}: a plain program writing and reading through the local
 * file system (file://) in a JVM of its own; the agent's reports equal the calls the program counted.
 */
class LocalAgentIT {
  private static final long TIMEOUT_S = 180;

  @Test
  void countersEqualTheProgramsCallsForEachFileSystemInstance() throws Exception {
    Path dir = ChildJvm.workDir("local-write-read");
    Path reportFile = dir.resolve("report.jsonl");
    ChildJvm jvm = ChildJvm.start(dir,
        List.of("-javaagent:" + ChildJvm.agentJar() + "=rules=write,read,report=" + reportFile),
        FsCallsProgram.class, List.of("file:///", dir.resolve("data").toString(), "--read"));
    assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
    Reports r = Reports.parse(jvm.stdout(), jvm.stderr());
    Reports.assertNoRuleErrors(jvm.stderr());

    assertEquals(2, r.expected.size(), "two FileSystem instances:\n" + jvm.stdout());
    List<String> ids = new ArrayList<>(r.expected.keySet());
    assertNotEquals(r.expected.get(ids.get(0)).get("counters"), r.expected.get(ids.get(1)).get("counters"),
        "the instances made different numbers of calls");
    // exactly one report per instance the program used (not one for the raw file system inside each)
    assertEquals(ids, new ArrayList<>(r.text.keySet()), "text reports:\n" + jvm.stderr());
    assertEquals(2, r.json.size());
    assertTrue(jvm.stdout().contains("RULE-ENGINE true"), "the read set is Byteman's rules:\n" + jvm.stdout());
    for (String fs : ids) {
      r.assertCountersEqualTheCalls(fs);
      // the read set's rules are installed here, and still no rule fires in a write
      assertWritesCostInjectedCallsOnly(r, fs);
      JsonNode line = r.jsonOf(fs);
      assertEquals("file", line.get("scheme").asText());
      assertEquals("org.apache.hadoop.fs.LocalFileSystem", line.get("class").asText());
      assertEquals("close", line.get("event").asText());
      assertEquals(jvm.pid(), line.get("pid").asLong());
      assertEquals("[\"write\",\"read\"]", line.get("rules").toString());
      // the failed calls (a write after close, a ByteBuffer read the checksummed stream refuses)
      assertEquals(1, line.get("counters").get("write.failed").asLong());
      assertEquals(1, line.get("counters").get("read.failed").asLong());
      long nanos = line.get("counters").get("write.allTimeNanos").asLong();
      assertTrue(nanos > 0, "write time measured");
      assertEquals(nanos / 1_000_000, line.get("counters").get("write.allTime").asLong());
    }
    // report lines in the text block: each operation's call and allTime, in order, failed only if not 0, then
    // its distribution (every operation was called here)
    List<String> keys = new ArrayList<>(r.text.get(ids.get(0)).keySet());
    List<String> want = new ArrayList<>();
    for (String op : List.of("write", "hflush", "hsync", "close", "read", "readFully", "positionedRead",
        "positionedReadFully")) {
      want.addAll(List.of(op + ".call", op + ".allTime"));
      if (op.equals("write") || op.equals("read")) {
        want.add(op + ".failed");
      }
      want.addAll(List.of(op + ".p50Ms", op + ".p99Ms", op + ".maxMs"));
      JsonNode c = r.jsonOf(ids.get(0)).get("counters");
      long p50 = c.get(op + ".p50Nanos").asLong();
      long p99 = c.get(op + ".p99Nanos").asLong();
      long max = c.get(op + ".maxNanos").asLong();
      assertTrue(0 < p50 && p50 <= p99 && p99 <= max && max <= c.get(op + ".allTimeNanos").asLong(), op + ": " + c);
    }
    assertEquals(want, keys);

    // report=FILE: the same JSON lines
    List<String> fileLines = Files.readAllLines(reportFile, StandardCharsets.UTF_8);
    assertEquals(2, fileLines.size());
    ObjectMapper json = new ObjectMapper();
    for (int i = 0; i < 2; i++) {
      assertEquals(r.json.get(i), json.readTree(fileLines.get(i)));
    }
  }

  @Test
  void onlyTheChosenRuleSetsAreTimedAndReported() throws Exception {
    Path dir = ChildJvm.workDir("local-write-only");
    ChildJvm jvm = ChildJvm.start(dir, List.of("-javaagent:" + ChildJvm.agentJar() + "=rules=write"),
        FsCallsProgram.class, List.of("file:///", dir.resolve("data").toString(), "--read"));
    assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
    Reports r = Reports.parse(jvm.stdout(), jvm.stderr());
    assertEquals(2, r.text.size(), jvm.stderr());
    for (String fs : r.expected.keySet()) {
      JsonNode counters = r.jsonOf(fs).get("counters");
      for (String op : List.of("write", "hflush", "hsync", "close")) {
        assertEquals(r.expected.get(fs).get("counters").get(op + ".call").asLong(),
            counters.get(op + ".call").asLong(), op);
      }
      counters.fieldNames().forEachRemaining(k -> assertFalse(k.startsWith("read"), k + " reported"));
      assertFalse(r.text.get(fs).containsKey("read.call"));
      assertWritesCostInjectedCallsOnly(r, fs);
    }
    // write (without read or datanode) is no Byteman rule: the engine did not start
    assertTrue(jvm.stdout().contains("RULE-ENGINE false"), jvm.stdout());
  }

  /**
   * What the program's write calls cost, counted by the agent on the writing thread: no Byteman rule fired in any of
   * them, and the injected calls per write are bounded by the checksummed stream's chunks: the outer stream's write
   * enters and exits once (2), and each 512-byte chunk it passes on is written to the inner data and checksum
   * streams (4 more), so N calls of B bytes in all make between 2N and 2N + 4 (B / 512 + N) calls into the agent.
   */
  private static void assertWritesCostInjectedCallsOnly(Reports r, String fs) {
    JsonNode c = r.cost.get(fs);
    assertNotNull(c, "the program printed COST for " + fs);
    long n = c.get("writes").asLong();
    long bytes = c.get("bytes").asLong();
    long entries = c.get("entries").asLong();
    assertEquals(r.expected.get(fs).get("counters").get("write.call").asLong(), n, c.toString());
    assertEquals(0, c.get("ruleFirings").asLong(), "no rule fires in a write: " + c);
    assertTrue(entries >= 2 * n && entries <= 2 * n + 4 * (bytes / 512 + n), "agent calls of " + n + " writes: " + c);
  }

  /**
   * Instances never closed report at exit: the cached one as closed (Hadoop's shutdown hook closes it,
   * and the exit report waits for that), the uncached one as still open; a stream no FileSystem made
   * reports as unknown. Each once.
   */
  @Test
  void instancesLeftOpenReportAtExitOnce() throws Exception {
    Path dir = ChildJvm.workDir("local-exit");
    ChildJvm jvm = ChildJvm.start(dir, List.of("-javaagent:" + ChildJvm.agentJar() + "=rules=write"),
        FsCallsProgram.class, List.of("file:///", dir.resolve("data").toString(), "--leave-open"));
    assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
    Reports r = Reports.parse(jvm.stdout(), jvm.stderr());
    List<String> ids = new ArrayList<>(r.expected.keySet());
    assertEquals(List.of(ids.get(0), ids.get(1), "unknown"), new ArrayList<>(r.text.keySet()), jvm.stderr());
    assertEquals(3, r.json.size(), jvm.stderr());
    for (String fs : ids) {
      r.assertCountersEqualTheCalls(fs);
    }
    assertEquals("close", r.jsonOf(ids.get(0)).get("event").asText(), "closed by Hadoop's cache hook");
    assertEquals("exit", r.jsonOf(ids.get(1)).get("event").asText(), "never closed");
    JsonNode unknown = r.json.get(2);
    assertTrue(unknown.get("fs").isNull());
    assertEquals("exit", unknown.get("event").asText());
    assertEquals(4, unknown.get("counters").get("write.call").asLong());
    assertEquals(1, unknown.get("counters").get("close.call").asLong());
    assertEquals(4L, r.text.get("unknown").get("write.call"));
  }

  @Test
  void anUnknownRuleSetStopsTheJvmWithExitCode2AndOneLine() throws Exception {
    Path dir = ChildJvm.workDir("local-bad-set");
    ChildJvm jvm = ChildJvm.start(dir, List.of("-javaagent:" + ChildJvm.agentJar() + "=rules=write,bogus"),
        FsCallsProgram.class, List.of("file:///", dir.resolve("data").toString()));
    assertEquals(2, jvm.waitFor(TIMEOUT_S));
    assertEquals(List.of("harness-instrumentation: rules: unknown rule set 'bogus' (valid: write, read, "
        + "ozone, datanode, all)"), lines(jvm.stderr()));
    assertEquals("", jvm.stdout(), "the program never ran");
  }

  @Test
  void anUnknownAgentOptionStopsTheJvmWithExitCode2AndOneLine() throws Exception {
    Path dir = ChildJvm.workDir("local-bad-option");
    ChildJvm jvm = ChildJvm.start(dir, List.of("-javaagent:" + ChildJvm.agentJar() + "=rule=write"),
        FsCallsProgram.class, List.of("file:///", dir.resolve("data").toString()));
    assertEquals(2, jvm.waitFor(TIMEOUT_S));
    List<String> err = lines(jvm.stderr());
    assertEquals(1, err.size(), err.toString());
    assertTrue(err.get(0).startsWith("harness-instrumentation: unknown agent option 'rule'"), err.get(0));
  }

  static List<String> lines(String s) {
    List<String> out = new ArrayList<>();
    for (String line : s.split("\\R")) {
      if (!line.isBlank()) {
        out.add(line);
      }
    }
    return out;
  }
}
