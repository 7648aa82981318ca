package io.harness.freon.offline;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.UsageException;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.Window;
import io.harness.core.workload.Figures;
import io.harness.core.engine.ItemLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.base.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.OzoneConsts;

/**
 * cgdn for the pipeline: the replicas of the generated containers that belong on one datanode, written into
 * its volumes while it is stopped, a container per item of core's {@link ItemLoop} on {@code -t} threads
 * (each thread a {@link ContainerWriter}); a failed container fails the run, the others are still written.
 * The preflight reads the volumes' VERSION files and refuses a datanode that runs, containers that exist
 * and disks without room ({@link Datanode}).
 */
final class CgDnWorkload extends NamedWorkload<StoppedCluster, CgDn.Plan> {
  private Datanode datanode;

  CgDnWorkload(CgDn.Plan plan) {
    super("freon", "cgdn", plan);
  }

  @Override
  public java.util.OptionalLong plannedBytes() {
    return java.util.OptionalLong.of(io.harness.core.base.Sizes.planned("-n x --keys-per-container x --key-size",
        io.harness.core.base.Sizes.planned("-n x --keys-per-container", plan.placed().size(),
            plan.ids().keysPerContainer()), plan.ids().keySize()));
  }

  @Override
  public java.util.Map<String, String> dataPaths(StoppedCluster target) {
    return target.dataPaths();
  }

  @Override
  public void preflight(StoppedCluster target) throws Exception {
    OzoneConfiguration conf = target.conf();
    String clusterId = null;
    String uuid = null;
    List<Datanode.Volume> volumes = new ArrayList<>();
    for (ClusterDirs.Dir root : target.dirs()) {
      ClusterDirs.requireDirectory(root);
      Path hdds = StoppedCluster.hdds(root.path());
      Path versionFile = hdds.resolve("VERSION");
      Properties version = ClusterDirs.readVersion(versionFile, root.key(), "datanode volume");
      String cid = ClusterDirs.required(version, OzoneConsts.CLUSTER_ID, versionFile, root.key());
      String id = ClusterDirs.required(version, OzoneConsts.DATANODE_UUID, versionFile, root.key());
      String storageId = ClusterDirs.required(version, OzoneConsts.STORAGE_ID, versionFile, root.key());
      if (clusterId == null) {
        clusterId = cid;
        uuid = id;
      } else if (!clusterId.equals(cid) || !uuid.equals(id)) {
        throw new UsageException(root.key(), versionFile + " is of cluster " + cid + ", datanode " + id
            + ", not of cluster " + clusterId + ", datanode " + uuid + " as the other volumes");
      }
      Path clusterDir = hdds.resolve(cid);
      if (!Files.isDirectory(clusterDir)) {
        throw new UsageException(root.key(), "no " + clusterDir + ": the volume was formatted before SCM HA "
            + "(hdds/<scmId>) or never used; only volumes with hdds/<clusterId> are supported");
      }
      Path db = null;
      if (plan.schemaV3()) {
        db = findDb(conf, hdds, clusterDir, storageId, cid, root.key());
        InUse.check(db.resolve("LOCK"), db, Datanode.DATANODE, root.key());
      }
      volumes.add(new Datanode.Volume(hdds, storageId, clusterDir, db));
    }
    Path idDir = datanodeIdDir(conf);
    if (idDir != null) {
      Path witnessed = idDir.resolve(OzoneConsts.WITNESSED_CONTAINER_DB_NAME);
      InUse.check(witnessed.resolve("LOCK"), witnessed, Datanode.DATANODE, ClusterDirs.DATANODE_ID_DIR);
    }
    Datanode dn = new Datanode(conf, plan, clusterId, uuid, volumes);
    Map<Datanode.Volume, Long> need = new HashMap<>();
    for (long c : dn.placed) {
      for (Datanode.Volume v : volumes) {
        Path dir = Datanode.containerDir(v, c);
        if (Files.exists(dir)) {
          throw new UsageException("--from", "container " + c + " already exists on this datanode: " + dir);
        }
      }
      need.merge(dn.volumeOf(c), plan.ids().containerBytes(), Long::sum);
    }
    for (Map.Entry<Datanode.Volume, Long> e : need.entrySet()) {
      long free = Files.getFileStore(e.getKey().hddsRoot).getUsableSpace();
      if (e.getValue() > free) {
        throw new UsageException("-n", "the containers for " + e.getKey().hddsRoot + " need "
            + Sizes.format(e.getValue()) + ", the disk has " + Sizes.format(free) + " free");
      }
    }
    datanode = dn;
  }

  /** The schema v3 DB of a volume: on the volume itself or on one of the separate DB volumes. */
  private static Path findDb(OzoneConfiguration conf, Path hdds, Path clusterDir, String storageId, String cid,
      String key) {
    List<Path> candidates = new ArrayList<>();
    candidates.add(clusterDir.resolve(storageId).resolve(OzoneConsts.CONTAINER_DB_NAME));
    for (Path dbRoot : ClusterDirs.datanodeDbVolumes(conf)) {
      candidates.add(dbRoot.resolve("db").resolve(cid).resolve(storageId).resolve(OzoneConsts.CONTAINER_DB_NAME));
    }
    for (Path p : candidates) {
      if (Files.exists(p.resolve("CURRENT"))) {
        return p;
      }
    }
    throw new UsageException(key, "no schema v3 container DB for volume " + hdds + " (looked at "
        + candidates + "): was the datanode started with hdds.datanode.container.schema.v3.enabled=true? "
        + "If it uses schema v2, give -D hdds.datanode.container.schema.v3.enabled=false");
  }

  private static Path datanodeIdDir(OzoneConfiguration conf) {
    for (String key : new String[] {ClusterDirs.DATANODE_ID_DIR, ClusterDirs.METADATA_DIRS}) {
      Collection<String> dirs = conf.getTrimmedStringCollection(key);
      if (!dirs.isEmpty()) {
        return Path.of(dirs.iterator().next()).toAbsolutePath();
      }
    }
    return null;
  }

  @Override
  public Prepared prepare(StoppedCluster target, Settings settings) {
    Datanode dn = datanode;
    Map<TaskRecorder, ContainerWriter> writers = new ConcurrentHashMap<>();
    // no more threads than containers (a datanode may hold none of them: one thread finds nothing to do)
    int threads = Math.max(1, Math.min(plan.threads(), dn.placed.size()));
    ItemLoop loop = new ItemLoop(dn.placed.size(), threads, Window.NONE, true, "freon cgdn", "containers",
        "container", (i, rec) -> {
          writers.computeIfAbsent(rec, r -> new ContainerWriter(dn)).container(dn.placed.get((int) i), rec);
          return 0; // counted chunk by chunk
        });
    String line = "freon cgdn: " + dn.placed.size() + " of containers " + plan.ids().from() + ".."
        + plan.ids().last() + " on datanode " + plan.index() + " of " + plan.datanodes() + " ("
        + plan.ids().keysPerContainer() + " key(s) of " + plan.ids().keySize() + " bytes each, RATIS/"
        + plan.ids().factor() + "), " + loop.describe() + ", into " + target.location();
    return new Prepared(new StoreEngine(loop, dn), line, null);
  }

  @Override
  public Figures figures(RunRecords records) {
    return CgDnFigures.of(plan, records);
  }
}
