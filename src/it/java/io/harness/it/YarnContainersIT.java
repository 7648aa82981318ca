package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.containers.ClusterContainers;
import io.harness.containers.ClusterImage;
import io.harness.containers.Docker;
import io.harness.containers.HdfsContainers;
import io.harness.containers.YarnContainers;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.RunAssertions;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import io.harness.testkit.TestJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hadoop jar harness.jar ...} on a YARN of real processes: an HDFS (namenode, 3 datanodes) and a YARN
 * (ResourceManager, JobHistoryServer, 3 NodeManagers) each service in a container and a JVM of its own, one
 * cluster for the class. The job jar is submitted as {@code hadoop jar} does (RunJar, Hadoop's client class path,
 * harness.jar and the cluster's client configuration directory, nothing else); the NodeManagers start the
 * application master and the tasks in their containers. Which NodeManager ran what is asked of YARN itself (the
 * NodeManagers' and the JobHistoryServer's REST APIs). The generic clients engine runs here too (freon dfsg and
 * namespace on 3 clients, each client a map). The NodeManager kill runs last: the cluster keeps 2.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class YarnContainersIT {
  private static final int FILES = 6;
  private static final long FILE_SIZE = 4L << 20;
  private static final Pattern JOB = Pattern.compile("MapReduce job (job_\\d+_\\d+)");

  @TempDir
  static Path work;

  private static HdfsContainers hdfs;
  private static YarnContainers yarn;

  @BeforeAll
  static void start() throws Exception {
    Docker.requireOrSkip();
    ClusterImage image = ClusterImage.project();
    hdfs = HdfsContainers.start(work.resolve("hdfs"), 3, image, Map.of(), Duration.ofMinutes(3));
    // the tasks here are short: their JVMs start on less CPU with the client compiler alone (see TestJvm)
    yarn = YarnContainers.start(work.resolve("yarn"), hdfs, 3, image,
        YarnContainers.taskJvmOptions(TestJvm.QUICK + " -XX:+UseSerialGC"), Duration.ofMinutes(3));
    System.out.printf("CONTAINERS | hdfs 3 datanodes %.1f s, yarn 3 nodemanagers %.1f s%n", hdfs.startSeconds(),
        yarn.startSeconds());
  }

  @AfterAll
  static void stop() {
    // YARN first: its services write to the HDFS until they stop
    for (ClusterContainers c : new ClusterContainers[] {yarn, hdfs}) {
      if (c != null) {
        c.close();
      }
    }
  }

  /**
   * dfsio write then verified read, each a YARN job whose maps ran on more than one NodeManager; the read's maps
   * start together at the barrier ({@code --barrier}: the containers share the host's clock, so each task started
   * at the release or after it, each map was ready before it). The start spreads of both are printed.
   */
  @Test
  @Order(1)
  void dfsioWritesAndReadsEveryByteWithMapsOnSeveralNodeManagers() throws Exception {
    Path runs = work.resolve("dfsio-runs");
    String root = "/bench/dfsio";
    Run w = hadoopJar(runs, "dfsio", "-write", "-nrFiles", "" + FILES, "-fileSize", "4MB", "--engine", "mapreduce",
        "--root", root);
    assertExit(w, 0);
    assertTrue(w.out().contains("MapReduce engine (yarn)"), w.out());
    JsonNode wj = Runs.latestResult(runs);
    assertEquals(FILES, wj.get("tasks").size());
    assertEquals(FILES * FILE_SIZE, wj.at("/aggregate/bytes").asLong());
    assertTrue(mapNodes(jobId(w)).size() > 1, "the write's maps ran on one NodeManager only");

    try (FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.configuration())) {
      for (int i = 0; i < FILES; i++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(root + "/io_data/test_io_" + i);
        assertEquals(FILE_SIZE, fs.getFileStatus(p).getLen(), p.toString());
        SeededContent.assertFile(fs, p, wj.at("/figures/seed").asLong(), i, FILE_SIZE);
      }
    }

    // the read's maps start together at the barrier (--barrier; the write's started as YARN started them)
    Run r = hadoopJar(runs, "dfsio", "-read", "--verify", "-nrFiles", "" + FILES, "-fileSize", "4MB",
        "--engine", "mapreduce", "--root", root, "--barrier");
    assertExit(r, 0);
    assertTrue(r.out().contains("clients late: 0;"), r.out());
    JsonNode rj = Runs.latestResult(runs);
    assertStartedTogether(rj, FILES);
    assertEquals(FILES, rj.at("/figures/legacy/tasks").asInt());
    System.out.printf("CONTAINERS | dfsio, %d maps: start spread %.3f s (write, no barrier), %.3f s (read, barrier; "
        + "maps ready over %.3f s)%n", FILES, startSpreadSeconds(wj), startSpreadSeconds(rj),
        rj.at("/clients/readySpreadNanos").asLong() / 1e9);
    assertEquals("read", rj.get("operation").asText());
    assertEquals(FILES, rj.get("tasks").size());
    assertEquals(0, rj.at("/aggregate/failedTasks").asInt());
    assertEquals(FILES * FILE_SIZE, rj.at("/aggregate/bytes").asLong());
    assertTrue(mapNodes(jobId(r)).size() > 1, "the read's maps ran on one NodeManager only");
  }

  /**
   * teragen as a YARN job, its maps at the start barrier, then teravalidate finds the rows and the checksum teragen
   * reported, which is the local engine's.
   */
  @Test
  @Order(2)
  void teragenThenTeravalidateFindTheSameRows() throws Exception {
    Path runs = work.resolve("teragen-runs");
    // its maps start together at the barrier (--barrier), and write the rows the local engine writes
    Run gen = hadoopJar(runs, "teragen", "100000", "/bench/teragen", "-m", "3", "--engine", "mapreduce",
        "--barrier");
    assertExit(gen, 0);
    assertTrue(gen.out().contains("MapReduce engine (yarn)"), gen.out());
    JsonNode g = Runs.latestResult(runs);
    assertStartedTogether(g, 3);
    System.out.printf("CONTAINERS | teragen, 3 maps at the barrier: start spread %.3f s%n", startSpreadSeconds(g));
    assertEquals(100_000, g.at("/figures/rows").asLong());
    String checksum = g.at("/figures/checksum").asText();
    Path local = work.resolve("teragen-local");
    Run plain = Cli.run("teragen", "100000", local.toString(), "-m", "3", "-fs", "file:///", "--engine", "local",
        "--run-dir", work.resolve("local-runs").toString());
    assertExit(plain, 0);
    assertEquals(Runs.latestResult(work.resolve("local-runs")).at("/figures/checksum").asText(), checksum);
    try (FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.configuration())) {
      assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/bench/teragen/_SUCCESS")));
      assertTrue(!fs.exists(new org.apache.hadoop.fs.Path("/bench/teragen/_clients")));
    }
    // TeraGen's rows are not sorted (TeraSort sorts them): their count and checksum are what is checked.
    // teravalidate has no MapReduce engine: on this YARN client (mapreduce.framework.name=yarn) it runs in the
    // client, as a user types it, without --engine.
    Run val = hadoopJar(runs, "teravalidate", "/bench/teragen", "--checksum-only", "--expect-rows", "100000",
        "--expect-checksum", checksum);
    assertExit(val, 0);
    JsonNode v = Runs.latestResult(runs);
    assertEquals(g.at("/figures/rows").asLong(), v.at("/figures/rows").asLong());
    assertEquals(checksum, v.at("/figures/checksum").asText());
  }

  /**
   * freon dfsg on 3 clients of 2 threads: the maps of one YARN job, started together by the barrier on the
   * container HDFS; every file there with dfsg's bytes, every client's tasks in the run, its maps on more than one
   * NodeManager (as each map found its own).
   */
  @Test
  @Order(3)
  void dfsgOnThreeClientsWritesEveryFileFromSeveralNodeManagers() throws Exception {
    Path runs = work.resolve("dfsg-runs");
    Run r = hadoopJar(runs, "freon", "dfsg", "--engine", "mapreduce", "--clients", "3", "-n", "60", "-t", "2", "-s",
        "256KB", "--path", "/bench/dfsg", "-p", "clients");
    assertExit(r, 0);
    assertTrue(r.out().contains("MapReduce engine (yarn), 3 client(s) x 2 thread(s)"), r.out());
    assertTrue(r.out().contains("Files written: 60 (0 failed)"), r.out());
    JsonNode j = Runs.latestResult(runs);
    RunAssertions.assertClientTasks(j, 3, 2);
    assertEquals(60, j.at("/figures/files").asLong());
    assertEquals(60, j.at("/aggregate/latency/file/count").asLong());
    assertEquals(3, j.at("/clients/nodes").size(), j.get("clients").toString());
    assertTrue(JobJarYarnIT.nodes(j).size() > 1, "the clients' maps ran on one NodeManager only: " + j.get("clients"));
    try (FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.configuration())) {
      JobJarYarnIT.assertDfsgFiles(fs, "/bench/dfsg/clients", 60, 256 << 10);
    }
  }

  /** namespace's five phases on 3 clients of 2 threads (a YARN job): each phase made its 60 calls, none failed. */
  @Test
  @Order(4)
  void namespaceOnThreeClientsMakesEveryPhasesCalls() throws Exception {
    Path runs = work.resolve("namespace-runs");
    Run r = hadoopJar(runs, "namespace", "--phases", "create,stat,list,rename,delete", "-n", "60", "--clients", "3",
        "-t", "2", "--path", "/bench/ns");
    assertEquals(Map.of("create", 60L, "stat", 60L, "list", 60L, "rename", 60L, "delete", 60L),
        JobJarYarnIT.phases(runs, r));
    JsonNode j = Runs.latestResult(runs);
    assertEquals(3, j.at("/clients/count").asInt(), j.path("clients").toString());
    assertEquals(0, j.at("/clients/late").asInt(), j.path("clients").toString());
  }

  /**
   * A NodeManager killed ({@code docker kill}) while a map of a 10-second read runs on it (the
   * maps' JVMs take seconds to start here: the container is running well before the read is over), and not the
   * application master: the ResourceManager declares the node lost, the application master runs its maps again on
   * the other NodeManagers and the job succeeds; every map counts once in the run's records, and YARN's history
   * has the attempts on the killed node as not succeeded.
   */
  @Test
  @Order(5)
  @org.junit.jupiter.api.Tag("slow-fault")
  void aKilledNodeManagersMapsRunAgainElsewhereAndCountOnce() throws Exception {
    Path runs = work.resolve("kill-runs");
    String root = "/bench/kill";
    // the files to read, written from this JVM (the local engine): what is under test is the read job
    assertExit(Cli.run("dfsio", "-write", "-nrFiles", "" + FILES, "-fileSize", "1MB", "--engine", "local", "--root",
        root, "-conf", hdfs.configurationFile().toString(), "--run-dir", work.resolve("local-runs").toString()), 0);
    CompletableFuture<Run> job = CompletableFuture.supplyAsync(() -> {
      try {
        return hadoopJar(runs, "dfsio", "-read", "-nrFiles", "" + FILES, "-fileSize", "1MB", "--duration", "10s",
            "--engine", "mapreduce", "--root", root);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    String victim = awaitMapOnANodeWithoutTheMaster(job);
    yarn.kill(victim);
    Run r = job.get(5, TimeUnit.MINUTES);
    assertExit(r, 0);
    JsonNode rj = Runs.latestResult(runs);
    assertEquals(FILES, rj.get("tasks").size(), rj.get("tasks").toString());
    Set<String> names = new HashSet<>();
    rj.get("tasks").forEach(t -> names.add(t.get("name").asText()));
    assertEquals(FILES, names.size(), "a map counted twice: " + names);
    assertEquals(0, rj.at("/aggregate/failedTasks").asInt());

    // YARN's own account: the maps that were on the killed node ran again, and succeeded elsewhere
    Map<String, List<String>> attempts = mapAttempts(jobId(r));
    int rerun = 0;
    for (Map.Entry<String, List<String>> task : attempts.entrySet()) {
      assertEquals(1, task.getValue().stream().filter(a -> a.startsWith("SUCCEEDED")).count(), task.toString());
      assertTrue(task.getValue().stream().noneMatch(a -> a.equals("SUCCEEDED " + victim)), task.toString());
      rerun += task.getValue().stream().anyMatch(a -> a.endsWith(" " + victim)) ? 1 : 0;
    }
    assertEquals(FILES, attempts.size(), attempts.toString());
    assertTrue(rerun > 0, "no map attempt on " + victim + ": " + attempts);
  }

  /** Every map of the run was ready before the barrier released, none late, and each task started at it or after. */
  private static void assertStartedTogether(JsonNode j, int maps) {
    JsonNode clients = j.get("clients");
    assertEquals(maps, clients.get("count").asInt(), clients.toString());
    assertEquals(0, clients.get("late").asInt(), clients.toString());
    long release = clients.get("releaseEpochNanos").asLong();
    clients.get("readyEpochNanos").forEach(t -> assertTrue(t.asLong() < release, clients.toString()));
    assertEquals(maps, j.get("tasks").size());
    j.get("tasks").forEach(t -> assertTrue(t.get("startEpochNanos").asLong() >= release,
        t + " started before the release " + release));
  }

  /** The seconds between the first and the last task's start. */
  private static double startSpreadSeconds(JsonNode j) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (JsonNode t : j.get("tasks")) {
      long s = t.get("startEpochNanos").asLong();
      min = Math.min(min, s);
      max = Math.max(max, s);
    }
    return (max - min) / 1e9;
  }

  // ---------------------------------------------------------------------------------------------

  /** Polls the NodeManagers until one runs a task container of the job, and not its application master. */
  private static String awaitMapOnANodeWithoutTheMaster(CompletableFuture<Run> job) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline && !job.isDone()) {
      for (String nm : yarn.nodeManagers()) {
        boolean master = false;
        boolean task = false;
        for (JsonNode c : yarn.rest(nm, "/ws/v1/node/containers").path("containers").path("container")) {
          boolean running = "RUNNING".equals(c.path("state").asText());
          master |= c.path("id").asText().endsWith("_000001");
          task |= running && !c.path("id").asText().endsWith("_000001");
        }
        if (task && !master) {
          return nm;
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no NodeManager ran a map without the application master"
        + (job.isDone() ? "; the job ended: " + job.get().out() : ""));
  }

  /** The NodeManagers the job's succeeded map attempts ran on, from the JobHistoryServer. */
  private static Set<String> mapNodes(String jobId) throws Exception {
    Set<String> nodes = new HashSet<>();
    for (List<String> attempts : mapAttempts(jobId).values()) {
      for (String a : attempts) {
        if (a.startsWith("SUCCEEDED ")) {
          nodes.add(a.substring("SUCCEEDED ".length()));
        }
      }
    }
    return nodes;
  }

  /** Every map task of the job with its attempts as {@code STATE nmN}, from the JobHistoryServer. */
  private static Map<String, List<String>> mapAttempts(String jobId) throws Exception {
    String base = "/ws/v1/history/mapreduce/jobs/" + jobId;
    JsonNode tasks = awaitHistory(base + "/tasks?type=m");
    Map<String, List<String>> out = new TreeMap<>();
    for (JsonNode t : tasks.path("tasks").path("task")) {
      String id = t.get("id").asText();
      List<String> list = new ArrayList<>();
      for (JsonNode a : yarn.rest(YarnContainers.HISTORY, base + "/tasks/" + id + "/attempts")
          .path("taskAttempts").path("taskAttempt")) {
        list.add(a.get("state").asText() + " " + nodeManagerAt(a.get("nodeHttpAddress").asText()));
      }
      out.put(id, list);
    }
    return out;
  }

  /** The history server knows a job a moment after it ends (it moves the job's history file first). */
  private static JsonNode awaitHistory(String path) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try {
        return yarn.rest(YarnContainers.HISTORY, path);
      } catch (java.io.IOException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(500);
      }
    }
  }

  /** The NodeManager whose web address is {@code host:port}. */
  private static String nodeManagerAt(String httpAddress) {
    int port = Integer.parseInt(httpAddress.substring(httpAddress.lastIndexOf(':') + 1));
    return yarn.nodeManagers().stream().filter(nm -> yarn.webPort(nm) == port).findFirst()
        .orElseThrow(() -> new AssertionError("no NodeManager at " + httpAddress));
  }

  private static String jobId(Run run) {
    Matcher m = JOB.matcher(run.out() + run.err());
    assertTrue(m.find(), run.out() + run.err());
    return m.group(1);
  }

  /** {@code hadoop jar harness.jar ARGS} with the YARN's client configuration directory, saving runs in {@code runs}. */
  private static Run hadoopJar(Path runs, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--run-dir", runs.toString()));
    Run run = HadoopClient.runJar(yarn.clientConfDir(), work, List.of(), all);
    System.out.printf("YARN | %s %s | exit %d | %.1f s%n", args[0], args[1], run.code(), run.seconds());
    return run;
  }
}
