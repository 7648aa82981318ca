package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.target.EmbeddedCluster;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run does when one datanode of a 3-datanode Ozone cluster goes away under it: the MiniOzoneCluster
 * shuts the datanode down a few seconds into a dfsio write (then a verified read) and into a dfsg run.
 */
class FaultsOzoneIT {
  @TempDir
  Path work;

  private EmbeddedCluster cluster;
  private MiniOzoneCluster mini;
  private Path confFile;

  @BeforeEach
  void startCluster() throws Exception {
    // With a follower gone, every block's last watch for commit waits for the servers' watch timeout
    // (30 s by default) before the client settles for a majority: 5 s keeps the test short; the
    // behaviour is the same.
    Configuration conf = new Configuration();
    conf.set("hdds.ratis.raft.server.watch.timeout", "5s");
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

  private static void report(String name, Background b, Cli.Run r) {
    System.out.printf("FAULT | %s | exit %d | %d stderr line(s) | %.1f s%n", name, r.code(),
        r.err().lines().count(), b.seconds());
    System.out.println("--- stdout\n" + r.out() + "--- stderr\n" + r.err() + "---");
  }

  @Test
  void oneDatanodeShutDownDuringADfsioWrite() throws Exception {
    String root = cluster.rootPrefix() + "/bench";
    String[] common = {"-conf", confFile.toString(), "--root", root, "-nrFiles", "4", "-fileSize", "96MB",
        "-bufferSize", "65536", "--run-dir", work.resolve("runs").toString(), "-resFile",
        work.resolve("res.log").toString()};
    Background b = Background.start(concat(new String[] {"dfsio", "-write"}, common))
        .awaitOutput("dfsio write: 4 file(s)", 120);
    Thread.sleep(2000);
    mini.shutdownHddsDatanode(0);
    Cli.Run r = b.await(900);
    report("ozone dfsio -write, 1 of 3 datanodes shut down", b, r);
    assertFalse(r.all().contains("Self-suppression"), r.all());
    assertFalse(r.err().contains("\tat "), r.err());
    JsonNode json = Cli.lastResult(work.resolve("runs"));
    assertEquals(r.code(), json.get("exitCode").asInt());
    assertTrue(r.out().contains("----- harness ----- : write"), r.out());
    // Ozone finishes the write on the two datanodes left (after its Ratis timeouts, when the leader was
    // the datanode that went: the progress lines then name the tasks waiting in write or close)
    assertEquals(0, r.code(), r.all());

    Cli.Run read = Cli.inProcess(concat(new String[] {"dfsio", "-read", "--verify"}, common));
    assertEquals(0, read.code(), read.all());
    assertTrue(read.out().contains("Number of files: 4"), read.out());
  }

  @Test
  void oneDatanodeShutDownDuringDfsg() throws Exception {
    Background b = Background.start("freon", "dfsg", "-conf", confFile.toString(), "--path",
        cluster.rootPrefix() + "/freon", "-p", "run", "-n", "60", "-s", "1MB", "-t", "4", "-f",
        "--run-dir", work.resolve("runs").toString()).awaitOutput("freon dfsg:", 120);
    Thread.sleep(500);
    mini.shutdownHddsDatanode(0);
    Cli.Run r = b.await(900);
    report("ozone freon dfsg -f, 1 of 3 datanodes shut down", b, r);
    assertFalse(r.all().contains("Self-suppression"), r.all());
    assertFalse(r.err().contains("\tat "), r.err());
    JsonNode json = Cli.lastResult(work.resolve("runs"));
    assertEquals(r.code(), json.get("exitCode").asInt());
    long ok = json.get("figures").get("files").asLong();
    long bad = json.get("figures").get("failedFiles").asLong();
    assertEquals(60, ok + bad, json.get("figures").toString());
    assertTrue(b.seconds() > 10, "the fault came while the files were written: " + b.seconds() + " s");
    assertEquals(bad == 0 ? 0 : 1, r.code(), r.all());
    assertEquals(ok << 20, json.get("aggregate").get("bytes").asLong());
    assertTrue(r.out().contains("Files written: " + ok + " (" + bad + " failed)"), r.out());
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
