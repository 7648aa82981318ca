package io.harness.containers;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Spark standalone cluster: a master ({@code master}, Spark's {@code org.apache.spark.deploy.master.Master}) and N
 * workers ({@code worker1..workerN}, {@code deploy.worker.Worker}), each in a container and a JVM of its own, on the
 * host network. The master listens on 127.0.0.1, worker I on 127.0.0.(I+1): each has an address of its own, so the
 * executors it starts (JVMs inside its container, as a real worker's) report their own host to the driver. Each
 * worker offers {@value #WORKER_CORES} core and {@value #WORKER_MEMORY} to executors. Started when the master counts
 * N alive workers.
 *
 * <p>Spark's jars come from the host, not from the image (which only gives the JRE): they are linked into
 * {@code root/spark/jars} (Spark's home in every container, so a worker builds its executors' class path from it, as
 * in a Spark distribution) and their folders are mounted read-only at the same paths. A driver outside (bin/harness,
 * spark-submit) connects to {@link #masterUrl()}; its application's jars reach the executors the way Spark ships
 * them ({@code spark.jars}), not from here. The workers' folders ({@code root/data/workerI/work}) keep every
 * executor's {@code stdout} and {@code stderr}.
 */
public final class SparkContainers extends ClusterContainers {
  public static final String MASTER = "master";
  /** Cores and memory each worker offers: two workers fit a 2-core machine with the storage cluster beside them. */
  public static final int WORKER_CORES = 1;
  public static final String WORKER_MEMORY = "1g";
  /** What Spark's own launcher adds for Java 17 (the harness's list has the rest). */
  private static final List<String> SPARK_JVM_OPTIONS = List.of(
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED", "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
      "-Djdk.reflect.useDirectMethodHandle=false", "-Dio.netty.tryReflectionSetAccessible=true");

  private final URI master;
  private final int masterWebPort;
  private final List<String> workers = new ArrayList<>();

  private SparkContainers(Path root, ClusterImage jre, List<Path> jars, int workerCount) throws IOException {
    super(root, new ClusterImage(jre.name(), home(root).resolve("jars") + "/*"));
    Path home = home(root);
    Path jarDir = Files.createDirectories(home.resolve("jars"));
    Set<Path> mounts = new LinkedHashSet<>();
    mounts.add(home);
    for (Path jar : jars) {
      Path j = jar.toAbsolutePath();
      Files.createSymbolicLink(jarDir.resolve(j.getFileName()), j);
      mounts.add(j.getParent());
    }
    int[] m = Ports.free(2);
    master = URI.create("spark://127.0.0.1:" + m[0]);
    masterWebPort = m[1];
    add(MASTER, "org.apache.spark.deploy.master.Master", "127.0.0.1", List.of("--host", "127.0.0.1",
        "--port", "" + m[0], "--webui-port", "" + m[1]), home, mounts, m[0]);
    for (int i = 1; i <= workerCount; i++) {
      String name = "worker" + i;
      String address = "127.0.0." + (i + 1);
      int[] p = Ports.free(2);
      add(name, "org.apache.spark.deploy.worker.Worker", address, List.of("--host", address, "--port",
          "" + p[0], "--webui-port", "" + p[1], "--cores", "" + WORKER_CORES, "--memory", WORKER_MEMORY,
          "--work-dir", dataPath(name, "work"), master.toString()), home, mounts, p[0]);
      workers.add(name);
    }
  }

  /** Spark's home in every container: {@code jars/} links to the jars. */
  private static Path home(Path root) {
    return root.toAbsolutePath().resolve("spark");
  }

  private void add(String name, String mainClass, String address, List<String> args, Path home, Set<Path> mounts,
      int port) throws IOException {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("SPARK_HOME", home.toString());
    env.put("SPARK_SCALA_VERSION", "2.13");
    // the web UI's address (it binds to every interface otherwise) and the one the service gives as its own
    env.put("SPARK_LOCAL_IP", address);
    env.put("SPARK_PUBLIC_DNS", address);
    Service.Launch launch = new Service.Launch(args, SPARK_JVM_OPTIONS, env, List.copyOf(mounts), address);
    // Spark reads no site file: its settings are the arguments and the environment (the file written is empty)
    add(name, mainClass, null, Map.of(), "spark-site.xml", "256m", port, launch);
  }

  /**
   * Starts a master and {@code workers} workers under {@code root} (links to the jars, the workers' folders, the
   * logs), in containers of {@code jre} (any image with a Java 17 runtime, e.g. {@link ClusterImage#project()}), on
   * Spark's {@code jars} (spark-core's and its dependencies' jars, e.g. a Spark distribution's {@code jars/}, or the
   * harness distribution's {@code lib/spark} without the harness's own).
   */
  public static SparkContainers start(Path root, int workers, ClusterImage jre, List<Path> jars, Duration limit)
      throws IOException, InterruptedException {
    SparkContainers c = new SparkContainers(root, jre, jars, workers);
    c.startAll(limit, () -> { });
    return c;
  }

  /** The master's URL, for {@code --master}: {@code spark://127.0.0.1:PORT}. */
  public String masterUrl() {
    return master.toString();
  }

  /** The master's URL as a URI (there is no file system here: the driver brings the storage's settings). */
  @Override
  public URI uri() {
    return master;
  }

  /** None: a Spark cluster has no file system (the driver brings the storage's settings). */
  @Override
  public org.apache.hadoop.conf.Configuration configuration() {
    throw noClient();
  }

  /** None, as {@link #configuration()}. */
  @Override
  public Path configurationFile() {
    throw noClient();
  }

  private UnsupportedOperationException noClient() {
    return new UnsupportedOperationException("a Spark cluster has no client configuration: give the driver --master "
        + masterUrl() + " and the storage's own");
  }

  /** The workers' service names, in start order ({@code worker1}, {@code worker2}, ...). */
  public List<String> workers() {
    return List.copyOf(workers);
  }

  /** The address worker {@code name} (and its executors) listens on: {@code 127.0.0.2} for {@code worker1}. */
  public String address(String worker) {
    int i = workers.indexOf(worker);
    if (i < 0) {
      throw new IllegalArgumentException(worker + " is not a worker (there are " + workers + ")");
    }
    return "127.0.0." + (i + 2);
  }

  /** {@code docker kill} of a worker: its JVM and every executor it started die at once. */
  public void kill(String worker) {
    address(worker);
    service(worker).kill();
  }

  /** The master's JSON state ({@code /json/} of its web UI): workers, cores, applications. */
  public JsonNode state() throws IOException {
    return getJson(URI.create("http://127.0.0.1:" + masterWebPort + "/json/"));
  }

  /** How many workers the master counts as alive. */
  public int aliveWorkers() throws IOException {
    return state().path("aliveworkers").asInt(-1);
  }

  @Override
  public void awaitReady(Duration limit) throws IOException, InterruptedException {
    awaitAlive(workers.size(), limit);
  }

  /** Waits until the master counts {@code alive} alive workers. */
  public void awaitAlive(int alive, Duration limit) throws InterruptedException {
    await(alive + " alive worker(s)", limit, () -> aliveWorkers() == alive);
  }
}
