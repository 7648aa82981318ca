package io.harness.namespace;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Runs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness namespace} on a MiniDFSCluster, its operations counted by the NameNode itself: the deltas of the
 * NameNode's activity counters (its metrics source NameNodeActivity) over a run equal the run's own ops per phase.
 */
class NamespaceHdfsTest {
  @TempDir
  static java.nio.file.Path work;
  private static MiniDFSCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = new MiniDFSCluster.Builder(new Configuration(), work.resolve("dfs").toFile()).numDataNodes(1).build();
    cluster.waitActive();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  /** The NameNode's activity counters a namespace run moves. */
  private static Map<String, Long> nameNodeCounters() {
    Map<String, Long> all = io.harness.testkit.NameNodeCounters.of(
        org.apache.hadoop.hdfs.server.namenode.NameNode.getNameNodeMetrics());
    Map<String, Long> out = new LinkedHashMap<>();
    for (String a : List.of("CreateFileOps", "FilesRenamed", "DeleteFileOps", "FileInfoOps", "GetListingOps")) {
      out.put(a, all.get(a));
    }
    return out;
  }

  private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
    return io.harness.testkit.NameNodeCounters.delta(before, after);
  }

  private JsonNode run(String... args) throws Exception {
    java.nio.file.Path runs = work.resolve("runs-" + System.nanoTime());
    List<String> all = new ArrayList<>(List.of("namespace", "-fs", cluster.getURI().toString(), "--run-dir",
        runs.toString(), "--no-report"));
    all.addAll(List.of(args));
    assertExit(Cli.run(all.toArray(new String[0])), 0);
    return Runs.latestResult(runs);
  }

  private static long ops(JsonNode result, String phase) {
    for (JsonNode p : result.at("/figures/phases")) {
      if (p.get("name").asText().equals(phase)) {
        assertEquals(0, p.get("failed").asLong());
        return p.get("items").asLong();
      }
    }
    throw new AssertionError("no phase " + phase);
  }

  @Test
  void theNameNodeCountsWhatTheRunSays() throws Exception {
    Map<String, Long> before = nameNodeCounters();
    JsonNode r = run("--phases", "create,stat,list,rename,delete", "-n", "300", "-t", "6", "--shared",
        "--path", "/ns", "--prefix", "shared", "--lists", "3");
    Map<String, Long> d = delta(before, nameNodeCounters());
    assertEquals(300, ops(r, "create"));
    assertEquals(300, d.get("CreateFileOps"), d.toString());
    assertEquals(ops(r, "rename"), d.get("FilesRenamed"), d.toString());
    // delete's 300 calls, and the run's deletion of its own directory at the end
    assertEquals(ops(r, "delete") + 1, d.get("DeleteFileOps"), d.toString());
    // stat's calls and the few of the run's own checks (its directory's existence)
    assertTrue(d.get("FileInfoOps") >= ops(r, "stat"), d.toString());
    assertEquals(6 * 3, ops(r, "list"));
    assertTrue(d.get("GetListingOps") >= ops(r, "list"), d.toString());
    assertFalse(cluster.getFileSystem().exists(new Path("/ns/shared")), "the run's directory is gone");
    assertTrue(cluster.getFileSystem().exists(new Path("/ns")), "what it did not make stays");
  }

  @Test
  void aDirectoryPerThreadAndTrees() throws Exception {
    Map<String, Long> before = nameNodeCounters();
    JsonNode r = run("--phases", "mkdir,create,rename,rmdir", "-n", "120", "-t", "4", "--rename-across",
        "--path", "/ns2", "--prefix", "own", "--keep");
    Map<String, Long> d = delta(before, nameNodeCounters());
    assertEquals(120, ops(r, "mkdir"));
    assertEquals(120, ops(r, "rmdir"));
    assertEquals(120, d.get("CreateFileOps"), d.toString());
    assertEquals(120, d.get("FilesRenamed"), d.toString());
    for (int t = 0; t < 4; t++) {
      assertEquals(30, cluster.getFileSystem().listStatus(new Path("/ns2/own/t" + t + "-moved")).length);
      assertEquals(0, cluster.getFileSystem().listStatus(new Path("/ns2/own/t" + t)).length);
      assertEquals(0, cluster.getFileSystem().listStatus(new Path("/ns2/own/d" + t)).length);
    }
  }
}
