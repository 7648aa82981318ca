package io.harness.core.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class ClusterProbesTest {
  /**
   * A namenode that takes the connection and never answers: the run gets its context anyway, once the probes'
   * time is up, each server fact unknown with that reason.
   */
  @Test
  void aSilentNamenodeLeavesTheServersUnknownWithTheReason() throws Exception {
    try (ServerSocket silent = new ServerSocket(0)) {
      describeSilent(URI.create("hdfs://127.0.0.1:" + silent.getLocalPort()));
    }
  }

  private static void describeSilent(URI uri) throws Exception {
    Configuration conf = new Configuration();
    conf.set("dfs.client.retry.max.attempts", "10"); // hdfs-default.xml's own value: not a changed setting
    conf.set("dfs.client.socket-timeout", "33000");
    try (FileSystem fs = FileSystem.newInstance(uri, conf)) {
      ClusterContext c = ClusterProbes.describe(new ClusterProbe.Request(fs, uri, new Path(uri + "/bench"), conf,
          null));
      assertEquals("HDFS", c.system());
      assertEquals(uri + "/bench", c.root());
      for (String field : List.of("servers.namenode", "liveDatanodes", "hdfs.storagePolicy",
          "hdfs.erasureCodingPolicy", "blockSize")) {
        String why = c.unknown().get(field);
        assertEquals("IOException: cluster context: no answer within " + ClusterProbes.SECONDS + " s", why,
            field + ": " + c.unknown());
      }
      assertNull(c.servers());
      assertEquals(Map.of("io.file.buffer.size", "4096", "dfs.client.socket-timeout", "33000"), c.clientSettings());
      assertTrue(ContextLines.of(c).get(0).startsWith("cluster: HDFS"), ContextLines.of(c).toString());
      assertTrue(ContextLines.of(c).get(2).startsWith("cluster unknown: "),
          ContextLines.of(c).toString());
    }
  }

  /** A result file written before the context existed still reads, without one; one with it reads it back. */
  @Test
  void resultsWithAndWithoutTheContextRead() throws Exception {
    String old = "{\"workload\":\"dfsio\",\"operation\":\"write\",\"target\":\"file:///\",\"exitCode\":0}";
    assertNull(ResultWriter.mapper().readValue(old, RunResult.class).cluster());
    ClusterContext c = new ContextBuilder(ClusterContext.OZONE, "ofs://om/vol1/bucket1/d").server("om", "2.2.0")
        .datanodes(3, List.of("2.2.0")).ozone("chunkLayout", "FILE_PER_CHUNK").unknown("servers.scm", "HTTP 401")
        .build();
    String json = ResultWriter.mapper().writeValueAsString(c);
    assertEquals(ResultWriter.mapper().readTree("{\"system\":\"Ozone\",\"root\":\"ofs://om/vol1/bucket1/d\","
        + "\"servers\":[{\"role\":\"om\",\"version\":\"2.2.0\"}],\"liveDatanodes\":3,"
        + "\"datanodeVersions\":[\"2.2.0\"],\"ozone\":{\"chunkLayout\":\"FILE_PER_CHUNK\"},"
        + "\"unknown\":{\"servers.scm\":\"HTTP 401\"}}"),
        ResultWriter.mapper().readTree(json));
    assertEquals(c, ResultWriter.mapper().readValue(json, ClusterContext.class));
  }
}
