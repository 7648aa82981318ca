package io.harness.containers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code hdfs-containers}: {@link HdfsContainers}, a namenode and N datanodes each in a container of its own, as an
 * {@link io.harness.core.target.EmbeddedClusterProvider} (what {@code @HarnessCluster(kind = HDFS,
 * processes = CONTAINERS)} starts). See {@link ContainersProvider} for the image, the settings and the clean-up.
 */
public final class HdfsContainersProvider extends ContainersProvider {
  /** ServiceLoader creates the provider. */
  public HdfsContainersProvider() {}

  @Override
  public String name() {
    return "hdfs-containers";
  }

  @Override
  String kind() {
    return "HDFS";
  }

  @Override
  String masters() {
    return "namenode";
  }

  @Override
  ClusterContainers start(Path root, int datanodes, ClusterImage image, Map<String, String> site)
      throws IOException, InterruptedException {
    return HdfsContainers.start(root, datanodes, image, site, LIMIT);
  }

  @Override
  String rootPrefix(ClusterContainers cluster) {
    return "";
  }
}
