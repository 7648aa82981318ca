package io.harness.core.workload;

import io.harness.core.context.ClusterContext;
import io.harness.core.context.ClusterProbes;

/**
 * What a run works on, as its result names it: a Hadoop file system ({@link io.harness.core.fs.Target}),
 * Spark's cluster with its file systems, or a stopped Ozone cluster's directories. Closing it ends what the
 * run started (an embedded cluster, a client).
 */
public interface RunTarget extends AutoCloseable {
  /** The URI or place, e.g. {@code hdfs://nn:8020}, {@code ofs://om/}. */
  String location();

  /** One line: {@code embedded MiniOzoneCluster, 3 datanode(s)}, or the URI's scheme. */
  String description();

  /**
   * What the run's numbers depend on, read from the target once the workload is prepared: servers, versions,
   * placement under {@code root} (the run's root, as the workload names it; may be null), client settings.
   * Takes a few seconds at most and never fails: what cannot be learned is unknown, with the reason.
   */
  default ClusterContext context(String root) {
    return ClusterProbes.unknown(description(), root, "this target does not describe its cluster");
  }

  /**
   * The bytes free for the run's writes under {@code root} when the target is this machine's own disk (the
   * local file system), so a plan larger than the disk is refused before it fills it; empty on a cluster. Found
   * from {@link #localPath}: the free space of the nearest folder of it that exists.
   */
  default java.util.OptionalLong localFreeBytes(String root) {
    java.nio.file.Path p = localPath(root).orElse(null);
    while (p != null && !java.nio.file.Files.exists(p)) {
      p = p.getParent();
    }
    try {
      return p == null ? java.util.OptionalLong.empty()
          : java.util.OptionalLong.of(java.nio.file.Files.getFileStore(p).getUsableSpace());
    } catch (java.io.IOException | RuntimeException e) {
      return java.util.OptionalLong.empty();
    }
  }

  /**
   * The local file or directory {@code path} (a path on the target, as the workload names it) is, when the
   * target is this machine's own disk; empty on a cluster.
   */
  default java.util.Optional<java.nio.file.Path> localPath(String path) {
    return java.util.Optional.empty();
  }

  @Override
  void close();
}
