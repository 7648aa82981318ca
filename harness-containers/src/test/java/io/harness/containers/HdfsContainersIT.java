package io.harness.containers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
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
    RoundTrip.dfsioWriteThenVerifiedRead("hdfs", cluster, "/bench", work, "-fs", cluster.uri().toString());
  }
}
