package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.FileTree;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/harness cluster}: a cluster that outlives the commands run against it. The command lines it prints
 * (the README's) run against it through {@code -conf FILE}: a write read back and verified, teragen's rows
 * validated; then a signal stops it, and its data folder and client file are removed, or kept with --keep-data.
 */
class ClusterCommandIT {
  /** A hang guard for a cluster's start (MiniOzoneCluster takes ~20 s here), not a speed check. */
  private static final long START_LIMIT_SECONDS = 300;
  private static final long COMMAND_LIMIT_SECONDS = 300;

  @TempDir
  Path work;

  /** The lines the README shows, for a client file {@code conf} and a cluster whose paths start {@code prefix}. */
  private static List<String> readmeLines(Path conf, String prefix) {
    String root = prefix.isEmpty() ? "" : " --root " + prefix + "/dfsio";
    return List.of(
        "harness dfsio -write -nrFiles 2 -fileSize 8MB" + root + " -conf " + conf,
        "harness dfsio -read --verify -nrFiles 2 -fileSize 8MB" + root + " -conf " + conf,
        "harness teragen 10000 " + prefix + "/teragen -conf " + conf,
        "harness teravalidate " + prefix + "/teragen --checksum-only --expect-rows 10000 -conf " + conf);
  }

  /** Runs one printed line with the shipped bin/harness in the work folder; returns its result.json. */
  private JsonNode run(String line, String uri) throws Exception {
    List<String> words = Arrays.asList(line.split(" "));
    assertEquals("harness", words.get(0), line);
    Run r = Cli.process(work, COMMAND_LIMIT_SECONDS, words.subList(1, words.size()).toArray(new String[0]));
    System.out.printf("CLUSTER | %s | exit %d%n", line, r.code());
    assertExit(r, 0);
    assertNoStackTrace(r);
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(0, json.get("exitCode").asInt(), line);
    assertTrue(json.get("target").asText().startsWith(uri), "ran on " + json.get("target") + ", not " + uri);
    return json;
  }

  /** Write, read --verify, teragen, teravalidate, as printed: bytes read = bytes written, rows and checksum. */
  private void runTheFourLines(ClusterProcess c, Path conf, String prefix) throws Exception {
    List<String> lines = c.nextCommands();
    assertEquals(readmeLines(conf, prefix), lines, c.output());
    String uri = c.uri();
    JsonNode write = run(lines.get(0), uri);
    assertEquals(2L * 8 * 1024 * 1024, write.get("aggregate").get("bytes").asLong());
    assertEquals(0, write.get("aggregate").get("failedTasks").asInt());
    JsonNode read = run(lines.get(1), uri);
    assertEquals(write.get("aggregate").get("bytes").asLong(), read.get("aggregate").get("bytes").asLong());
    assertEquals(0, read.get("aggregate").get("failedTasks").asInt());
    JsonNode gen = run(lines.get(2), uri);
    assertEquals(10000, gen.get("figures").get("rows").asLong());
    JsonNode validate = run(lines.get(3), uri);
    assertEquals(10000, validate.get("figures").get("rows").asLong());
    assertEquals(gen.get("figures").get("checksum").asText(), validate.get("figures").get("checksum").asText());
    assertEquals(1_000_000, validate.get("figures").get("bytes").asLong());
  }

  private static Path dataFolder(ClusterProcess c) throws IOException {
    return Path.of(c.line("  data:   ").substring("  data:   ".length()).replaceFirst(" \\(.*", ""));
  }

  @Test
  void hdfsClusterOutlivesEachCommandAndIsRemovedOnSigterm() throws Exception {
    Path conf = work.resolve("conf/hc.xml"); // its folder is made too
    try (ClusterProcess c = ClusterProcess.start(work, "hdfs:1", "--write-config", conf.toString())) {
      c.awaitFile(conf, START_LIMIT_SECONDS);
      Path data = dataFolder(c);
      assertEquals(work, data.getParent(), "the default data folder is in the current directory");
      assertTrue(data.getFileName().toString().startsWith("harness-cluster-hdfs-"), data.toString());
      assertTrue(Files.isRegularFile(data.resolve("harness-cluster.properties")), data.toString());
      runTheFourLines(c, conf, "");
      assertTrue(c.alive(), c.output());

      int code = c.signal("TERM");
      System.out.printf("CLUSTER | hdfs:1 SIGTERM | exit %d%n%s", code, c.output());
      assertEquals(143, code, c.output());
      assertFalse(c.alive());
      assertFalse(Files.exists(data), "data folder removed: " + data);
      assertFalse(Files.exists(conf), "client file removed: " + conf);
      assertTrue(c.stdout().contains("cluster: stopped; data removed: " + data + ", client file removed: " + conf),
          c.output());
      assertTrue(c.stderr().contains("harness: SIGTERM: stopping the cluster"), c.output());
      assertFalse(c.stderr().contains("\tat "), c.output());
    }
  }

  @Test
  void keepDataKeepsTheFolderTheBlocksAndTheClientFile() throws Exception {
    Path conf = work.resolve("hc.xml");
    Path data = work.resolve("kept/cluster");
    try (ClusterProcess c = ClusterProcess.start(work, "hdfs:1", "--write-config", conf.toString(), "--data",
        data.toString(), "--keep-data")) {
      c.awaitFile(conf, START_LIMIT_SECONDS);
      assertEquals(data, dataFolder(c));
      run(c.nextCommands().get(0), c.uri());

      int code = c.signal("INT");
      System.out.printf("CLUSTER | hdfs:1 --keep-data SIGINT | exit %d%n", code);
      assertEquals(130, code, c.output());
      assertTrue(c.stdout().contains("cluster: stopped; data kept in " + data + ", client file kept: " + conf),
          c.output());
    }
    assertTrue(Files.isRegularFile(conf));
    for (String kept : new String[] {"harness-cluster.properties", "client-site.xml", "cluster.log"}) {
      assertTrue(Files.isRegularFile(data.resolve(kept)), kept);
    }
    long blockBytes;
    try (Stream<Path> s = Files.walk(data.resolve("hdfs"))) {
      blockBytes = s.filter(p -> p.getFileName().toString().matches("blk_\\d+")).mapToLong(p -> p.toFile().length())
          .sum();
    }
    // the two 8 MB files, and the write's part file (io_write/part-00000)
    assertTrue(blockBytes > 2L * 8 * 1024 * 1024 && blockBytes < 2L * 8 * 1024 * 1024 + (1 << 20),
        "the written files' blocks are kept: " + blockBytes + " bytes");

    // the kept folder is an earlier cluster's: a new cluster does not start there
    BadInput.expect(work, "--data: " + data + " holds the data of an earlier harness cluster", "cluster", "hdfs:1",
        "--data", data.toString());
  }

  @Test
  void badInputExitsTwoBeforeAnythingStarts() throws Exception {
    Files.writeString(work.resolve("a-file"), "x");
    Files.createDirectories(work.resolve("full"));
    Files.writeString(work.resolve("full/mine.txt"), "x");
    Files.writeString(work.resolve("core-site.xml"), "<configuration/>");
    BadInput.expect(work, "KIND[:N]: unknown cluster kind 'hfds'", "cluster", "hfds:1");
    BadInput.expect(work, "KIND[:N]: datanode count must be between 1 and 16, was 0", "cluster", "hdfs:0");
    BadInput.expect(work, "--write-config: cannot create the folder " + work.resolve("a-file/sub"), "cluster", "hdfs:1",
        "--write-config", work.resolve("a-file/sub/hc.xml").toString());
    BadInput.expect(work, "--write-config: " + work.resolve("core-site.xml") + " exists and is not a harness cluster's",
        "cluster", "hdfs:1", "--write-config", work.resolve("core-site.xml").toString());
    BadInput.expect(work, "--data: " + work.resolve("full") + " is not empty and not a harness cluster's", "cluster",
        "hdfs:1", "--data", work.resolve("full").toString());
    // permissions do not tell a virtual file system: checked by creating, as every local output is
    BadInput.expect(work, "--write-config: cannot create /proc/hc.xml", "cluster", "hdfs:1", "--write-config",
        "/proc/hc.xml");
    BadInput.expect(work, "--data: cannot create /proc/hc-data", "cluster", "hdfs:1", "--data", "/proc/hc-data");
    // the client file in the data folder (or that folder itself) is the cluster's to fill and remove
    BadInput.expect(work, "--write-config: " + work.resolve("dd/cluster.log") + " is in the cluster's data folder",
        "cluster", "hdfs:1", "--data", work.resolve("dd").toString(), "--write-config",
        work.resolve("dd/cluster.log").toString());
    BadInput.expect(work, "--write-config: " + work.resolve("hc.xml") + " is in the cluster's data folder", "cluster",
        "hdfs:1", "--data", work.resolve("hc.xml").toString(), "--write-config", work.resolve("hc.xml").toString());
  }

  /**
   * A -D setting Hadoop cannot read is found only when the servers start: bad input naming the key (it was "could not
   * start", exit 1, with Hadoop's bare NumberFormatException), and nothing stays, --keep-data or not.
   */
  @Test
  void aServerSettingHadoopCannotReadIsBadInput() throws Exception {
    FileTree before = FileTree.of(work);
    Run number = Cli.process(work, 120, "cluster", "hdfs:1", "--keep-data", "-D", "dfs.namenode.handler.count=abc");
    assertUsageError(number, "-D dfs.namenode.handler.count: 'abc' is not a number");
    Run size = Cli.process(work, 120, "cluster", "hdfs:1", "-D", "dfs.blocksize=xyz");
    assertUsageError(size, "-D dfs.blocksize: 'xyz' is not a size");
    before.assertUnchanged("a cluster that never started leaves nothing");
  }

  @Test
  void ozoneClusterOutlivesEachCommandAndIsRemovedOnSigterm() throws Exception {
    Path conf = work.resolve("oc.xml");
    try (ClusterProcess c = ClusterProcess.start(work, "ozone:1", "--write-config", conf.toString())) {
      c.awaitFile(conf, START_LIMIT_SECONDS);
      Path data = dataFolder(c);
      runTheFourLines(c, conf, "/vol1/bucket1");

      int code = c.signal("TERM");
      System.out.printf("CLUSTER | ozone:1 SIGTERM | exit %d%n", code);
      assertEquals(143, code, c.output());
      // removed for good: the OM's exit hook, which writes its metrics file into the folder, ran before
      assertFalse(Files.exists(data), "data folder removed: " + data + "\n" + c.output());
      assertFalse(Files.exists(conf));
      assertFalse(c.stderr().contains("\tat "), c.output());
    }
  }

  /** Exit 2, one line on stderr, and the work folder as it was. */
  static final class BadInput {
    private BadInput() {}

    static void expect(Path work, String expected, String... args) throws Exception {
      FileTree before = FileTree.of(work);
      Run r = Cli.process(work, 120, args);
      assertUsageError(r, expected);
      assertEquals("", r.out());
      before.assertUnchanged("nothing may be created or deleted by: " + String.join(" ", args));
    }
  }
}
