package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static io.harness.testkit.RunAssertions.assertResultCountsSucceededTasks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNodeFaultInjector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run does when the HDFS it writes to fails under it: datanodes stopped (one, then two of three),
 * the namenode shut down, every datanode frozen. Each test has a 3-datanode MiniDFSCluster of its own and
 * starts a harness run against it through {@code Harness.run}, then hurts the cluster a few seconds in.
 * The run must tell the truth: the real failure reasons, the figures printed and saved (the JSON's exit
 * code is the run's), the part file last and only a warning when the target cannot take it, progress
 * while it waits, and {@code --task-timeout} ending a task stuck in one call.
 */
@org.junit.jupiter.api.Tag("slow-fault")
class FaultsHdfsIT {
  /** A file of this size takes seconds to write here, so a fault lands in the middle. */
  static final String FILE_SIZE = "192MB";

  @TempDir
  Path work;

  private MiniDFSCluster cluster;
  private String fsUri;

  @BeforeEach
  void startCluster() throws Exception {
    Configuration conf = new Configuration();
    cluster = new MiniDFSCluster.Builder(conf, work.resolve("dfs").toFile()).numDataNodes(3).build();
    cluster.waitActive();
    fsUri = cluster.getURI().toString();
  }

  @AfterEach
  void stopCluster() throws Exception {
    DataNodeFaultInjector.set(new DataNodeFaultInjector());
    if (cluster != null) {
      // datanodes whose namenode is gone keep retrying it, and their shutdown waits minutes for that
      if (!cluster.isNameNodeUp(0)) {
        cluster.restartNameNode(0, false);
      }
      cluster.shutdown(true);
    }
  }

  /**
   * Paces the datanodes (2 ms per packet, as a slower disk would) and returns a latch that opens once they
   * have taken {@code packets} packets: a fault injected then lands in the middle of the run on any machine,
   * fast or slow, where a fixed sleep would miss a write that is already over.
   */
  private static CountDownLatch paced(int packets) {
    CountDownLatch started = new CountDownLatch(1);
    AtomicInteger seen = new AtomicInteger();
    DataNodeFaultInjector.set(new DataNodeFaultInjector() {
      @Override
      public void delayWriteToDisk() {
        if (seen.incrementAndGet() >= packets) {
          started.countDown();
        }
        try {
          Thread.sleep(2);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    return started;
  }

  /** Starts a dfsio run and waits until the datanodes have taken a few packets of it. */
  private Background dfsioUnderWay(String... more) throws Exception {
    CountDownLatch started = paced(400);
    Background b = Background.start(dfsio(more));
    assertTrue(started.await(120, TimeUnit.SECONDS), "the write never reached the datanodes");
    return b;
  }

  private String[] dfsio(String... more) {
    String[] base = {"dfsio", "-fs", fsUri, "--root", "/bench", "-nrFiles", "4", "-fileSize", FILE_SIZE,
        "-bufferSize", "65536", "--run-dir", work.resolve("runs").toString(), "-resFile",
        work.resolve("res.log").toString()};
    return Cli.concat(base, more);
  }

  /** The checks every faulted run must pass: the truth on the terminal and in the JSON. */
  /** One line for the table of faults, and what the run printed. */
  private static void report(String name, Background b, Run r) {
    System.out.printf("FAULT | %s | exit %d | %d stderr line(s) | %.1f s%n", name, r.code(),
        r.err().lines().count(), b.seconds());
    System.out.println("--- stdout\n" + r.out() + "--- stderr\n" + r.err() + "---");
  }

  private JsonNode assertTruthful(String name, Background b, Run r, String operation) throws Exception {
    report(name, b, r);
    assertFalse(r.all().contains("Self-suppression"), r.all());
    assertNoStackTrace(r);
    assertTrue(r.out().contains("----- harness ----- : " + operation), r.out());
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    assertResultCountsSucceededTasks(r, json);
    return json;
  }

  @Test
  void oneDatanodeStoppedTheWriteRecoversAndAVerifiedReadFindsEveryByte() throws Exception {
    Background b = dfsioUnderWay("-write");
    cluster.stopDataNode(0);
    Run r = b.await(600);
    JsonNode json = assertTruthful("dfsio -write, 1 of 3 datanodes stopped", b, r, "write");
    assertExit(r, 0);
    assertEquals(4, json.get("tasks").size());
    assertTrue(json.get("figures").get("partFile").get("written").asBoolean());

    Run read = Cli.run(dfsio("-read", "--verify"));
    assertExit(read, 0);
    assertTrue(read.out().contains("Number of files: 4"), read.out());
  }

  @Test
  void twoDatanodesStoppedTheRunNamesTheRealReasonAndKeepsItsFigures() throws Exception {
    Background b = dfsioUnderWay("-write");
    cluster.stopDataNode(0);
    cluster.stopDataNode(0);
    Run r = b.await(600);
    JsonNode json = assertTruthful("dfsio -write, 2 of 3 datanodes stopped", b, r, "write");
    assertExit(r, 1);
    assertTrue(r.err().contains("task(s) failed:"), r.err());
    int failed = json.get("failedTasks").size();
    assertTrue(failed > 0, json.toString());
    for (JsonNode t : json.get("tasks")) {
      if (!t.get("error").isNull()) {
        String error = t.get("error").asText();
        assertTrue(error.startsWith("java.io.IOException"), error);
        // one line per distinct reason on the terminal, with its count
        assertTrue(r.err().contains("x " + error.substring(0, Math.min(60, error.length()))), r.err());
      }
    }
  }

  @Test
  void namenodeShutDownTheFiguresAreSavedAndTheMissingPartFileIsAWarning() throws Exception {
    Background b = dfsioUnderWay("-write");
    cluster.shutdownNameNode(0);
    Run r = b.await(600);
    JsonNode json = assertTruthful("dfsio -write, namenode shut down", b, r, "write");
    assertExit(r, 1);
    JsonNode part = json.get("figures").get("partFile");
    assertFalse(part.get("written").asBoolean(), part.toString());
    assertTrue(part.get("error").asText().length() > 0, part.toString());
    assertEquals(1, r.err().lines().filter(l -> l.startsWith("dfsio: warning: the part file")).count(), r.err());
    assertTrue(Files.readString(work.resolve("res.log")).contains("----- TestDFSIO ----- : write")
        || json.get("failedTasks").size() == 4, "the result block is appended locally");
  }

  /** Starts freon dfsg -f with 4 threads, and once the datanodes have its first packets hurts the cluster. */
  private Background dfsgWithFault(String files, String size, Runnable fault) throws Exception {
    CountDownLatch started = paced(400);
    Background b = Background.start("freon", "dfsg", "-fs", fsUri, "--path", "/freon", "-p", "run", "-n", files,
        "-s", size, "-t", "4", "-f", "--run-dir", work.resolve("runs").toString());
    assertTrue(started.await(120, TimeUnit.SECONDS), "the files never reached the datanodes");
    fault.run();
    return b;
  }

  /**
   * HDFS goes on with one datanode of three (each new block is tried on the dead ones first): the files
   * after the fault are written, slowly; a file in flight when the datanodes stopped may fail ("Failed to
   * replace a bad datanode"). The client's thousands of warnings go to the run's log; the terminal gets
   * a few lines.
   */
  @Test
  void dfsgWithTwoDatanodesStoppedKeepsTheClientsWarningsOffTheTerminal() throws Exception {
    Background b = dfsgWithFault("300", "1MB", () -> {
      cluster.stopDataNode(0);
      cluster.stopDataNode(0);
    });
    Run r = b.await(600);
    report("freon dfsg -f, 2 of 3 datanodes stopped", b, r);
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    long ok = json.get("figures").get("files").asLong();
    long bad = json.get("figures").get("failedFiles").asLong();
    assertEquals(300, ok + bad, json.get("figures").toString());
    assertTrue(bad <= 4, "at most the files in flight fail: " + bad);
    assertEquals(bad == 0 ? 0 : 1, r.code(), r.all());
    assertTrue(r.out().contains("Files written: " + ok + " (" + bad + " failed)"), r.out());
    assertNoStackTrace(r);
    assertEquals("run.log", json.path("log").asText(), json.toString());
    Path log = Runs.latest(work.resolve("runs")).resolve("run.log");
    String logged = Files.readString(log);
    assertTrue(logged.contains("WARN") && logged.contains("DataStreamer"), "the client's warnings are in " + log);
    // the client warned while the tasks ran (two datanodes lost): the run says where its log is and what it warned
    // of, whether it failed or held
    assertTrue(r.err().contains("Library and server logs: "), r.err());
    assertTrue(r.err().contains("WARN DataStreamer: "), r.err());
    assertTrue(r.err().lines().count() < 40, r.err());
  }

  /** The namenode gone: every file after it fails, each one named (once per reason, with a count). */
  @Test
  void dfsgWithTheNamenodeGoneNamesTheFailedFilesAndCountsTheOthers() throws Exception {
    Background b = dfsgWithFault("100000", "64KB", () -> cluster.shutdownNameNode(0));
    Run r = b.await(900);
    report("freon dfsg -f, namenode shut down", b, r);
    assertExit(r, 1);
    assertFalse(r.all().contains("Self-suppression"), r.all());
    assertNoStackTrace(r);
    JsonNode json = Runs.latestResult(work.resolve("runs"));
    assertEquals(1, json.get("exitCode").asInt());
    long ok = json.get("figures").get("files").asLong();
    long bad = json.get("figures").get("failedFiles").asLong();
    assertTrue(ok > 0 && bad > 0, json.get("figures").toString());
    assertEquals(ok * (64L << 10), json.get("aggregate").get("bytes").asLong());
    assertTrue(r.out().contains("Files written: " + ok + " (" + bad + " failed)"), r.out());
    assertTrue(r.err().contains("freon dfsg: " + bad + " file(s) failed:"), r.err());
    assertTrue(r.err().contains("x java.net.ConnectException") || r.err().contains("x java.io.IOException"), r.err());
  }

  /**
   * Every datanode stops taking packets (a frozen disk or process): the write waits in write(). The run
   * names the waiting tasks and their call every 10 s; with --task-timeout the tasks fail with the call,
   * the wait and their thread's stack in the JSON.
   */
  @Test
  void frozenDatanodesTheRunSaysWhereItWaitsAndTheTaskTimeoutEndsTheWait() throws Exception {
    CountDownLatch thaw = new CountDownLatch(1);
    DataNodeFaultInjector.set(new DataNodeFaultInjector() {
      @Override
      public void delayWriteToDisk() {
        try {
          thaw.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    });
    try {
      Background b = Background.start(dfsio("-write", "--task-timeout", "25s"));
      // every task (4 files) fails by the timeout before the datanodes come back: one that started later than the
      // others would otherwise see the thaw before its own 25 s
      b.awaitOutput("without progress:", 60).awaitOutput("failed: stuck in ", 4, 300);
      // the datanodes come back: the part file and the client's close go through
      thaw.countDown();
      Run r = b.await(300);
      JsonNode json = assertTruthful("dfsio -write --task-timeout 25s, datanodes frozen", b, r, "write");
      assertExit(r, 1);
      assertTrue(r.err().matches("(?s).*\\n  test_io_\\d: no progress for \\d+ s, waiting in (write|close) for \\d+ s\\n.*"),
          r.err());
      assertTrue(r.err().contains("failed: stuck in "), r.err());
      for (JsonNode t : json.get("tasks")) {
        assertTrue(t.get("error").asText().matches("stuck in (write|close) for [0-9.]+ s \\(--task-timeout 25 s\\)"),
            t.toString());
        assertTrue(t.get("stack").toString().contains("org.apache.hadoop.hdfs.DFSOutputStream"), t.toString());
      }
      assertTrue(r.out().contains("Aggregate throughput mb/sec: n/a (no task succeeded)"), r.out());
    } finally {
      thaw.countDown();
    }
  }
}
