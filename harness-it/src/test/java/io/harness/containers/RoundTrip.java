package io.harness.containers;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Path;
import org.apache.hadoop.fs.FileSystem;

/** dfsio through the harness's entry point: 4 x 16 MB written, then read back with --verify. */
final class RoundTrip {
  private RoundTrip() {}

  /** {@code target}: how the harness reaches the cluster ({@code -fs URI} or {@code -conf FILE}). */
  static void dfsioWriteThenVerifiedRead(String label, ClusterContainers cluster, String root, Path work,
      String... target) throws Exception {
    String[] common = Cli.concat(target, "--root", root, "-nrFiles", "4", "-fileSize", "16MB", "--run-dir",
        work.resolve("runs").toString(), "-resFile", work.resolve("res.log").toString());
    Run write = Cli.run(Cli.concat(new String[] {"dfsio", "-write"}, common));
    System.out.printf("CONTAINERS | %s dfsio -write 4 x 16MB | exit %d | %.1f s%n", label, write.code(),
        write.seconds());
    assertExit(write, 0);
    JsonNode result = Runs.latestResult(work.resolve("runs"));
    assertEquals(4L << 24, result.get("aggregate").get("bytes").asLong());
    // the run's cluster context reached the servers in their containers: versions known, none unknown
    JsonNode context = result.get("cluster");
    assertTrue(context.path("servers").size() > 0, "the servers' versions: " + context);
    for (JsonNode server : context.get("servers")) {
      assertTrue(server.path("version").asText().matches("\\d+\\.\\d+\\.\\d+.*"), context.toString());
    }
    context.path("unknown").fieldNames().forEachRemaining(f -> assertFalse(f.startsWith("servers"),
        "the servers' versions are known: " + context));
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      long onCluster = fs.getContentSummary(new org.apache.hadoop.fs.Path(root)).getLength();
      assertTrue(onCluster >= 4L << 24, "bytes under " + root + ": " + onCluster);
    }

    Run read = Cli.run(Cli.concat(new String[] {"dfsio", "-read", "--verify"}, common));
    System.out.printf("CONTAINERS | %s dfsio -read --verify | exit %d | %.1f s%n", label, read.code(),
        read.seconds());
    assertExit(read, 0);
    assertTrue(read.out().contains("Number of files: 4"), read.out());
    assertEquals(4L << 24, Runs.latestResult(work.resolve("runs")).get("aggregate").get("bytes").asLong());
  }
}
