package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.target.EmbeddedCluster;
import io.harness.core.target.MiniDfsProvider;
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

  @Test
  void embeddedHdfsFromTheShippedScript(@TempDir Path work) throws Exception {
    Cli.Run r = Cli.process(work, 300, "dfsio", "-write", "-nrFiles", "2", "-fileSize", "4MB",
        "--embedded", "hdfs:1");
    assertEquals(0, r.code(), r.all());
    assertTrue(r.out().contains("----- TestDFSIO ----- : write"), r.out());
    assertTrue(r.out().contains(" Total MBytes processed: 8"), r.out());
    assertTrue(r.err().contains("Started MiniDFSCluster, 1 datanode(s)"), r.err());
    assertTrue(Cli.lastResult(work.resolve("harness-runs")).get("targetDescription").asText()
        .contains("MiniDFSCluster"));
  }
}
