package io.harness.freon.offline;

import io.harness.core.cli.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos.LifeCycleState;
import org.apache.hadoop.hdds.scm.container.ContainerID;
import org.apache.hadoop.hdds.scm.container.ContainerInfo;
import org.apache.hadoop.hdds.scm.ha.SequenceIdType;
import org.apache.hadoop.hdds.scm.metadata.SCMDBDefinition;
import org.apache.hadoop.hdds.scm.pipeline.Pipeline;
import org.apache.hadoop.hdds.scm.pipeline.PipelineID;
import org.apache.hadoop.hdds.utils.db.BatchOperation;
import org.apache.hadoop.hdds.utils.db.DBStore;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.hdds.utils.db.TableIterator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon cgscm}: CLOSED containers in the SCM DB of a stopped cluster.
 *
 * <p>Writes one {@code containers} row per container (state CLOSED, RATIS replication, owner, used
 * bytes, key count, sequence id = the BCSID its replicas report) and advances SCM's {@code
 * containerId} sequence past the range, so containers SCM allocates after its restart get new ids.
 * SCM learns where the replicas are from the datanodes' container reports.
 */
@Command(name = "cgscm", mixinStandardHelpOptions = true, sortOptions = false,
    versionProvider = io.harness.core.cli.Harness.VersionProvider.class,
    description = {
        "Offline generator: CLOSED containers straight into the SCM DB of a stopped Ozone cluster.",
        "Run it with the SCM's configuration (-conf FILE, $OZONE_CONF_DIR, -D ozone.scm.db.dirs=DIR),",
        "and cgom / cgdn with the same --from, -n, --keys-per-container, --key-size and --replication.",
        "Exit codes: 0 done, 1 failed while writing, 2 bad input or the SCM is running (nothing written)."})
public final class CgScmCommand extends OfflineGenerator {
  static final String SCM = "SCM";

  @Option(names = "--owner", paramLabel = "NAME",
      description = "Owner of the containers (default: the OM service id, as the OM allocates them: "
          + "ozone.om.service.ids, else omServiceIdDefault).")
  String owner;

  private Path dbParent;
  private String dbKey;
  private String clusterId;
  private PipelineID pipelineId;
  private Long previousContainerSequence;
  private long highestExisting;

  public CgScmCommand() {
  }

  @Override
  protected void check(OzoneConfiguration conf, Plan plan) throws Exception {
    ClusterDirs.refuseHa(conf, "scm", "SCM");
    ClusterDirs.Dir dir = ClusterDirs.serviceDir(conf, ClusterDirs.SCM_DB_DIRS);
    ClusterDirs.requireDirectory(dir);
    dbParent = dir.path();
    dbKey = dir.key();
    Path version = dbParent.resolve("scm").resolve("current").resolve("VERSION");
    Properties props = ClusterDirs.readVersion(version, dbKey, SCM);
    clusterId = ClusterDirs.required(props, "clusterID", version, dbKey);
    Path db = dbParent.resolve("scm.db");
    ClusterDirs.requireDb(db, dbKey, SCM);
    InUse.check(db.resolve("LOCK"), db, SCM, dbKey);

    try (DBStore store = Stores.open(conf, SCMDBDefinition.get(), "scm.db", dbParent, true, dbKey, SCM)) {
      Table<ContainerID, ContainerInfo> table = SCMDBDefinition.CONTAINERS.getTable(store);
      List<Long> clashes = new ArrayList<>();
      highestExisting = 0;
      try (TableIterator<ContainerID, ContainerID> it = table.keyIterator()) {
        while (it.hasNext()) {
          long id = it.next().getId();
          highestExisting = Math.max(highestExisting, id);
          if (id >= plan.from() && id <= plan.last()) {
            clashes.add(id);
          }
        }
      }
      if (!clashes.isEmpty()) {
        throw new UsageException("--from", "container " + clashes.get(0) + " already exists in the SCM DB "
            + "(" + clashes.size() + " of the range " + plan.from() + ".." + plan.last() + " do); the highest "
            + "container id there is " + highestExisting + ": use --from " + (highestExisting + 1) + " or more");
      }
      previousContainerSequence = SCMDBDefinition.SEQUENCE_ID.getTable(store).get(SequenceIdType.containerId);
      pipelineId = null;
      try (TableIterator<PipelineID, Pipeline> it = SCMDBDefinition.PIPELINES.getTable(store).valueIterator()) {
        while (it.hasNext() && pipelineId == null) {
          Pipeline p = it.next();
          if (p.getReplicationConfig().equals(plan.replicationConfig())) {
            pipelineId = p.getId();
          }
        }
      }
    }
  }

