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
    String[] common = {"-conf", cluster.configurationFile().toString(), "--root", cluster.rootPrefix() + "/bench", "-nrFiles", "4", "-fileSize", "16MB",
        "--run-dir", work.resolve("runs").toString(), "-resFile", work.resolve("res.log").toString()};
    Cli.Run write = Cli.run(Cli.concat(new String[] {"dfsio", "-write"}, common));
    System.out.printf("CONTAINERS | ozone dfsio -write 4 x 16MB | exit %d | %.1f s%n", write.code(), write.seconds());
    assertEquals(0, write.code(), write.all());
    JsonNode json = Cli.lastResult(work.resolve("runs"));
    assertEquals(4L << 24, json.get("aggregate").get("bytes").asLong());

    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      long onCluster = fs.getContentSummary(new org.apache.hadoop.fs.Path(cluster.rootPrefix() + "/bench")).getLength();
      assertTrue(onCluster >= 4L << 24, "bytes under /bench: " + onCluster);
    }

    Cli.Run read = Cli.run(Cli.concat(new String[] {"dfsio", "-read", "--verify"}, common));
    System.out.printf("CONTAINERS | ozone dfsio -read --verify | exit %d | %.1f s%n", read.code(), read.seconds());
    assertEquals(0, read.code(), read.all());
    assertTrue(read.out().contains("Number of files: 4"), read.out());
    assertEquals(4L << 24, Cli.lastResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }
}
