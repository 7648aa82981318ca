package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.containers.ClusterImage;
import io.harness.containers.Docker;
import io.harness.containers.SparkContainers;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.MiniDfsProvider;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.TestJvm;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness spark} on a Spark standalone cluster of real processes: a master and two workers (each in a container
 * and a JVM of its own, worker I on 127.0.0.(I+1), one core each; their executors JVMs inside the workers'
 * containers) on a MiniDFSCluster of this JVM (one datanode, on the loopback address the containers share), one of
 * each for the class. The drivers run on the
 * host: {@code bin/harness spark generate} and {@code copy}, and {@code count} through Spark's spark-submit with the
 * job jar {@code harness-spark.jar}, as docs/spark.md tells cluster users. The workers have Spark's jars only: the
 * harness's reach the executors from the driver. Each run's rows and payloads are verified by Spark jobs on the
 * executors, its bytes are those of the Parquet files on the HDFS, its task records carry the executors' hosts, and
 * {@code harness analyze} of the folders of generate and copy finds the same figures (the executors' hosts among them)
 * and aggregate.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkContainersIT {
  private static final long ROWS = 2000;
  private static final int PAYLOAD = 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path work;

  private static EmbeddedCluster hdfs;
  private static Path hdfsConf;
  private static SparkContainers spark;
  private static Set<String> workerHosts;
  private static JsonNode generated;

  @BeforeAll
  static void start() throws Exception {
    Docker.requireOrSkip();
    ClusterImage image = ClusterImage.project();
    // Spark's jars, without the harness's own: the executors get those from the driver, as on any cluster
    List<Path> sparkJars = new ArrayList<>();
    try (Stream<Path> s = Files.list(Cli.home().resolve("lib/spark"))) {
      s.filter(p -> p.toString().endsWith(".jar") && !p.getFileName().toString().startsWith("harness-")).sorted()
          .forEach(sparkJars::add);
    }
    // the storage in this JVM meanwhile (on loopback, which the containers share): the Spark cluster is under test
    CompletableFuture<EmbeddedCluster> storage = CompletableFuture.supplyAsync(() -> {
      try {
        return new MiniDfsProvider().start(new Configuration(), 1);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    try {
      spark = SparkContainers.start(work.resolve("spark"), 2, image, sparkJars, Duration.ofMinutes(3));
    } finally {
      hdfs = storage.join();
    }
    // the client's two settings (not every default: each set key goes to the executors as spark.hadoop.KEY)
    Configuration client = new Configuration(false);
    client.set("fs.defaultFS", hdfs.fileSystemUri().toString());
    client.set("dfs.replication", "1");
    hdfsConf = work.resolve("hdfs-site.xml");
    try (var out = Files.newOutputStream(hdfsConf)) {
      client.writeXml(out);
    }
    workerHosts = new TreeSet<>();
    for (String w : spark.workers()) {
      workerHosts.add(spark.address(w));
    }
    System.out.printf("CONTAINERS | spark master + 2 workers %.1f s%n", spark.startSeconds());
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.close();
    }
    if (hdfs != null) {
      hdfs.close();
    }
  }

  /**
   * Every driver's settings: it listens on loopback (the executors reach it there), its session waits until both
   * executors (one core each) have registered, and the executors' JVMs are small and start quickly.
   */
  private static List<String> driverSettings() {
    List<String> c = new ArrayList<>();
    for (String kv : List.of("spark.driver.host=127.0.0.1", "spark.driver.bindAddress=127.0.0.1",
        "spark.ui.enabled=false", "spark.cores.max=2", "spark.scheduler.minRegisteredResourcesRatio=1.0",
        "spark.scheduler.maxRegisteredResourcesWaitingTime=180s", "spark.executor.memory=512m",
        "spark.executor.extraJavaOptions=" + TestJvm.QUICK + " -XX:+UseSerialGC")) {
      c.add("-c");
      c.add(kv);
    }
    return c;
  }

  /** {@code bin/harness spark ARGS} against the cluster, with the HDFS's client configuration. */
  private static Run harness(Path runs, String... args) throws Exception {
    List<String> line = new ArrayList<>(List.of("spark"));
    line.addAll(List.of(args));
    line.addAll(List.of("--master", spark.masterUrl(), "-conf", hdfsConf.toString(), "--run-dir",
        runs.toString()));
    line.addAll(driverSettings());
    Run r = Cli.process(work, 600, line.toArray(new String[0]));
    System.out.println("$ " + r.command() + "\n" + r.out() + r.err());
    return r;
  }

  /**
   * {@code spark-submit --class io.harness.spark.SparkMain --master URL harness-spark.jar ARGS}: Spark's own
   * SparkSubmit in a JVM whose class path is Spark's jars only (no harness jar), with the HDFS's configuration.
   */
  private static Run sparkSubmit(Path runs, String... args) throws Exception {
    List<String> cp = new ArrayList<>();
    try (Stream<Path> s = Files.list(Cli.home().resolve("lib/spark"))) {
      s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".jar") && !n.startsWith("harness-") && !n.startsWith("picocli-")
              && !n.startsWith("HdrHistogram-")).sorted()
          .forEach(n -> cp.add(Cli.home().resolve("lib/spark").resolve(n).toString()));
    }
    Path jobJar = Path.of(System.getProperty("harness.jobjar")).resolveSibling("harness-spark.jar");
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx1g", TestJvm.QUICK, "-cp", String.join(File.pathSeparator, cp)));
    cmd.addAll(1, sparkOpens());
    cmd.addAll(List.of("org.apache.spark.deploy.SparkSubmit", "--class", "io.harness.spark.SparkMain", "--master",
        spark.masterUrl()));
    List<String> settings = driverSettings();
    for (int i = 0; i < settings.size(); i += 2) {
      cmd.addAll(List.of("--conf", settings.get(i + 1)));
    }
    cmd.add(jobJar.toString());
    cmd.addAll(List.of(args));
    cmd.addAll(List.of("-conf", hdfsConf.toString(), "--run-dir", runs.toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    Run r = Cli.exec(pb, 600);
    System.out.println("$ spark-submit ... " + String.join(" ", args) + "\n" + r.out() + r.err());
    return r;
  }

  /** What bin/harness gives Spark's JVM on Java 17 (the same list as its own). */
  private static List<String> sparkOpens() throws Exception {
    List<String> opts = new ArrayList<>();
    for (String line : Files.readAllLines(Cli.home().resolve("bin/harness"))) {
      String t = line.trim();
      if (t.startsWith("--add-opens ")) {
        opts.add(t.replace("--add-opens ", "--add-opens="));
      } else if (t.startsWith("-Djdk.reflect.useDirectMethodHandle") || t.startsWith("-Dio.netty.")) {
        opts.add(t);
      }
    }
    return opts;
  }

  /** The Parquet data files under {@code dir} on the HDFS: their count and bytes, as the namenode lists them. */
  private static long[] parquet(String dir) throws Exception {
    try (FileSystem fs = FileSystem.newInstance(hdfs.configuration())) {
      long files = 0;
      long bytes = 0;
      for (FileStatus st : fs.listStatus(new org.apache.hadoop.fs.Path(dir))) {
        String n = st.getPath().getName();
        if (st.isFile() && n.startsWith("part-") && n.endsWith(".parquet")) {
          files++;
          bytes += st.getLen();
        }
      }
      return new long[] {files, bytes};
    }
  }

  /**
   * The run's tasks ran on the workers' executors, not in the driver: each task's host is a worker's address, the
   * figures' executors are the tasks' (by id, with their hosts and counts), and the tasks' bytes add up to
   * {@code taskBytes}. Returns the hosts the tasks ran on.
   */
  private static Set<String> assertTasksOnWorkers(JsonNode result, String taskBytes) {
    Set<String> hosts = new TreeSet<>();
    long bytes = 0;
    for (JsonNode t : result.get("tasks")) {
      hosts.add(t.get("host").asText());
      bytes += t.get("bytes").asLong();
    }
    assertTrue(workerHosts.containsAll(hosts), "tasks on " + hosts + ", workers " + workerHosts);
    assertEquals(result.at("/figures/" + taskBytes).asLong(), bytes, "the tasks' bytes");
    int tasks = 0;
    Set<String> executorHosts = new TreeSet<>();
    for (JsonNode e : result.at("/figures/executors")) {
      assertFalse(e.get("id").asText().equals("driver"), e.toString());
      executorHosts.add(e.get("host").asText());
      tasks += e.get("tasks").asInt();
    }
    assertEquals(hosts, executorHosts, result.at("/figures/executors").toString());
    assertEquals(result.get("tasks").size(), tasks, "the executors' tasks");
    return hosts;
  }

  /**
   * {@code bin/harness analyze RUN_DIR --json F} (a JVM on lib/spark, nothing contacted): F's figures, aggregate and
   * tasks equal the run's result.json.
   */
  private static void assertAnalyzeAgrees(Path runs) throws Exception {
    Path run = Runs.latest(runs);
    JsonNode saved = Runs.result(run);
    Path json = work.resolve(run.getFileName() + "-analyzed.json");
    Run a = Cli.process(work, 300, "analyze", run.toString(), "--json", json.toString());
    assertExit(a, 0);
    JsonNode again = JSON.readTree(json.toFile());
    assertEquals(saved.get("figures"), again.get("figures"), "figures");
    assertEquals(saved.get("aggregate"), again.get("aggregate"), "aggregate");
    assertTrue(Files.size(run.resolve("records.jsonl.gz")) > 0 && Files.size(run.resolve("latency.hlog.gz")) > 0);
  }

  /**
   * bin/harness spark generate: 4 partitions on two one-core executors, so each worker's executor writes files; the
   * figures' bytes are the Parquet files' lengths on the HDFS, and so are the bytes Spark's tasks counted.
   */
  @Test
  @Order(1)
  void generateWritesFromBothWorkers() throws Exception {
    Path runs = work.resolve("generate-runs");
    Run r = harness(runs, "generate", "/spark/gen", "--records", "" + ROWS, "--record-size", "1KB", "--partitions",
        "4");
    assertExit(r, 0);
    assertTrue(r.out().contains("master " + spark.masterUrl()), r.out());
    assertTrue(r.out().contains("task(s) on 2 executor(s)"), r.out());
    generated = Runs.latestResult(runs);
    long[] onHdfs = parquet("/spark/gen");
    assertEquals(ROWS, generated.at("/figures/rows").asLong());
    assertEquals(ROWS * PAYLOAD, generated.at("/figures/payloadBytes").asLong());
    assertEquals(4, onHdfs[0], "one Parquet file per partition");
    assertEquals(onHdfs[0], generated.at("/figures/files").asLong());
    assertEquals(onHdfs[1], generated.at("/figures/bytesWritten").asLong(), "the files' bytes on the HDFS");
    assertEquals(onHdfs[1], generated.at("/figures/taskBytesWritten").asLong(), "Spark's output metrics");
    assertEquals(4, generated.get("tasks").size(), "one task per partition");
    assertEquals(workerHosts, assertTasksOnWorkers(generated, "taskBytesWritten"), "tasks on both workers");
    assertEquals(onHdfs[1], generated.at("/aggregate/bytes").asLong());
    assertAnalyzeAgrees(runs);
  }

  /**
   * spark-submit of the job jar: count --verify --expect-rows reads every row on the executors: ids unique and in
   * range, every payload the generator's; its bytes are the data set's on the HDFS.
   */
  @Test
  @Order(2)
  void countThroughSparkSubmitVerifiesEveryRow() throws Exception {
    Path runs = work.resolve("count-runs");
    Run r = sparkSubmit(runs, "count", "/spark/gen", "--verify", "--expect-rows", "" + ROWS);
    assertExit(r, 0);
    JsonNode c = Runs.latestResult(runs);
    assertEquals(ROWS, c.at("/figures/rows").asLong());
    assertEquals(generated.at("/figures/bytesWritten").asLong(), c.at("/figures/bytesRead").asLong());
    assertVerified(c.at("/figures/verify"));
    assertTasksOnWorkers(c, "taskBytesRead");
  }

  /**
   * bin/harness spark copy --verify: the copy's rows and payloads checked, its bytes the new files' on the HDFS. With
   * --instrument the agent times this JVM only, the driver, and says so: the executors are JVMs of their own.
   */
  @Test
  @Order(3)
  void copyVerifiesTheCopy() throws Exception {
    Path runs = work.resolve("copy-runs");
    Run r = harness(runs, "copy", "/spark/gen", "/spark/copy", "--verify", "--instrument");
    assertExit(r, 0);
    assertTrue(r.err().contains("spark copy: --instrument / --profile see this JVM only (the driver: planning, "
        + "listing, commit): the executors of master " + spark.masterUrl() + " run in JVMs of their own"), r.err());
    JsonNode c = Runs.latestResult(runs);
    long[] onHdfs = parquet("/spark/copy");
    assertEquals(ROWS, c.at("/figures/sourceRows").asLong());
    assertEquals(ROWS, c.at("/figures/destinationRows").asLong());
    assertEquals(generated.at("/figures/bytesWritten").asLong(), c.at("/figures/bytesRead").asLong());
    assertEquals(onHdfs[1], c.at("/figures/bytesWritten").asLong(), "the copy's bytes on the HDFS");
    assertEquals(onHdfs[1], c.at("/figures/taskBytesWritten").asLong(), "Spark's output metrics");
    assertVerified(c.at("/figures/verify"));
    assertTasksOnWorkers(c, "taskBytesWritten");
    assertAnalyzeAgrees(runs);
  }

  /** --verify's scan: every row once, ids 0 .. ROWS-1, every payload 1 KB and the generator's. */
  private static void assertVerified(JsonNode v) {
    assertEquals(ROWS, v.get("rows").asLong(), v.toString());
    assertEquals(ROWS, v.get("distinctIds").asLong(), v.toString());
    assertEquals(0, v.get("minId").asLong(), v.toString());
    assertEquals(ROWS - 1, v.get("maxId").asLong(), v.toString());
    assertEquals(PAYLOAD, v.get("minPayloadBytes").asLong(), v.toString());
    assertEquals(PAYLOAD, v.get("maxPayloadBytes").asLong(), v.toString());
    assertEquals(0, v.get("badPayloads").asLong(), v.toString());
  }
}