  @Override
  protected void generate(OzoneConfiguration conf, Plan plan, GenStats stats) throws Exception {
    String containerOwner = owner != null ? owner : omServiceId(conf);
    try (DBStore store = Stores.open(conf, SCMDBDefinition.get(), "scm.db", dbParent, false, dbKey, SCM)) {
      Table<ContainerID, ContainerInfo> table = SCMDBDefinition.CONTAINERS.getTable(store);
      Table<SequenceIdType, Long> sequences = SCMDBDefinition.SEQUENCE_ID.getTable(store);
      long t0 = System.nanoTime();
      try (BatchOperation batch = store.initBatchOperation()) {
        long now = System.currentTimeMillis();
        for (int i = 0; i < plan.containers(); i++) {
          long id = plan.containerId(i);
          ContainerInfo.Builder b = new ContainerInfo.Builder()
              .setContainerID(id)
              .setState(LifeCycleState.CLOSED)
              .setReplicationConfig(plan.replicationConfig())
              .setOwner(containerOwner)
              .setUsedBytes(plan.containerBytes())
              .setNumberOfKeys(plan.keysPerContainer())
              .setSequenceId(plan.containerBcsid())
              .setDeleteTransactionId(0)
              .setStateEnterTime(now);
          if (pipelineId != null) {
            b.setPipelineID(pipelineId);
          }
          table.putWithBatch(batch, ContainerID.valueOf(id), b.build());
        }
        Long current = sequences.get(SequenceIdType.containerId);
        long next = Math.max(current == null ? 0 : current, plan.last());
        sequences.putWithBatch(batch, SequenceIdType.containerId, next);
        store.commitBatchOperation(batch);
      }
      store.flushDB();
      long t1 = System.nanoTime();
      stats.dbNanos.add(t1 - t0);
      stats.workerNanos.add(t1 - t0);
      for (int i = 0; i < plan.containers(); i++) {
        stats.task(i, plan.containerId(i), plan.containerBytes(), t0, t1, null);
      }
      stats.containers.add(plan.containers());
      stats.keys.add(plan.totalKeys());
      stats.bytes.add(plan.totalBytes());
      stats.figures.put("scmDb", dbParent.resolve("scm.db").toString());
      stats.figures.put("clusterId", clusterId);
      stats.figures.put("owner", containerOwner);
      stats.figures.put("pipelineId", pipelineId == null ? null : pipelineId.getId().toString());
      stats.figures.put("containerIdSequenceBefore", previousContainerSequence);
      stats.figures.put("containerIdSequenceAfter", sequences.get(SequenceIdType.containerId));
    }
  }

  static String omServiceId(OzoneConfiguration conf) {
    String ids = conf.getTrimmed("ozone.om.service.ids", "");
    if (!ids.isEmpty()) {
      return ids.split(",")[0].trim();
    }
    return "omServiceIdDefault";
  }

  @Override
  protected String target() {
    return dbParent == null ? null : dbParent.resolve("scm.db").toString();
  }

  @Override
  protected List<String> details(Plan plan, GenStats stats) {
    List<String> lines = new ArrayList<>();
    lines.add("CLOSED containers " + plan.from() + ".." + plan.last() + " (RATIS/" + plan.factor() + ", "
        + plan.keysPerContainer() + " keys of " + plan.keySize() + " bytes, sequence id " + plan.containerBcsid()
        + ", owner " + stats.figures.get("owner") + ", pipeline " + stats.figures.get("pipelineId") + ") in "
        + stats.figures.get("scmDb"));
    lines.add("metadata only: bytes and MB/s count the data the containers describe");
    lines.add("containerId sequence: " + stats.figures.get("containerIdSequenceBefore") + " -> "
        + stats.figures.get("containerIdSequenceAfter") + " (highest container before: " + highestExisting + ")");
    return lines;
  }
}
