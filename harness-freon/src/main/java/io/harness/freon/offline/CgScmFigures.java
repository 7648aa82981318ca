package io.harness.freon.offline;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.util.ArrayList;
import java.util.List;

/**
 * A cgscm run's figures, as its JSON has them: the {@link OfflineTotals} and where the containers went (the
 * SCM DB, its cluster, the owner, the pipeline they name), SCM's container id sequence before and after, and
 * whether the batch was committed (it is not when a container failed: then nothing was written).
 */
public record CgScmFigures(@JsonUnwrapped OfflineTotals totals, String scmDb, String clusterId, String owner,
    String pipelineId, Long containerIdSequenceBefore, Long containerIdSequenceAfter, long highestContainerBefore,
    boolean committed) implements Figures {
  static final String SCM_DB = "scmDb";
  static final String CLUSTER_ID = "clusterId";
  static final String PIPELINE_ID = "pipelineId";
  static final String SEQUENCE_BEFORE = "containerIdSequenceBefore";
  static final String SEQUENCE_AFTER = "containerIdSequenceAfter";
  static final String HIGHEST = "highestContainerBefore";
  static final String COMMITTED = "committed";

  static CgScmFigures of(CgScm.Plan plan, RunRecords records) {
    Ids ids = plan.ids();
    return new CgScmFigures(OfflineTotals.of(ids, records, ids::containerId),
        OfflineTotals.extraText(records, SCM_DB), OfflineTotals.extraText(records, CLUSTER_ID), plan.owner(),
        OfflineTotals.extraText(records, PIPELINE_ID), OfflineTotals.extraLongOrNull(records, SEQUENCE_BEFORE),
        OfflineTotals.extraLongOrNull(records, SEQUENCE_AFTER), OfflineTotals.extraLong(records, HIGHEST),
        Boolean.TRUE.equals(records.extra().get(COMMITTED)));
  }

  @Override
  public java.util.List<io.harness.core.workload.Column> columns() {
    return totals.columns();
  }

  @Override
  public List<String> lines() {
    return List.of(totals.line("cgscm"),
        "  CLOSED containers " + totals.firstContainer() + ".." + totals.lastContainer() + " (" + totals.replication()
            + ", " + totals.keysPerContainer() + " keys of " + totals.keySize() + " bytes, sequence id "
            + totals.keysPerContainer() + ", owner " + owner + ", pipeline " + pipelineId + ") in " + scmDb,
        "  metadata only: bytes and MB/s count the data the containers describe",
        "  containerId sequence: " + containerIdSequenceBefore + " -> " + containerIdSequenceAfter
            + " (highest container before: " + highestContainerBefore + ")");
  }

  @Override
  public List<String> failures() {
    List<String> lines = new ArrayList<>(totals.failures("cgscm", totals.lastContainer() - totals.firstContainer()
        + 1));
    if (!committed && totals.storeError() == null) {
      lines.add("cgscm: nothing was written to " + scmDb + " (a container failed, or the run was stopped)");
    }
    return lines;
  }
}
