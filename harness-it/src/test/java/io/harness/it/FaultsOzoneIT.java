package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.ozone.HddsDatanodeService;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run does when one datanode of a 3-datanode Ozone cluster goes away under it: the MiniOzoneCluster
 * shuts the datanode down once a dfsio write's chunks are on the datanodes' disks (then a verified read, and the
 * files read here byte for byte), and once a dfsg run has closed 10 of its files.
 */
@org.junit.jupiter.api.Tag("slow-fault")
class FaultsOzoneIT {
  @TempDir
  Path work;

  private EmbeddedCluster cluster;
  private MiniOzoneCluster mini;
  private Path confFile;

  @BeforeEach
  void startCluster() throws Exception {
    // With a follower gone, every block's last watch for commit waits for the servers' watch timeout
    // (30 s by default) before the client settles for a majority: 2 s keeps the test short (each file
    // written after the fault waits it at least once); the behaviour is the same.
    Configuration conf = new Configuration();
    conf.set("hdds.ratis.raft.server.watch.timeout", "2s");
    cluster = new MiniOzoneProvider().start(conf, 3);
    mini = MiniOzoneProvider.miniCluster(cluster);
    confFile = work.resolve("cluster-site.xml");
    try (var out = Files.newOutputStream(confFile)) {
      cluster.configuration().writeXml(out);
    }
  }

  @AfterEach
  void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static void report(String name, Background b, Run r) {
    System.out.printf("FAULT | %s | exit %d | %d stderr line(s) | %.1f s%n", name, r.code(),
        r.err().lines().count(), b.seconds());
    System.out.println("--- stdout\n" + r.out() + "--- stderr\n" + r.err() + "---");
  }

  /** Bytes in the datanodes' data directories (every replica's chunk files). */
  private long onDisk() throws IOException {
    long sum = 0;
    for (HddsDatanodeService dn : mini.getHddsDatanodes()) {
      for (String dir : dn.getConf().getTrimmedStrings("hdds.datanode.dir")) {
        Path root = Path.of(dir.startsWith("file:") ? java.net.URI.create(dir).getPath() : dir);
        if (!Files.exists(root)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(root)) {
          sum += files.mapToLong(f -> {
            try {
              return Files.isRegularFile(f) ? Files.size(f) : 0;
            } catch (IOException gone) {
              return 0;
            }
          }).sum();
        } catch (java.io.UncheckedIOException racing) {
          // a file went away while walking: count again
        }
      }
    }
    return sum;
  }

  /** Waits until the datanodes hold {@code bytes} more than {@code base}: the write is under way (and not over). */
  private void awaitOnDisk(Background b, long base, long bytes) throws Exception {
    while (b.running() && onDisk() - base < bytes) {
      Thread.sleep(100);
    }
    assertTrue(b.running(), "the run ended before the fault:\n" + b.out() + b.err());
  }

