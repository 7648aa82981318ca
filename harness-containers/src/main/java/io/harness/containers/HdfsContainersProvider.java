package io.harness.containers;

/**
 * {@code hdfs-containers}: {@link HdfsContainers}, a namenode and N datanodes each in a container of its own, as an
 * {@link io.harness.core.fs.EmbeddedClusterProvider} (what {@code @HarnessCluster(kind = HDFS,
 * processes = CONTAINERS)} starts). See {@link ContainersProvider} for the image, the settings and the clean-up.
 */
public final class HdfsContainersProvider extends ContainersProvider {
  /** ServiceLoader creates the provider. */
  public HdfsContainersProvider() {
    super("hdfs-containers", "HDFS", "namenode", "", HdfsContainers::start);
  }
}
