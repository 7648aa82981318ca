package io.harness.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The agent with rules=write,ozone on a program writing through ofs:// to a MiniOzoneCluster (started in
 * the test JVM; the program runs in its own JVM with the cluster's client configuration). Small client
 * buffers (1 MB buffers, a 4 MB pool) make the writer wait for commits.
 */
class OzoneAgentIT {
  private static final long TIMEOUT_S = 300;
  private static final int MB = 1024 * 1024;
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    Configuration conf = new Configuration();
    // the datanodes take streamed writes too; a client uses them only with ozone.fs.datastream.enabled
    conf.setBoolean("hdds.container.ratis.datastream.enabled", true);
    // hsync / hflush on the streaming path go to the OM, which refuses them unless these are on
    conf.setBoolean("ozone.hbase.enhancements.allowed", true);
    conf.setBoolean("ozone.fs.hsync.enabled", true);
    cluster = new MiniOzoneProvider().start(conf, 3);
  }

  /** The client's settings for small buffers, written for the child JVM; {@code stream}: the streaming path. */
  private static Path clientConf(Path dir, boolean stream) throws IOException {
    Configuration client = new Configuration(cluster.configuration());
    client.set("ozone.client.stream.buffer.size", "1MB");
    client.set("ozone.client.stream.buffer.flush.size", "2MB");
    client.set("ozone.client.stream.buffer.max.size", "4MB");
    client.setBoolean("ozone.fs.datastream.enabled", stream);
    Path xml = dir.resolve("ozone-client.xml");
    try (OutputStream out = Files.newOutputStream(xml)) {
      client.writeXml(out);
    }
    return xml;
  }

  /**
   * The streaming write path (files past ozone.fs.datastream.auto.threshold, 4 MB: 6 MB here): the waits
   * are BlockDataStreamOutput's, and they count in watchForCommit; the async path's waits stay at 0.
   */
  @Test
  void streamingWritesAreTimedByTheStreamRules() throws Exception {
    Path dir = ChildJvm.workDir("ozone-stream");
    Path xml = clientConf(dir, true);
    ChildJvm jvm = ChildJvm.start(dir, List.of("-javaagent:" + ChildJvm.agentJar() + "=rules=write,ozone"),
        FsCallsProgram.class, List.of(cluster.fileSystemUri().toString(), cluster.rootPrefix(),
            "--conf", xml.toString(), "--buffer", String.valueOf(MB), "--writes", "6"));
    assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
    Reports r = Reports.parse(jvm.stdout(), jvm.stderr());
    Reports.assertNoRuleErrors(jvm.stderr());
    assertEquals(2, r.expected.size(), jvm.stdout());
    for (String fs : r.expected.keySet()) {
      r.assertCountersEqualTheCalls(fs);
      JsonNode c = r.jsonOf(fs).get("counters");
      for (String wait : List.of("watchForCommit", "streamWait.handleFlush", "streamWait.watchForCommit")) {
        assertTrue(c.get(wait + ".call").asLong() > 0, wait + ".call: " + c);
      }
      assertEquals(0, c.get("flushWait.handleFlush.call").asLong(), "not the async path: " + c);
      assertTrue(c.get("watchForCommit.allTimeNanos").asLong() >= c.get("streamWait.handleFlush.allTimeNanos").asLong(),
          c.toString());
    }
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void writeCountersEqualTheCallsAndTheOzoneWaitsAreTimed() throws Exception {
    Path dir = ChildJvm.workDir("ozone");
    Path xml = clientConf(dir, false);

    ChildJvm jvm = ChildJvm.start(dir, List.of("-javaagent:" + ChildJvm.agentJar() + "=rules=write,ozone"),
        FsCallsProgram.class, List.of(cluster.fileSystemUri().toString(), cluster.rootPrefix(),
            "--conf", xml.toString(), "--buffer", String.valueOf(MB), "--writes", "6"));
    assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
    Reports r = Reports.parse(jvm.stdout(), jvm.stderr());
    Reports.assertNoRuleErrors(jvm.stderr());

    assertEquals(2, r.expected.size(), jvm.stdout());
    for (String fs : r.expected.keySet()) {
      r.assertCountersEqualTheCalls(fs);
      JsonNode line = r.jsonOf(fs);
      assertEquals("ofs", line.get("scheme").asText());
      assertEquals("[\"write\",\"ozone\"]", line.get("rules").toString());
      JsonNode c = line.get("counters");
      Map<String, Long> text = r.text.get(fs);
      // the writer waited for commits: in handleFlush at least (close), so watchForCommit too
      for (String wait : List.of("watchForCommit", "flushWait.handleFlush")) {
        assertTrue(c.get(wait + ".call").asLong() > 0, wait + ".call: " + c);
        assertTrue(c.get(wait + ".allTime").asLong() > 0, wait + ".allTime: " + c);
        assertEquals(c.get(wait + ".call").asLong(), text.get(wait + ".call"));
        assertEquals(c.get(wait + ".allTime").asLong(), text.get(wait + ".allTime"));
      }
      assertTrue(c.get("flushWait.allocateBuffer.call").asLong() > 0, c.toString());
      // the outermost wait holds the others: its time is at least that of each
      long outer = c.get("watchForCommit.allTimeNanos").asLong();
      for (String inner : List.of("handleFullBuffer", "handleFlush", "waitForAllPendingFlushes",
          "waitOnFlushFuture")) {
        assertTrue(outer >= c.get("flushWait." + inner + ".allTimeNanos").asLong(), inner + ": " + c);
      }
    }
  }
}
