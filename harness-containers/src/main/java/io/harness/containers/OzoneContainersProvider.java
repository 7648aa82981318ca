package io.harness.containers;

/**
 * {@code ozone-containers}: {@link OzoneContainers}, SCM, OM and N datanodes each in a container of its own, with
 * volume {@value OzoneContainers#VOLUME} and bucket {@value OzoneContainers#BUCKET} (the root prefix
 * {@code /vol1/bucket1}), as an {@link io.harness.core.fs.EmbeddedClusterProvider} (what
 * {@code @HarnessCluster(kind = OZONE, processes = CONTAINERS)} starts). See {@link ContainersProvider} for the
 * image, the settings and the clean-up.
 */
public final class OzoneContainersProvider extends ContainersProvider {
  /** ServiceLoader creates the provider. */
  public OzoneContainersProvider() {
    super("ozone-containers", "Ozone", "SCM + OM", "/" + OzoneContainers.VOLUME + "/" + OzoneContainers.BUCKET,
        OzoneContainers::start);
  }
}
