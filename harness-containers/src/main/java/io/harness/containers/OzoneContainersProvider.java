package io.harness.containers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code ozone-containers}: {@link OzoneContainers}, SCM, OM and N datanodes each in a container of its own, with
 * volume {@value OzoneContainers#VOLUME} and bucket {@value OzoneContainers#BUCKET}, as an
 * {@link io.harness.core.target.EmbeddedClusterProvider} (what {@code @HarnessCluster(kind = OZONE,
 * processes = CONTAINERS)} starts). See {@link ContainersProvider} for the image, the settings and the clean-up.
 */
public final class OzoneContainersProvider extends ContainersProvider {
  /** ServiceLoader creates the provider. */
  public OzoneContainersProvider() {}

  @Override
  public String name() {
    return "ozone-containers";
  }

  @Override
  String kind() {
    return "Ozone";
  }

  @Override
  String masters() {
    return "SCM + OM";
  }

  @Override
  ClusterContainers start(Path root, int datanodes, ClusterImage image, Map<String, String> site)
      throws IOException, InterruptedException {
    return OzoneContainers.start(root, datanodes, image, site, LIMIT);
  }

  @Override
  String rootPrefix(ClusterContainers cluster) {
    return ((OzoneContainers) cluster).rootPrefix();
  }
}
