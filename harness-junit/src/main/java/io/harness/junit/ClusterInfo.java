package io.harness.junit;

import io.harness.core.fs.EmbeddedCluster;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;

/**
 * The cluster a {@link HarnessCluster} test class runs on, as a test method or lifecycle method parameter: how to
 * reach it ({@link #configuration()}, {@link #fileSystemUri()}) and where a test's files go on it
 * ({@link #rootPrefix()}, {@link #path(String)}). The same cluster for every test of the class.
 */
public final class ClusterInfo {
  private final HarnessCluster.Kind kind;
  private final int datanodes;
  private final EmbeddedCluster cluster;

  ClusterInfo(HarnessCluster.Kind kind, int datanodes, EmbeddedCluster cluster) {
    this.kind = kind;
    this.datanodes = datanodes;
    this.cluster = cluster;
  }

  /** HDFS or Ozone. */
  public HarnessCluster.Kind kind() {
    return kind;
  }

  /** The datanodes the cluster was started with. */
  public int datanodes() {
    return datanodes;
  }

  /**
   * A client configuration for the cluster ({@code fs.defaultFS} is its file system, the annotation's
   * {@code conf} settings are in it): a new copy on every call, so that a test's changes stay its own.
   */
  public Configuration configuration() {
    return new Configuration(cluster.configuration());
  }

  /** The cluster's file system, e.g. {@code hdfs://127.0.0.1:40123} or {@code ofs://127.0.0.1:15032/}. */
  public URI fileSystemUri() {
    return cluster.fileSystemUri();
  }

  /**
   * The path every test's files go under: {@code /vol1/bucket1} on Ozone ({@code ofs://}'s first two levels are
   * a volume and a bucket, created with the cluster), empty on HDFS.
   */
  public String rootPrefix() {
    return cluster.rootPrefix();
  }

  /**
   * {@code relative} under {@link #rootPrefix()}, as an absolute path: {@code path("bench")} is
   * {@code /vol1/bucket1/bench} on Ozone and {@code /bench} on HDFS.
   */
  public String path(String relative) {
    String rest = relative.startsWith("/") ? relative.substring(1) : relative;
    return rootPrefix() + "/" + rest;
  }

  /**
   * One line, e.g. "MiniOzoneCluster, 3 datanode(s)", or with {@code processes = CONTAINERS} "HDFS in containers:
   * namenode + 3 datanodes (image harness-cluster:...; logs in /tmp/harness-hdfs-containers-.../logs)".
   */
  public String description() {
    return cluster.description();
  }

  @Override
  public String toString() {
    return description() + " at " + fileSystemUri();
  }
}
