package io.harness.freon.offline;

import io.harness.core.context.ClientSettings;
import io.harness.core.context.ClusterContext;
import io.harness.core.context.ContextBuilder;
import io.harness.core.run.RunTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.container.common.impl.ContainerLayoutVersion;
import org.apache.hadoop.ozone.container.common.statemachine.DatanodeConfiguration;
import org.apache.hadoop.ozone.util.OzoneVersionInfo;

/**
 * What an offline generator runs on: a stopped Ozone cluster's directories, as its configuration names them
 * (the SCM's or the OM's DB directory, or a datanode's volumes). Opening it only reads the configuration;
 * the generator's preflight checks the directories themselves. Nothing to close.
 *
 * @param conf the service's configuration
 * @param dirs the directories, each with the configuration key it comes from
 * @param location what the run writes, for its result: the DB, or the volumes' {@code hdds} directories
 */
record StoppedCluster(OzoneConfiguration conf, List<ClusterDirs.Dir> dirs, String location)
    implements RunTarget {
  /** The description every offline run's result has. */
  static final String DESCRIPTION = "stopped Ozone cluster's directories";

  StoppedCluster {
    dirs = List.copyOf(dirs);
  }

  /**
   * The DB directory of a service that is not HA ({@code scm} or {@code om}): {@code key}, else
   * {@code ozone.metadata.dirs}; its DB is {@code db} in it.
   */
  static StoppedCluster service(OzoneConfiguration conf, String service, String serviceName, String key,
      String db) {
    ClusterDirs.refuseHa(conf, service, serviceName);
    ClusterDirs.Dir dir = ClusterDirs.serviceDir(conf, key);
    return new StoppedCluster(conf, List.of(dir), dir.path().resolve(db).toString());
  }

  /** A datanode's volumes ({@code hdds.datanode.dir}). */
  static StoppedCluster datanode(OzoneConfiguration conf) {
    List<ClusterDirs.Dir> volumes = ClusterDirs.datanodeVolumes(conf);
    return new StoppedCluster(conf, volumes, volumes.stream().map(v -> hdds(v.path()).toString())
        .collect(Collectors.joining(",")));
  }

  /** The {@code hdds} directory of a volume root (the root itself when it is named so). */
  static Path hdds(Path root) {
    return root.getFileName() != null && root.getFileName().toString().equals("hdds") ? root : root.resolve("hdds");
  }

  /** The one directory of a service's store. */
  ClusterDirs.Dir dir() {
    return dirs.get(0);
  }

  @Override
  public String description() {
    return DESCRIPTION;
  }

  /**
   * What the offline generators' data depends on, from the configuration they read (nothing runs to ask): the
   * Ozone jars that write the stores ({@code writer}), the datanodes' chunk layout and container schema.
   */
  @Override
  public ClusterContext context(String root) {
    return new ContextBuilder(ClusterContext.OZONE, root == null ? location : root)
        .server("writer", OzoneVersionInfo.OZONE_VERSION_INFO.getVersion())
        .ozone("chunkLayout", ContainerLayoutVersion.getConfiguredVersion(conf).name())
        .ozone("containerSchema", conf.getObject(DatanodeConfiguration.class).getContainerSchemaV3Enabled() ? "V3"
            : "V2")
        .clientSettings(ClientSettings.of(conf)).build();
  }

  @Override
  public void close() {
  }
}
