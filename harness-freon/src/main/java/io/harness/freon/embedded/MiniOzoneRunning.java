package io.harness.freon.embedded;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.base.LocalDirs;
import java.net.URI;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.util.ShutdownHookManager;

/**
 * A started cluster; closing it stops every service and removes its temp directory (a folder the caller gave is
 * kept).
 */
final class MiniOzoneRunning implements EmbeddedCluster {
  private final MiniOzoneCluster cluster;
  private final Path dir;
  /** Whether {@link #dir} is a temp dir of this cluster's own (removed on close), not a caller's folder (kept). */
  private final boolean ownTempDir;
  private final OzoneConfiguration client;
  private final URI uri;
  private final int datanodes;
  private final long startMillis;
  private boolean closed;

  MiniOzoneRunning(MiniOzoneCluster cluster, Path dir, boolean ownTempDir, OzoneConfiguration client, URI uri, int datanodes,
      long startMillis) {
    this.cluster = cluster;
    this.dir = dir;
    this.ownTempDir = ownTempDir;
    this.client = client;
    this.uri = uri;
    this.datanodes = datanodes;
    this.startMillis = startMillis;
  }

  @Override
  public Configuration configuration() {
    return client;
  }

  @Override
  public URI fileSystemUri() {
    return uri;
  }

  @Override
  public String rootPrefix() {
    return "/" + MiniOzoneProvider.VOLUME + "/" + MiniOzoneProvider.BUCKET;
  }

  @Override
  public String description() {
    return "MiniOzoneCluster, " + datanodes + " datanode(s)";
  }

  /** The servers' configuration: the chunk layout and container schema the datanodes run with. */
  @Override
  public Configuration serverConfiguration() {
    return cluster.getConf();
  }

  @Override
  public Configuration stopKeepingData() {
    Configuration first = new OzoneConfiguration(cluster.getHddsDatanodes().get(0).getConf());
    cluster.stop();
    return first;
  }

  /** The cluster itself: a test stops and restarts its services through it. */
  MiniOzoneCluster miniCluster() {
    return cluster;
  }

  /** How long {@code start} took, build to bucket created. */
  long startMillis() {
    return startMillis;
  }

  Path dataDir() {
    return dir;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (!ownTempDir) {
      cluster.stop();
      return;
    }
    try {
      cluster.shutdown();
    } finally {
      LocalDirs.deleteOwnTempDir(dir);
    }
  }

  /** After the OM's own exit hook, which writes its metrics file into its metadata directory. */
  @Override
  public void atExit(Runnable action) {
    ShutdownHookManager.get().addShutdownHook(action, MiniOzoneProvider.EXIT_CLEANUP_PRIORITY);
  }

  @Override
  public String toString() {
    return description() + " at " + uri + ", data in " + dir;
  }
}
