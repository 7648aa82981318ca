package io.harness.core.fs;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;

/**
 * A cluster started for one run, inside this JVM (or, from harness-containers' providers, each service in a container
 * of its own); closing it stops it and removes its data.
 */
public interface EmbeddedCluster extends AutoCloseable {
  /** A client configuration that points at the cluster ({@code fs.defaultFS} is set). */
  Configuration configuration();

  /** The file system URI of the cluster, e.g. {@code hdfs://127.0.0.1:40123} or {@code ofs://...}. */
  URI fileSystemUri();

  /**
   * The path every workload's root is placed under: empty for HDFS, {@code /volume/bucket} for
   * Ozone's {@code ofs://}, whose first two path levels are a volume and a bucket.
   */
  String rootPrefix();

  /** One line for the report, e.g. "MiniOzoneCluster, 3 datanodes". */
  String description();

  /**
   * Whether the cluster's services run in this JVM (a MiniDFSCluster, a MiniOzoneCluster: an embedded cluster)
   * rather than in processes of their own (containers), which its description then says.
   */
  default boolean inThisJvm() {
    return true;
  }

  /**
   * The configuration the cluster's servers run with (what a remote cluster may not tell a client: its chunk
   * layout, its container schema), or null when the cluster does not say.
   */
  default Configuration serverConfiguration() {
    return null;
  }

  /**
   * Stops the cluster's services but keeps their data, and returns the configuration of its first datanode: its
   * volumes are then a stopped datanode's, what the offline generators write into. Null when the cluster cannot
   * (the default). {@link #close} still removes the data.
   */
  default Configuration stopKeepingData() throws java.io.IOException {
    return null;
  }

  /**
   * Runs {@code action} when this JVM exits, after the cluster's own exit hooks (which may still write into
   * its data folder, as Ozone's OM writes its metrics file). The default: a plain JVM shutdown hook.
   */
  default void atExit(Runnable action) {
    Runtime.getRuntime().addShutdownHook(new Thread(action, "harness-cluster-exit"));
  }

  @Override
  void close();
}
