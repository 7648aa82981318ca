package io.harness.containers;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedClusterProvider;
import io.harness.core.base.LocalDirs;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * What the two containers providers ({@code hdfs-containers}, {@code ozone-containers}; what
 * {@code @HarnessCluster(processes = CONTAINERS)} asks for) share. {@code start(base, datanodes)}:
 *
 * <ul>
 *   <li>without a reachable Docker engine skips the calling test class ({@link Docker#requireOrSkip()}: a failure
 *       instead when {@code HARNESS_REQUIRE_DOCKER=1});
 *   <li>runs the services in the image named by {@link EmbeddedClusterProvider#IMAGE_KEY}
 *       ({@code harness.containers.image}), or, when it is unset or empty, in the project's own image
 *       ({@link ClusterImage#project()}, built from this JVM's class path when missing); the key never reaches the
 *       servers;
 *   <li>writes the keys of {@code base} set with {@link EmbeddedClusterProvider#SETTING_SOURCE} (the annotation's
 *       {@code conf} entries) into every service's site file and lays them over the client configuration; no
 *       other key of {@code base} (Hadoop's defaults, a {@code core-site.xml} of the test class path) is used;
 *   <li>with {@link EmbeddedClusterProvider#YARN_KEY} ({@code harness.containers.yarn}) above 0, starts that many
 *       NodeManagers beside it ({@link YarnContainers}: a ResourceManager, a JobHistoryServer), and hands out their
 *       client configuration: MapReduce jobs of the cluster's runs go to that YARN (on Ozone its jobs' staging
 *       directory is in the ready bucket, as ofs's {@code /tmp} is a volume no one created);
 *       {@value #NODE_MANAGERS} in it lists the NodeManagers' addresses ({@code host:port}, as a task's
 *       {@code NM_HOST} and {@code NM_PORT} name its own);
 *   <li>keeps the cluster's configuration, data and logs in a new folder {@code harness-NAME-*} under
 *       {@code java.io.tmpdir}, which {@link EmbeddedCluster#close()} deletes after stopping the containers.
 * </ul>
 */
abstract class ContainersProvider implements EmbeddedClusterProvider {
  /** The longest wait for each step of the start: one service listening, then the cluster ready. */
  static final Duration LIMIT = Duration.ofMinutes(5);
  /** The client configuration's list of the YARN's NodeManagers ({@code host:port}, comma-separated). */
  public static final String NODE_MANAGERS = "harness.containers.yarn.nodemanagers";

  /** How a kind of cluster starts: {@link HdfsContainers#start}, {@link OzoneContainers#start}. */
  interface Starter {
    ClusterContainers start(Path root, int datanodes, ClusterImage image, Map<String, String> site,
        Duration limit) throws IOException, InterruptedException;
  }

  private final String name;
  private final String kind;
  private final String masters;
  private final String rootPrefix;
  private final Starter starter;

  /**
   * {@code kind} and {@code masters} start the description ({@code HDFS}, {@code namenode}); {@code rootPrefix}
   * is the path every workload's root goes under on the cluster.
   */
  ContainersProvider(String name, String kind, String masters, String rootPrefix, Starter starter) {
    this.name = name;
    this.kind = kind;
    this.masters = masters;
    this.rootPrefix = rootPrefix;
    this.starter = starter;
  }

  @Override
  public final String name() {
    return name;
  }

  /**
   * Why no cluster can start here: no Docker engine answers, or the {@code docker} command that builds the images
   * cannot use one (null when both can).
   */
  @Override
  public String unavailable() {
    if (Docker.available()) {
      String command = Docker.commandProblem();
      return command == null ? null : "the docker command cannot use the Docker engine (it builds the clusters' "
          + "images): " + command;
    }
    // with its reaper on, Testcontainers first pulls the reaper's image: without a registry that fails too
    boolean reaper = !Boolean.parseBoolean(System.getenv("TESTCONTAINERS_RYUK_DISABLED"));
    return "no Docker engine reachable (start dockerd; clusters in containers need it)" + (reaper ? ", or "
        + "Testcontainers' reaper could not start (its image testcontainers/ryuk comes from a registry; "
        + "TESTCONTAINERS_RYUK_DISABLED=true, bin/harness's default, does without it)" : "");
  }

  @Override
  public final EmbeddedCluster start(Configuration base, int datanodes) throws IOException, InterruptedException {
    Docker.requireOrSkip();
    ClusterImage image = ClusterImage.of(base.getTrimmed(IMAGE_KEY, ""));
    Map<String, String> site = EmbeddedClusterProvider.settings(base);
    int nodeManagers = base.getInt(YARN_KEY, 0);
    Path root = Files.createTempDirectory("harness-" + name() + "-");
    ClusterContainers cluster = null;
    try {
      cluster = starter.start(root, datanodes, image, site, LIMIT);
      String description = kind + " in containers: " + masters + " + " + datanodes + " datanode"
          + (datanodes == 1 ? "" : "s");
      YarnContainers yarn = null;
      if (nodeManagers > 0) {
        Map<String, String> extra = rootPrefix.isEmpty() ? Map.of()
            : Map.of("yarn.app.mapreduce.am.staging-dir", rootPrefix + "/yarn-staging");
        yarn = YarnContainers.start(root.resolve("yarn"), cluster, nodeManagers, image, extra, LIMIT);
        description += "; YARN: ResourceManager + JobHistoryServer + " + nodeManagers + " NodeManager"
            + (nodeManagers == 1 ? "" : "s");
      }
      description += " (image " + image.name() + "; logs in " + root.resolve("logs")
          + (yarn == null ? "" : " and " + root.resolve("yarn").resolve("logs")) + ")";
      return new Running(cluster, yarn, site, rootPrefix, description, root);
    } catch (IOException | InterruptedException | RuntimeException e) {
      if (cluster != null) {
        cluster.close();
      }
      LocalDirs.deleteOwnTempDir(root);
      throw e;
    }
  }

  /** A started cluster of containers (and its YARN, or null) as the SPI hands it out. */
  private static final class Running implements EmbeddedCluster {
    private final ClusterContainers cluster;
    private final YarnContainers yarn;
    private final Configuration client;
    private final String rootPrefix;
    private final String description;
    private final Path root;

    Running(ClusterContainers cluster, YarnContainers yarn, Map<String, String> site, String rootPrefix,
        String description, Path root) {
      this.cluster = cluster;
      this.yarn = yarn;
      this.client = yarn == null ? cluster.configuration() : yarn.configuration();
      site.forEach((key, value) -> client.set(key, value, SETTING_SOURCE));
      if (yarn != null) {
        client.set(NODE_MANAGERS, String.join(",", yarn.nodeManagerAddresses()));
      }
      this.rootPrefix = rootPrefix;
      this.description = description;
      this.root = root;
    }

    @Override
    public Configuration configuration() {
      return client;
    }

    @Override
    public URI fileSystemUri() {
      return cluster.uri();
    }

    @Override
    public String rootPrefix() {
      return rootPrefix;
    }

    @Override
    public boolean inThisJvm() {
      return false;
    }

    @Override
    public String description() {
      return description;
    }

    /** Stops every container (YARN's first: its services write to the storage until they stop), then deletes the
     * cluster's folder (configuration, data, logs). */
    @Override
    public void close() {
      try {
        if (yarn != null) {
          yarn.close();
        }
      } finally {
        try {
          cluster.close();
        } finally {
          LocalDirs.deleteOwnTempDir(root);
        }
      }
    }
  }
}
