package io.harness.freon.offline;

import io.harness.core.workload.NamedWorkload;
import io.harness.core.base.UsageException;
import io.harness.core.records.Window;
import io.harness.core.workload.Figures;
import io.harness.core.engine.ItemLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

/**
 * cgscm for the pipeline: CLOSED containers in the SCM DB of a stopped cluster. One {@code containers} row
 * per container (state CLOSED, RATIS replication, owner, used bytes, key count, sequence id = the BCSID its
 * replicas report), all in one batch, committed with SCM's {@code containerId} sequence advanced past the
 * range (so containers SCM allocates after its restart get new ids) once every row is in it. SCM learns
 * where the replicas are from the datanodes' container reports.
 */
final class CgScmWorkload extends NamedWorkload<StoppedCluster, CgScm.Plan> {
  static final String SCM = "SCM";
  static final String DB = "scm.db";

  private Path dbParent;
  private String dbKey;
  private String clusterId;
  private PipelineID pipelineId;
  private Long previousSequence;
  private long highestExisting;

  CgScmWorkload(CgScm.Plan plan) {
    super("freon", "cgscm", plan);
  }

  @Override
  public java.util.Map<String, String> dataPaths(StoppedCluster target) {
    return target.dataPaths();
  }

  @Override
  public void preflight(StoppedCluster target) throws Exception {
    Ids ids = plan.ids();
    ClusterDirs.Dir dir = target.dir();
    ClusterDirs.requireDirectory(dir);
    dbParent = dir.path();
    dbKey = dir.key();
    Path version = dbParent.resolve("scm").resolve("current").resolve("VERSION");
    Properties props = ClusterDirs.readVersion(version, dbKey, SCM);
    clusterId = ClusterDirs.required(props, "clusterID", version, dbKey);
    Path db = dbParent.resolve(DB);
    ClusterDirs.requireDb(db, dbKey, SCM);
    InUse.check(db.resolve("LOCK"), db, SCM, dbKey);

    try (DBStore store = Stores.open(target.conf(), SCMDBDefinition.get(), DB, dbParent, true, dbKey, SCM)) {
      Table<ContainerID, ContainerInfo> table = SCMDBDefinition.CONTAINERS.getTable(store);
      List<Long> clashes = new ArrayList<>();
      highestExisting = 0;
      try (TableIterator<ContainerID, ContainerID> it = table.keyIterator()) {
        while (it.hasNext()) {
          long id = it.next().getId();
          highestExisting = Math.max(highestExisting, id);
          if (id >= ids.from() && id <= ids.last()) {
            clashes.add(id);
          }
        }
      }
      if (!clashes.isEmpty()) {
        throw new UsageException("--from", "container " + clashes.get(0) + " already exists in the SCM DB "
            + "(" + clashes.size() + " of the range " + ids.from() + ".." + ids.last() + " do); the highest "
            + "container id there is " + highestExisting + ": use --from " + (highestExisting + 1) + " or more");
      }
      previousSequence = SCMDBDefinition.SEQUENCE_ID.getTable(store).get(SequenceIdType.containerId);
      pipelineId = null;
      try (TableIterator<PipelineID, Pipeline> it = SCMDBDefinition.PIPELINES.getTable(store).valueIterator()) {
        while (it.hasNext() && pipelineId == null) {
          Pipeline p = it.next();
          if (p.getReplicationConfig().equals(ids.replicationConfig())) {
            pipelineId = p.getId();
          }
        }
      }
    }
  }

  @Override
  public Prepared prepare(StoppedCluster target, Settings settings) {
    Ids ids = plan.ids();
    Rows rows = new Rows(target.conf());
    ItemLoop loop = new ItemLoop(ids.containers(), 1, Window.NONE, false, "freon cgscm", "containers", "container",
        (i, rec) -> {
          long t = System.nanoTime();
          rows.put(ids.containerId((int) i));
          long nanos = System.nanoTime() - t;
          rows.dbNanos += nanos;
          rec.noteTotal(OfflineTotals.DB_NANOS, rows.dbNanos);
          rec.noteTotal(OfflineTotals.WORKER_NANOS, rows.dbNanos);
          return ids.containerBytes();
        });
    String line = "freon cgscm: CLOSED containers " + ids.from() + ".." + ids.last() + " (RATIS/" + ids.factor()
        + ", " + ids.keysPerContainer() + " key(s) of " + ids.keySize() + " bytes each, owner " + plan.owner()
        + ") into " + target.location();
    return new Prepared(new StoreEngine(loop, rows), line, null);
  }

  @Override
  public Figures figures(RunRecords records) {
    return CgScmFigures.of(plan, records);
  }

  /** The SCM DB open for writing, and the batch the container rows go into. */
  private final class Rows implements StoreEngine.Stores {
    private final OzoneConfiguration conf;
    private DBStore store;
    private BatchOperation batch;
    private Table<ContainerID, ContainerInfo> table;
    private long now;
    long dbNanos;

    Rows(OzoneConfiguration conf) {
      this.conf = conf;
    }

    @Override
    public void open(Map<String, Object> extra) throws Exception {
      extra.put(CgScmFigures.SCM_DB, dbParent.resolve(DB).toString());
      extra.put(CgScmFigures.CLUSTER_ID, clusterId);
      extra.put(CgScmFigures.PIPELINE_ID, pipelineId == null ? null : pipelineId.getId().toString());
      extra.put(CgScmFigures.SEQUENCE_BEFORE, previousSequence);
      extra.put(CgScmFigures.HIGHEST, highestExisting);
      store = Stores.open(conf, SCMDBDefinition.get(), DB, dbParent, false, dbKey, SCM);
      try {
        table = SCMDBDefinition.CONTAINERS.getTable(store);
        batch = store.initBatchOperation();
      } catch (Exception | Error e) {
        store.close();
        throw e;
      }
      now = System.currentTimeMillis();
    }

    void put(long id) throws Exception {
      Ids ids = plan.ids();
      ContainerInfo.Builder b = new ContainerInfo.Builder()
          .setContainerID(id)
          .setState(LifeCycleState.CLOSED)
          .setReplicationConfig(ids.replicationConfig())
          .setOwner(plan.owner())
          .setUsedBytes(ids.containerBytes())
          .setNumberOfKeys(ids.keysPerContainer())
          .setSequenceId(ids.containerBcsid())
          .setDeleteTransactionId(0)
          .setStateEnterTime(now);
      if (pipelineId != null) {
        b.setPipelineID(pipelineId);
      }
      table.putWithBatch(batch, ContainerID.valueOf(id), b.build());
    }

    @Override
    public void close(boolean complete, Map<String, Object> extra) throws Exception {
      try (DBStore s = store; BatchOperation b = batch) {
        extra.put(CgScmFigures.COMMITTED, false);
        if (complete) {
          Table<SequenceIdType, Long> sequences = SCMDBDefinition.SEQUENCE_ID.getTable(s);
          Long current = sequences.get(SequenceIdType.containerId);
          sequences.putWithBatch(b, SequenceIdType.containerId, Math.max(current == null ? 0 : current,
              plan.ids().last()));
          s.commitBatchOperation(b);
          s.flushDB();
          extra.put(CgScmFigures.COMMITTED, true);
          extra.put(CgScmFigures.SEQUENCE_AFTER, sequences.get(SequenceIdType.containerId));
        }
      }
    }
  }
}
