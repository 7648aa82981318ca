package io.harness.containers;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
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
    RoundTrip.dfsioWriteThenVerifiedRead("hdfs", cluster, "/bench", work, "-conf",
        cluster.configurationFile().toString());
  }

  /**
   * {@code dfsio -clean} deletes a run root only when it holds nothing but dfsio's own entries: a root with a
   * foreign file is refused (exit 2, one line naming the option and the file) and left as it was; once the file
   * is gone the root is deleted, and a file beside the root is not touched.
   */
  @Test
  void cleanDeletesNothingButADfsioRoot() throws Exception {
    String fsUri = cluster.uri().toString();
    String[] common = {"-fs", fsUri, "--root", "/keep", "--run-dir", work.resolve("clean-runs").toString(),
        "-resFile", work.resolve("clean.log").toString()};
    assertExit(Cli.run(Cli.concat(new String[] {"dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB"}, common)), 0);
    org.apache.hadoop.fs.Path foreign = new org.apache.hadoop.fs.Path("/keep/notes.txt");
    org.apache.hadoop.fs.Path beside = new org.apache.hadoop.fs.Path("/keep-notes.txt");
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      write(fs, foreign, "not dfsio's");
      write(fs, beside, "beside the root");

      Run refused = Cli.run(Cli.concat(new String[] {"dfsio", "-clean"}, common));
      assertUsageError(refused, "-clean");
      assertEquals(1, refused.err().lines().count(), refused.err());
      assertTrue(refused.err().contains("-clean") && refused.err().contains("notes.txt")
          && refused.err().contains("nothing deleted"), refused.err());
      assertEquals("not dfsio's", read(fs, foreign));
      assertEquals(2, fs.listStatus(new org.apache.hadoop.fs.Path("/keep/io_data")).length, "dfsio's files kept too");

      fs.delete(foreign, false);
      Run clean = Cli.run(Cli.concat(new String[] {"dfsio", "-clean"}, common));
      assertExit(clean, 0);
      assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/keep")), clean.out());
      assertEquals("beside the root", read(fs, beside));
    }
  }

  private static void write(FileSystem fs, org.apache.hadoop.fs.Path p, String text) throws IOException {
    try (FSDataOutputStream out = fs.create(p)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static String read(FileSystem fs, org.apache.hadoop.fs.Path p) throws IOException {
    try (FSDataInputStream in = fs.open(p)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