  /** The files under {@code dir} that hold {@code length} bytes, by name. */
  private Set<String> whole(String dir, long length) throws IOException {
    Set<String> names = new TreeSet<>();
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), cluster.configuration())) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(dir);
      if (fs.exists(p)) {
        for (FileStatus f : fs.listStatus(p)) {
          if (f.getLen() == length) {
            names.add(f.getPath().getName());
          }
        }
      }
    }
    return names;
  }

  @Test
  void oneDatanodeShutDownDuringADfsioWrite() throws Exception {
    String root = cluster.rootPrefix() + "/bench";
    long fileSize = 96L << 20;
    String[] common = {"-conf", confFile.toString(), "--root", root, "-nrFiles", "4", "-fileSize", "96MB",
        "-bufferSize", "65536", "--seed", "4242", "--run-dir", work.resolve("runs").toString(), "-resFile",
        work.resolve("res.log").toString()};
    long base = onDisk();
    Background b = Background.start(Cli.concat(new String[] {"dfsio", "-write"}, common));
    // the fault once the datanodes hold 3 x 64 MB of the 3 x 384 MB the write makes
    awaitOnDisk(b, base, 3L * 64 << 20);
    mini.shutdownHddsDatanode(0);
    Run r = b.await(900);
    report("ozone dfsio -write, 1 of 3 datanodes shut down", b, r);
    assertFalse(r.all().contains("Self-suppression"), r.all());
    assertNoStackTrace(r);
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    // Ozone finishes the write on the two datanodes left (after its Ratis timeouts, when the leader was
    // the datanode that went: the progress lines then name the tasks waiting in write or close)
    assertExit(r, 0);
    assertEquals(0, json.get("exitCode").asInt());
    assertEquals(4 * fileSize, json.at("/aggregate/bytes").asLong(), json.get("aggregate").toString());
    assertEquals(0, json.get("failedTasks").size(), json.get("failedTasks").toString());

    Run read = Cli.run(Cli.concat(new String[] {"dfsio", "-read", "--verify"}, common));
    assertExit(read, 0);
    JsonNode readJson = Runs.latestResult(work.resolve("runs"));
    assertEquals("read", readJson.get("operation").asText(), readJson.toString());
    assertEquals(0, readJson.get("exitCode").asInt());
    assertEquals(4 * fileSize, readJson.at("/aggregate/bytes").asLong());
    Set<String> read4 = new TreeSet<>();
    for (JsonNode t : readJson.get("tasks")) {
      assertTrue(t.get("error").isNull(), t.toString());
      assertEquals(fileSize, t.get("bytes").asLong(), t.toString());
      read4.add(t.get("name").asText());
    }
    assertEquals(Set.of("test_io_0", "test_io_1", "test_io_2", "test_io_3"), read4);
    // and the bytes themselves, read here and compared with the seeded data dfsio writes (seed 4242, stream i)
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), cluster.configuration())) {
      for (int i = 0; i < 4; i++) {
        SeededContent.assertFile(fs, new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i), 4242, i, fileSize);
      }
    }
  }

  @Test
  void oneDatanodeShutDownDuringDfsg() throws Exception {
    String dir = cluster.rootPrefix() + "/freon/run";
    Background b = Background.start("freon", "dfsg", "-conf", confFile.toString(), "--path",
        cluster.rootPrefix() + "/freon", "-p", "run", "-n", "60", "-s", "1MB", "-t", "4", "-f",
        "--run-dir", work.resolve("runs").toString());
    // the fault once 10 of the 60 files are closed (a key is listed only then), while the run goes on
    int before = 0;
    while (b.running() && (before = whole(dir, 1L << 20).size()) < 10) {
      Thread.sleep(100);
    }
    assertTrue(b.running(), "the run ended before the fault:\n" + b.out() + b.err());
    mini.shutdownHddsDatanode(0);
    Run r = b.await(900);
    report("ozone freon dfsg -f, 1 of 3 datanodes shut down after " + before + " files", b, r);
    assertFalse(r.all().contains("Self-suppression"), r.all());
    assertNoStackTrace(r);
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    assertEquals(r.code(), json.get("exitCode").asInt());
    long ok = json.get("figures").get("files").asLong();
    long bad = json.get("figures").get("failedFiles").asLong();
    assertEquals(60, ok + bad, json.get("figures").toString());
    assertTrue(before < 60, "the fault came while the files were written: " + before + " of 60 closed");
    // as with dfsio: Ozone finishes every file on the two datanodes left
    assertExit(r, 0);
    assertEquals(0, bad, json.get("figures").toString());
    assertEquals(ok << 20, json.get("aggregate").get("bytes").asLong());
    assertTrue(r.out().contains("Files written: " + ok + " (" + bad + " failed)"), r.out());
    // exactly the files the run counts are whole on the cluster
    Set<String> failed = new TreeSet<>();
    for (JsonNode f : json.get("figures").get("failed")) {
      String line = f.asText();
      failed.add(line.substring(line.lastIndexOf('/', line.indexOf(": ")) + 1, line.indexOf(": ")));
    }
    Set<String> counted = whole(dir, 1L << 20);
    counted.removeAll(failed);
    assertEquals(ok, counted.size(), "whole files on the cluster that the run did not name as failed");
  }
}
