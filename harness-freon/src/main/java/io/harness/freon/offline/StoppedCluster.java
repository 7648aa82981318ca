package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import io.harness.core.context.ClientSettings;
import io.harness.core.context.ClusterContext;
import io.harness.core.context.ContextBuilder;
import io.harness.core.workload.RunTarget;
import io.harness.core.base.Sizes;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.scm.OzoneClientConfig;
import org.apache.hadoop.ozone.OzoneConsts;
import org.apache.hadoop.ozone.container.common.impl.ContainerLayoutVersion;
import org.apache.hadoop.ozone.container.common.statemachine.DatanodeConfiguration;
import org.apache.hadoop.ozone.util.OzoneVersionInfo;

/**
 * What an offline generator runs on: a stopped Ozone cluster's directories, as its configuration names them
 * (the SCM's or the OM's DB directory, or a datanode's volumes). Opening it only reads the configuration;
 * the generator's preflight checks the directories themselves. Nothing to close. Its static methods read the
 * run's configuration as Ozone does (its default and site files): the generators' options classes ask them, so
 * that those classes name no Ozone class and load where Ozone's jars are absent (the job jar lists them).
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
  static StoppedCluster service(Configuration run, String service, String serviceName, String key, String db) {
    OzoneConfiguration conf = OzoneConfiguration.of(run);
    ClusterDirs.refuseHa(conf, service, serviceName);
    ClusterDirs.Dir dir = ClusterDirs.serviceDir(conf, key);
    return new StoppedCluster(conf, List.of(dir), dir.path().resolve(db).toString());
  }

  /** A datanode's volumes ({@code hdds.datanode.dir}). */
  static StoppedCluster datanode(Configuration run) {
    OzoneConfiguration conf = OzoneConfiguration.of(run);
    List<ClusterDirs.Dir> volumes = ClusterDirs.datanodeVolumes(conf);
    return new StoppedCluster(conf, volumes, volumes.stream().map(v -> hdds(v.path()).toString())
        .collect(Collectors.joining(",")));
  }

  /** The {@code hdds} directory of a volume root (the root itself when it is named so). */
  static Path hdds(Path root) {
    return root.getFileName() != null && root.getFileName().toString().equals("hdds") ? root : root.resolve("hdds");
  }

  /** The value of {@code key} (trimmed), else {@code dflt}. */
  static String setting(Configuration run, String key, String dflt) {
    return OzoneConfiguration.of(run).getTrimmed(key, dflt);
  }

  /** The size {@code key} gives, else {@code dflt}, in bytes; a value that is not a size is bad input naming it. */
  static long size(Configuration run, String key, String dflt) {
    OzoneConfiguration conf = OzoneConfiguration.of(run);
    String text = conf.getTrimmed(key, dflt);
    try {
      return (long) conf.getStorageSize(key, dflt, org.apache.hadoop.hdds.conf.StorageUnit.BYTES);
    } catch (IllegalArgumentException e) {
      throw new UsageException(key, "'" + text + "' is not a size");
    }
  }

  /**
   * What a datanode's configuration makes of its containers: schema v3 (one DB per volume) or v2, the layout
   * ({@code FILE_PER_BLOCK}, {@code FILE_PER_CHUNK}), and the client's chunk size and checksums.
   */
  record Format(boolean schemaV3, String layout, int chunkSize, String checksumType, int bytesPerChecksum) {}

  /** The containers' {@link Format} {@code run} gives; a chunk size out of range is bad input naming its key. */
  static Format format(Configuration run) {
    OzoneConfiguration conf = OzoneConfiguration.of(run);
    OzoneClientConfig client = conf.getObject(OzoneClientConfig.class);
    int chunkSize = client.getStreamBufferSize();
    if (chunkSize < 1 || chunkSize > OzoneConsts.OZONE_SCM_CHUNK_MAX_SIZE) {
      throw new UsageException("ozone.client.stream.buffer.size", "the chunk size must be 1 byte .. "
          + Sizes.format(OzoneConsts.OZONE_SCM_CHUNK_MAX_SIZE) + ", was " + chunkSize);
    }
    return new Format(conf.getObject(DatanodeConfiguration.class).getContainerSchemaV3Enabled(),
        ContainerLayoutVersion.getConfiguredVersion(conf).name(), chunkSize, client.getChecksumType().name(),
        client.getBytesPerChecksum());
  }

  /** The one directory of a service's store. */
  ClusterDirs.Dir dir() {
    return dirs.get(0);
  }

  @Override
  public String description() {
    return DESCRIPTION;
  }

  /** Its directories are this machine's. */
  @Override
  public java.util.Optional<Path> localPath(String path) {
    return path == null ? java.util.Optional.empty() : java.util.Optional.of(Path.of(path));
  }

  /**
   * What a generator writes, by the key that names each place: the service's DB, or each volume's {@code hdds}
   * directory ({@link #location}). No local output of the line may be in one.
   */
  java.util.Map<String, String> dataPaths() {
    java.util.Map<String, String> paths = new java.util.LinkedHashMap<>();
    String[] written = location.split(",");
    for (int i = 0; i < written.length && i < dirs.size(); i++) {
      String key = dirs.get(i).key();
      paths.put(paths.containsKey(key) ? key + " (" + written[i] + ")" : key, written[i]);
    }
    return paths;
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
