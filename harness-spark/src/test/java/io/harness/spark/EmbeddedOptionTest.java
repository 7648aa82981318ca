package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --embedded hdfs|ozone}: the command starts the cluster in its own JVM, Spark writes to it, the
 * rows are checked ({@code --verify}), and the cluster is stopped and its directory removed at the end.
 */
class EmbeddedOptionTest {
  private static final Pattern LOG = Pattern.compile("log: (\\S+)/cluster\\.log\\)");

  @TempDir
  Path tmp;

  private JsonNode run(String embedded, String expectedCluster) throws IOException {
    Path runs = tmp.resolve("runs");
    io.harness.testkit.Run r = io.harness.testkit.Cli.run("spark", "generate", "spark/embedded", "--records", "500", "--iteration", "2",
        "--record-size", "512", "--seed", "5", "--verify", "--embedded", embedded, "--run-dir", runs.toString());
    assertEquals(0, r.code(), r.toString());
    assertTrue(r.err().contains("Started " + expectedCluster + ", 1 datanode(s)"), r.err());
    assertTrue(r.out().contains("spark count --verify: 1000 rows, 1000 distinct ids (0 .. 999), payloads 512 .. 512 "
        + "bytes, 0 differ from the generator's"), r.out());
    assertTrue(r.out().contains("spark count --verify: OK"), r.out());
    Matcher m = LOG.matcher(r.err());
    assertTrue(m.find(), r.err());
    assertFalse(Files.exists(Path.of(m.group(1))), "the cluster's directory is removed: " + m.group(1));
    try (Stream<Path> s = Files.list(runs)) {
      Path dir = s.findFirst().orElseThrow();
      return ResultWriter.mapper().readTree(dir.resolve("result.json").toFile());
    }
  }

  @Test
  void embeddedHdfs() throws IOException {
    JsonNode json = run("hdfs:1", "MiniDFSCluster");
    assertTrue(json.get("targetDescription").asText().startsWith("embedded MiniDFSCluster"), json.toString());
    assertTrue(json.get("root").asText().matches("hdfs://[^/]+/user/[^/]+/spark/embedded"), json.get("root").asText());
    assertEquals(1000, json.at("/figures/verify/rows").asLong());
    assertEquals(0, json.at("/figures/verify/badPayloads").asLong());
  }

  @Test
  void embeddedOzone() throws IOException {
    JsonNode json = run("ozone:1", "MiniOzoneCluster");
    assertTrue(json.get("targetDescription").asText().startsWith("embedded MiniOzoneCluster"), json.toString());
    assertTrue(json.get("root").asText().matches("ofs://[^/]+/vol1/bucket1/spark/embedded"), json.get("root").asText());
    assertEquals(1000, json.at("/figures/verify/distinctIds").asLong());
  }
}
