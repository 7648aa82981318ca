package io.harness.freon.offline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos;
import org.apache.hadoop.ozone.container.metadata.DatanodeStore;
import org.apache.hadoop.ozone.container.metadata.DatanodeStoreSchemaThreeImpl;

/**
 * A stopped datanode as cgdn writes it, found by its preflight: its cluster and its id (from the volumes'
 * VERSION files), its volumes, and the containers placed on it. Container {@code c} goes to volume
 * {@code c mod volumes}, directory {@code <volume>/hdds/<clusterId>/current/containerDir<(c >> 9) & 255>/<c>}.
 * With schema v3 it opens each volume's DB before the containers and flushes and closes them after
 * ({@link StoreEngine.Stores}); the zero-data checksums are computed once and shared by the threads.
 */
final class Datanode implements StoreEngine.Stores {
  static final String DATANODE = "datanode";
  static final String UUID = "datanodeUuid";
  static final String CLUSTER_ID = "clusterId";
  static final String VOLUMES = "volumes";
  static final String DB_CLOSE_NANOS = "dbCloseNanos";

  /** One data volume: its {@code hdds} directory, storage id, cluster directory and (schema v3) DB. */
  static final class Volume {
    final Path hddsRoot;
    final String storageId;
    final Path clusterDir;
    final Path db;
    volatile DatanodeStore store;

    Volume(Path hddsRoot, String storageId, Path clusterDir, Path db) {
      this.hddsRoot = hddsRoot;
      this.storageId = storageId;
      this.clusterDir = clusterDir;
      this.db = db;
    }
  }

  final OzoneConfiguration conf;
  final CgDn.Plan plan;
  final String clusterId;
  final String datanodeUuid;
  final List<Volume> volumes;
  final List<Long> placed;
  /** Checksums of zero chunks, by length. */
  final Map<Integer, ContainerProtos.ChecksumData> zeroChecksums = new ConcurrentHashMap<>();

  Datanode(OzoneConfiguration conf, CgDn.Plan plan, String clusterId, String datanodeUuid, List<Volume> volumes) {
    this.conf = conf;
    this.plan = plan;
    this.clusterId = clusterId;
    this.datanodeUuid = datanodeUuid;
    this.volumes = List.copyOf(volumes);
    this.placed = plan.placed();
  }

  Volume volumeOf(long containerId) {
    return volumes.get((int) Math.floorMod(containerId, (long) volumes.size()));
  }

  static Path containerDir(Volume v, long containerId) {
    return v.clusterDir.resolve("current").resolve("containerDir" + ((containerId >> 9) & 0xFF))
        .resolve(Long.toString(containerId));
  }

  /** The schema v3 volume DBs, opened when there is a container to write. */
  @Override
  public void open(Map<String, Object> extra) throws Exception {
    extra.put(UUID, datanodeUuid);
    extra.put(CLUSTER_ID, clusterId);
    extra.put(VOLUMES, volumes.size());
    if (!plan.schemaV3() || placed.isEmpty()) {
      return;
    }
    try {
      for (Volume v : volumes) {
        try {
          v.store = new DatanodeStoreSchemaThreeImpl(conf, v.db.toString(), false);
        } catch (IOException | RuntimeException e) {
          if (InUse.isLockError(e)) {
            throw InUse.inUse(v.db, DATANODE, ClusterDirs.DATANODE_DIRS, "RocksDB: " + e.getMessage());
          }
          throw e;
        }
      }
    } catch (Exception | Error e) {
      try {
        close(false, extra);
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /** Flushes and closes the schema v3 DBs (whether or not every container was written): timed. */
  @Override
  public void close(boolean complete, Map<String, Object> extra) throws Exception {
    long t = System.nanoTime();
    Exception first = null;
    for (Volume v : volumes) {
      DatanodeStore s = v.store;
      if (s == null) {
        continue;
      }
      v.store = null;
      try {
        s.flushDB();
      } catch (Exception e) {
        first = first == null ? e : first;
      } finally {
        try {
          s.stop();
        } catch (Exception e) {
          first = first == null ? e : first;
        }
      }
    }
    if (plan.schemaV3() && !placed.isEmpty()) {
      extra.put(DB_CLOSE_NANOS, System.nanoTime() - t);
    }
    if (first != null) {
      throw first;
    }
  }
}
