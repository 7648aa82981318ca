package io.harness.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A namenode and three datanodes in containers of their own; the harness writes and reads over hdfs://. */
class HdfsContainersIT {
  @TempDir
  static Path work;

  static HdfsContainers cluster;

  @BeforeAll
  static void start() throws Exception {
    Docker.requireOrSkip();
    cluster = HdfsContainers.start(work.resolve("cluster"), 3, ClusterImage.project(), Map.of(),
        Duration.ofMinutes(3));
    System.out.printf("CONTAINERS | hdfs, 3 datanodes | started in %.1f s%n", cluster.startSeconds());
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void dfsioWritesFourFilesAndAVerifiedReadFindsEveryByte() throws Exception {
    String[] common = {"-fs", cluster.uri().toString(), "--root", "/bench", "-nrFiles", "4", "-fileSize", "16MB",
        "--run-dir", work.resolve("runs").toString(), "-resFile", work.resolve("res.log").toString()};
    Cli.Run write = Cli.run(Cli.concat(new String[] {"dfsio", "-write"}, common));
    System.out.printf("CONTAINERS | hdfs dfsio -write 4 x 16MB | exit %d | %.1f s%n", write.code(), write.seconds());
    assertEquals(0, write.code(), write.all());
    JsonNode json = Cli.lastResult(work.resolve("runs"));
    assertEquals(4L << 24, json.get("aggregate").get("bytes").asLong());

    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      long onCluster = fs.getContentSummary(new org.apache.hadoop.fs.Path("/bench")).getLength();
      assertTrue(onCluster >= 4L << 24, "bytes under /bench: " + onCluster);
    }

    Cli.Run read = Cli.run(Cli.concat(new String[] {"dfsio", "-read", "--verify"}, common));
    System.out.printf("CONTAINERS | hdfs dfsio -read --verify | exit %d | %.1f s%n", read.code(), read.seconds());
    assertEquals(0, read.code(), read.all());
    assertTrue(read.out().contains("Number of files: 4"), read.out());
    assertEquals(4L << 24, Cli.lastResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }
}
