package io.harness.namespace;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
import io.harness.testkit.Cli;
import io.harness.testkit.Runs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.ozone.om.OMMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness namespace} on a MiniOzoneCluster (an FSO bucket, through {@code ofs://}), its operations counted
 * by the OM itself: the deltas of the OM's metrics over a run against the run's own ops per phase.
 */
class NamespaceOzoneTest {
  @TempDir
  static java.nio.file.Path work;
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = new MiniOzoneProvider().start(new Configuration(), 1);
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static Map<String, Long> om() {
    OMMetrics m = MiniOzoneProvider.miniCluster(cluster).getOzoneManager().getMetrics();
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("commits", m.getNumKeyCommits());
    out.put("renames", m.getNumKeyRenames());
    out.put("deletes", m.getNumKeyDeletes());
    out.put("fileStatus", m.getNumGetFileStatus());
    out.put("listStatus", m.getNumListStatus());
    return out;
  }

  private static long ops(JsonNode result, String phase) {
    for (JsonNode p : result.at("/figures/phases")) {
      if (p.get("name").asText().equals(phase)) {
        assertEquals(0, p.get("failed").asLong(), p.toString());
        return p.get("items").asLong();
      }
    }
    throw new AssertionError("no phase " + phase);
  }

  @Test
  void theOmCountsWhatTheRunSays() throws Exception {
    Map<String, Long> before = om();
    java.nio.file.Path runs = work.resolve("runs");
    List<String> args = new ArrayList<>(List.of("namespace", "-fs", cluster.fileSystemUri().toString(), "-D",
        "ozone.replication=" + cluster.configuration().get("ozone.replication"),
        "--phases", "create,stat,list,rename,delete", "-n", "200", "-t", "4", "--shared", "--lists", "3",
        "--path", "/vol1/bucket1/ns", "--prefix", "shared", "--run-dir", runs.toString(), "--no-report"));
    assertExit(Cli.run(args.toArray(new String[0])), 0);
    Map<String, Long> after = om();
    Map<String, Long> d = new LinkedHashMap<>();
    after.forEach((k, v) -> d.put(k, v - before.get(k)));
    JsonNode r = Runs.latestResult(runs);
    assertEquals(200, ops(r, "create"));
    assertEquals(ops(r, "create"), d.get("commits"), d.toString());
    assertEquals(ops(r, "rename"), d.get("renames"), d.toString());
    assertTrue(d.get("deletes") >= ops(r, "delete"), d.toString());
    assertTrue(d.get("fileStatus") >= ops(r, "stat"), d.toString());
    assertEquals(4 * 3, ops(r, "list"));
    assertTrue(d.get("listStatus") >= ops(r, "list"), d.toString());
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), cluster.configuration())) {
      assertFalse(fs.exists(new Path("/vol1/bucket1/ns/shared")), "the run's directory is gone");
      assertTrue(fs.exists(new Path("/vol1/bucket1/ns")), "what it did not make stays");
    }
  }
}
