package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.MiniDfsProvider;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dfsio against one MiniDFSCluster shared by the tests of this class, plus one --embedded hdfs run. */
class DfsioHdfsIT {
  private static EmbeddedCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = new MiniDfsProvider().start(new Configuration(), 3);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void writeThenVerifiedRead(@TempDir Path work) throws Exception {
    assertEquals("hdfs", cluster.fileSystemUri().getScheme());
    DfsioChecks.writeThenVerifiedRead(cluster.configuration(), "/benchmarks/TestDFSIO", work, 4, 8L << 20);
  }

  /** freon dfsg with each sync mode: file count and sizes on the cluster. */
  @Test
  void dfsgCreatesTheFiles(@TempDir Path work) throws Exception {
    Path confFile = work.resolve("cluster-site.xml");
    try (var out = java.nio.file.Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
    try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(cluster.configuration())) {
      for (String sync : new String[] {"NONE", "HFLUSH", "HSYNC"}) {
        Run r = Cli.run("freon", "dfsg", "-n", "40", "-s", "64KB", "-t", "4", "--sync", sync,
            "--path", cluster.fileSystemUri() + "/freon", "-p", sync.toLowerCase(), "-conf", confFile.toString(),
            "--run-dir", work.resolve("runs").toString());
        assertEquals(0, r.code(), r.all());
        assertTrue(r.out().contains("Files written: 40 (0 failed)"), r.out());
        var files = fs.listStatus(new org.apache.hadoop.fs.Path("/freon/" + sync.toLowerCase()));
        assertEquals(40, files.length);
        for (var f : files) {
          assertEquals(64L << 10, f.getLen(), f.getPath().toString());
        }
      }
    }
  }

  @Test
  void embeddedHdfsFromTheShippedScript(@TempDir Path work) throws Exception {
    Run r = Cli.process(work, 300, "dfsio", "-write", "-nrFiles", "2", "-fileSize", "4MB",
        "--embedded", "hdfs:1");
    assertEquals(0, r.code(), r.all());
    assertTrue(r.out().contains("----- TestDFSIO ----- : write"), r.out());
    assertTrue(r.out().contains(" Total MBytes processed: 8"), r.out());
    assertTrue(r.err().contains("Started MiniDFSCluster, 1 datanode(s)"), r.err());
    // a newcomer's terminal has the harness's own lines only (the cluster's start, progress every 10 s): the
    // servers' logs are in the run's folder
    assertEquals(java.util.List.of(), r.err().lines()
        .filter(l -> !l.startsWith("Starting embedded hdfs") && !l.startsWith("dfsio write: ")
            && !l.startsWith("Started MiniDFSCluster")).toList(),
        r.err());
    com.fasterxml.jackson.databind.JsonNode j = Runs.latestResult(work.resolve("harness-runs"));
    assertTrue(j.get("targetDescription").asText().contains("MiniDFSCluster"));
    // the embedded namenode and its one datanode, as they say themselves
    String v = org.apache.hadoop.util.VersionInfo.getVersion();
    assertTrue(r.out().startsWith("cluster: HDFS, namenode " + v + ", 1 live datanode (" + v + ")"), r.out());
    assertEquals(1, j.get("cluster").get("liveDatanodes").asInt(), j.get("cluster").toString());
  }
}
