package io.harness.containers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SCM, OM and three datanodes in containers of their own; the harness writes and reads over ofs://. */
class OzoneContainersIT {
  @TempDir
  static Path work;

  static OzoneContainers cluster;

  @BeforeAll
  static void start() throws Exception {
    Docker.requireOrSkip();
    cluster = OzoneContainers.start(work.resolve("cluster"), 3, ClusterImage.project(), Map.of(),
        Duration.ofMinutes(3));
    System.out.printf("CONTAINERS | ozone, 3 datanodes | started in %.1f s%n", cluster.startSeconds());
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void dfsioWritesFourFilesAndAVerifiedReadFindsEveryByte() throws Exception {
    RoundTrip.dfsioWriteThenVerifiedRead("ozone", cluster, cluster.rootPrefix() + "/bench", work, "-conf",
        cluster.configurationFile().toString());
  }
}
