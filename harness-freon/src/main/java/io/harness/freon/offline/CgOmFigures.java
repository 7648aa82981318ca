package io.harness.freon.offline;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.util.ArrayList;
import java.util.List;

/**
 * A cgom run's figures, as its JSON has them: the {@link OfflineTotals} and where the keys went (the OM DB,
 * volume, bucket and its layout, what was created, the update id the objects got, the first key), and whether
 * the last batch (with the bucket's new usage) was committed (it is not when a container failed).
 */
public record CgOmFigures(@JsonUnwrapped OfflineTotals totals, String omDb, String volume, String bucket,
    String bucketLayout, boolean volumeCreated, boolean bucketCreated, long directoriesCreated, long updateId,
    String firstKey, boolean committed) implements Figures {
  static final String OM_DB = "omDb";
  static final String BUCKET_LAYOUT = "bucketLayout";
  static final String VOLUME_CREATED = "volumeCreated";
  static final String BUCKET_CREATED = "bucketCreated";
  static final String DIRECTORIES_CREATED = "directoriesCreated";
  static final String UPDATE_ID = "updateId";
  static final String COMMITTED = "committed";

  static CgOmFigures of(CgOm.Plan plan, RunRecords records) {
    Ids ids = plan.ids();
    return new CgOmFigures(OfflineTotals.of(ids, records, ids::containerId),
        OfflineTotals.extraText(records, OM_DB), plan.volume(), plan.bucket(),
        OfflineTotals.extraText(records, BUCKET_LAYOUT), Boolean.TRUE.equals(records.extra().get(VOLUME_CREATED)),
        Boolean.TRUE.equals(records.extra().get(BUCKET_CREATED)),
        OfflineTotals.extraLong(records, DIRECTORIES_CREATED), OfflineTotals.extraLong(records, UPDATE_ID),
        plan.firstKey(), Boolean.TRUE.equals(records.extra().get(COMMITTED)));
  }

  @Override
  public java.util.List<io.harness.core.workload.Column> columns() {
    return totals.columns();
  }

  @Override
  public List<String> lines() {
    return List.of(totals.line("cgom"),
        "  keys " + firstKey + " ... in " + volume + "/" + bucket + " (" + bucketLayout
            + (bucketCreated ? ", bucket created" : "") + (volumeCreated ? ", volume created" : "") + ", "
            + directoriesCreated + " directories created) in " + omDb,
        "  metadata only: bytes and MB/s count the data the keys describe",
        "  every key is one block (containerId, localId 1.." + totals.keysPerContainer() + ") of "
            + totals.keySize() + " bytes, " + totals.replication() + "; update id " + updateId);
  }

  @Override
  public List<String> failures() {
    List<String> lines = new ArrayList<>(totals.failures("cgom", totals.lastContainer() - totals.firstContainer()
        + 1));
    if (!committed && totals.storeError() == null) {
      lines.add("cgom: the last batch of keys and the bucket's usage were not written to " + omDb
          + " (a container failed, or the run was stopped)");
    }
    return lines;
  }
}
