package io.harness.containers;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A multi-process YARN next to a storage cluster of containers ({@link HdfsContainers} or {@link OzoneContainers},
 * whose {@code fs.defaultFS} it uses): a ResourceManager ({@code rm}), MapReduce's JobHistoryServer ({@code jhs})
 * and N NodeManagers ({@code nm1..nmN}), each in a container and a JVM of its own, on the host network with free
 * loopback ports. The NodeManagers run MapReduce's shuffle as an auxiliary service and start the application
 * masters and tasks as JVMs of their own inside their containers ({@code DefaultContainerExecutor}), on the
 * image's jars; a killed NodeManager takes its tasks with it, as a lost machine does. Started when the
 * ResourceManager counts N running NodeManagers. {@link #clientConfDir()} is a client's {@code HADOOP_CONF_DIR}.
 */
public final class YarnContainers extends ClusterContainers {
  public static final String RESOURCE_MANAGER = "rm";
  public static final String HISTORY = "jhs";
  /** What each NodeManager offers to containers, in MB: 3 of them fit a 2-core, 24 GB machine. */
  public static final int NODE_MEMORY_MB = 2560;
  /** The memory of every task's and application master's container, in MB, and their heap. */
  static final int TASK_MB = 512;
  static final String TASK_HEAP = "-Xmx320m";

  private static final Map<String, String> RESOURCE_MANAGER_SETTINGS = Map.of(
      // a killed NodeManager is lost after 10 s (the default is 10 minutes), so its containers run again elsewhere
      "yarn.nm.liveness-monitor.expiry-interval-ms", "10000",
      "yarn.resourcemanager.nm.liveness-monitor.interval-ms", "1000",
      "yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "500",
      // one queue; the containers spread over the nodes (one per heartbeat), none waits for a data-local node
      "yarn.scheduler.capacity.root.queues", "default",
      "yarn.scheduler.capacity.root.default.capacity", "100",
      "yarn.scheduler.capacity.maximum-am-resource-percent", "0.5",
      "yarn.scheduler.capacity.node-locality-delay", "0",
      "yarn.scheduler.capacity.per-node-heartbeat.maximum-container-assignments", "1");

  private static final Map<String, String> NODE_MANAGER_SETTINGS = Map.of(
      "yarn.nodemanager.aux-services", "mapreduce_shuffle",
      "yarn.nodemanager.aux-services.mapreduce_shuffle.class", "org.apache.hadoop.mapred.ShuffleHandler",
      "yarn.nodemanager.container-executor.class", "org.apache.hadoop.yarn.server.nodemanager.DefaultContainerExecutor",
      "yarn.nodemanager.resource.memory-mb", Integer.toString(NODE_MEMORY_MB),
      "yarn.nodemanager.resource.cpu-vcores", "8",
      // the JVMs' heaps are set; the machine's cores and memory are shared by every node here
      "yarn.nodemanager.vmem-check-enabled", "false",
      "yarn.nodemanager.pmem-check-enabled", "false",
      "yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", "100");

  private final ClusterContainers storage;
  private final List<String> nodeManagers = new ArrayList<>();
  private final Map<String, Integer> webPorts = new LinkedHashMap<>();

  private YarnContainers(Path root, ClusterContainers storage, ClusterImage image, int nodes,
      Map<String, String> extra) throws IOException {
    super(root, image);
    this.storage = storage;
    int[] rm = Ports.free(5);
    int[] jhs = Ports.free(3);
    webPorts.put(RESOURCE_MANAGER, rm[4]);
    webPorts.put(HISTORY, jhs[2]);
    Map<String, String> shared = new LinkedHashMap<>(SiteFiles.read(storage.configurationFile()));
    shared.put("yarn.resourcemanager.hostname", "127.0.0.1");
    shared.put("yarn.resourcemanager.address", "127.0.0.1:" + rm[0]);
    shared.put("yarn.resourcemanager.scheduler.address", "127.0.0.1:" + rm[1]);
    shared.put("yarn.resourcemanager.resource-tracker.address", "127.0.0.1:" + rm[2]);
    shared.put("yarn.resourcemanager.admin.address", "127.0.0.1:" + rm[3]);
    shared.put("yarn.resourcemanager.webapp.address", "127.0.0.1:" + rm[4]);
    shared.put("mapreduce.jobhistory.address", "127.0.0.1:" + jhs[0]);
    shared.put("mapreduce.jobhistory.admin.address", "127.0.0.1:" + jhs[1]);
    shared.put("mapreduce.jobhistory.webapp.address", "127.0.0.1:" + jhs[2]);
    shared.put("yarn.scheduler.minimum-allocation-mb", "128");
    shared.put("yarn.scheduler.maximum-allocation-mb", Integer.toString(NODE_MEMORY_MB));
    shared.putAll(extra);

    // the client's: what every job it submits runs with (they end up in the job's configuration)
    Map<String, String> client = new LinkedHashMap<>(shared);
    client.put("mapreduce.framework.name", "yarn");
    client.put("yarn.application.classpath", image.classPath());
    client.put("mapreduce.application.classpath", image.classPath());
    client.put("yarn.app.mapreduce.am.resource.mb", Integer.toString(TASK_MB));
    for (String task : List.of("map", "reduce")) {
      client.put("mapreduce." + task + ".memory.mb", Integer.toString(TASK_MB));
    }
    // the tasks are JVMs in the containers too: the servers' extra options (Service.SERVER_OPTIONS) are theirs
    client.putAll(taskJvmOptions(System.getProperty(Service.SERVER_OPTIONS, "").trim()));
    // an application master gives up stopping a container on a lost node after 10 s (the default, 3 minutes, holds
    // the lost node's task attempts in KILL_CONTAINER_CLEANUP, and their maps wait that long to run again)
    client.put("yarn.client.nodemanager-connect.max-wait-ms", "10000");
    client.put("yarn.client.nodemanager-connect.retry-interval-ms", "1000");
    client.putAll(extra);
    client(client, "yarn-client.xml");
    SiteFiles.write(clientConfDir(), client);

    Map<String, String> r = withTmp(shared, RESOURCE_MANAGER);
    r.putAll(RESOURCE_MANAGER_SETTINGS);
    r.putAll(extra);
    service(RESOURCE_MANAGER, "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager", r, "512m", rm[0]);

    Map<String, String> h = withTmp(client, HISTORY);
    h.put("mapreduce.jobhistory.move.interval-ms", "1000");
    h.putAll(extra);
    service(HISTORY, "org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer", h, "384m", jhs[0]);

    for (int i = 1; i <= nodes; i++) {
      String name = "nm" + i;
      int[] p = Ports.free(4);
      Map<String, String> n = withTmp(client, name);
      n.put("yarn.nodemanager.hostname", "127.0.0.1");
      n.put("yarn.nodemanager.address", "127.0.0.1:" + p[0]);
      n.put("yarn.nodemanager.localizer.address", "127.0.0.1:" + p[1]);
      n.put("yarn.nodemanager.webapp.address", "127.0.0.1:" + p[2]);
      n.put("mapreduce.shuffle.port", Integer.toString(p[3]));
      n.put("yarn.nodemanager.local-dirs", dataPath(name, "local"));
      n.put("yarn.nodemanager.log-dirs", dataPath(name, "logs"));
      n.putAll(NODE_MANAGER_SETTINGS);
      // each container's files are fetched by a JVM of its own (DefaultContainerExecutor's localizer): a JVM in the
      // containers too, with the servers' extra options
      n.put("yarn.nodemanager.container-localizer.java.opts", ("-Xmx256m " + System.getProperty(
          Service.SERVER_OPTIONS, "")).trim());
      n.putAll(extra);
      service(name, "org.apache.hadoop.yarn.server.nodemanager.NodeManager", n, "384m", p[0]);
      nodeManagers.add(name);
      webPorts.put(name, p[2]);
    }
  }

  /**
   * The JVM options of the application masters and the tasks (their heap, the {@code --add-opens} of Java 17) with
   * {@code more} after them, as site settings: give them as extra settings to change them for every job, e.g.
   * {@code -XX:TieredStopAtLevel=1} for tests whose tasks are short (their JVMs start on less CPU).
   */
  public static Map<String, String> taskJvmOptions(String more) {
    String opts = TASK_HEAP + " " + String.join(" ", Service.addOpens()) + (more.isBlank() ? "" : " " + more);
    Map<String, String> m = new LinkedHashMap<>();
    m.put("yarn.app.mapreduce.am.command-opts", opts);
    m.put("mapreduce.map.java.opts", opts);
    m.put("mapreduce.reduce.java.opts", opts);
    return m;
  }

  private Map<String, String> withTmp(Map<String, String> base, String service) {
    Map<String, String> m = new LinkedHashMap<>(base);
    m.put("hadoop.tmp.dir", dataPath(service, "tmp"));
    return m;
  }

  /** Adds a service whose configuration directory holds each key in its component's site file. */
  private void service(String name, String mainClass, Map<String, String> site, String heap, int port)
      throws IOException {
    Service s = add(name, mainClass, null, site, "yarn-site.xml", heap, port);
    SiteFiles.write(s.confDir(), site);
  }

  /**
   * Starts a ResourceManager, a JobHistoryServer and {@code nodeManagers} NodeManagers under {@code root}
   * (configuration, data, logs: not inside the storage cluster's root), on {@code storage}'s file system, with
   * these extra settings for every service and the client.
   */
  public static YarnContainers start(Path root, ClusterContainers storage, int nodeManagers, ClusterImage image,
      Map<String, String> extra, Duration limit) throws IOException, InterruptedException {
    YarnContainers c = new YarnContainers(root, storage, image, nodeManagers, extra);
    c.startAll(limit, () -> { });
    return c;
  }

  /** The storage cluster's file system: YARN's {@code fs.defaultFS}. */
  @Override
  public URI uri() {
    return storage.uri();
  }

  /** A client's configuration directory: core-, hdfs- (or ozone-), mapred- and yarn-site.xml. */
  public Path clientConfDir() {
    return root.resolve("conf").resolve("client");
  }

  /** The NodeManagers' service names, in start order ({@code nm1}, {@code nm2}, ...). */
  public List<String> nodeManagers() {
    return List.copyOf(nodeManagers);
  }

  /** The NodeManagers' RPC addresses ({@code 127.0.0.1:PORT}, in start order): a task's {@code NM_HOST:NM_PORT}. */
  public List<String> nodeManagerAddresses() {
    return nodeManagers.stream().map(nm -> "127.0.0.1:" + service(nm).rpcPort()).toList();
  }

  /** {@code docker kill} of a NodeManager: its JVM and every task JVM it started die at once. */
  public void kill(String nodeManager) {
    if (!nodeManagers.contains(nodeManager)) {
      throw new IllegalArgumentException(nodeManager + " is not a NodeManager (there are " + nodeManagers + ")");
    }
    service(nodeManager).kill();
  }

  /** The web (REST) port of {@code rm}, {@code jhs} or a NodeManager. */
  public int webPort(String service) {
    Integer port = webPorts.get(service);
    if (port == null) {
      throw new IllegalArgumentException("no web port for " + service + " (there are " + webPorts.keySet() + ")");
    }
    return port;
  }

  /** A GET of a service's REST API, e.g. {@code rest("rm", "/ws/v1/cluster/apps")}: its JSON answer. */
  public JsonNode rest(String service, String path) throws IOException {
    return getJson(URI.create("http://127.0.0.1:" + webPort(service) + path));
  }

  @Override
  public void awaitReady(Duration limit) throws IOException, InterruptedException {
    awaitRunning(nodeManagers.size(), limit);
  }

  /** Waits until the ResourceManager counts {@code running} running NodeManagers. */
  public void awaitRunning(int running, Duration limit) throws InterruptedException {
    await(running + " running NodeManager(s)", limit, () -> runningNodes() == running);
  }

  /** How many NodeManagers the ResourceManager counts as running. */
  public int runningNodes() throws IOException {
    return rest(RESOURCE_MANAGER, "/ws/v1/cluster/nodes?states=RUNNING").path("nodes").path("node").size();
  }
}
