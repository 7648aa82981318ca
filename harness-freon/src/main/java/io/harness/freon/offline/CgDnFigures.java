package io.harness.freon.offline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.harness.core.run.Analysis;
import io.harness.core.workload.Figures;
import io.harness.core.records.RunRecords;
import java.util.List;
import java.util.Locale;

/**
 * A cgdn run's figures, as its JSON has them: the {@link OfflineTotals}, the datanode (its id, cluster, index
 * among the datanodes, volumes), the data and the containers' make-up (schema, layout, chunks, checksums),
 * the threads, the containers placed on it, the zero-data checksums served from the cache, and (schema v3)
 * the time to flush and close the volume DBs.
 */
public record CgDnFigures(@JsonUnwrapped OfflineTotals totals, String datanodeUuid, String clusterId, int index,
    int datanodes, String data, long seed, String schema, String layout, int chunkSize, String checksumType,
    int bytesPerChecksum, int threads, List<Long> containerIds, int volumes, long checksumCacheHits,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double dbCloseSeconds) implements Figures {

  public CgDnFigures {
    containerIds = List.copyOf(containerIds);
  }

  static CgDnFigures of(CgDn.Plan plan, RunRecords records) {
    List<Long> placed = plan.placed();
    // the volume DBs close at the run's end: a window of the run has no such figure
    Long close = records.window() == null ? OfflineTotals.extraLongOrNull(records, Datanode.DB_CLOSE_NANOS)
        : null;
    return new CgDnFigures(OfflineTotals.of(plan.ids(), records, i -> placed.get(i)),
        OfflineTotals.extraText(records, Datanode.UUID), OfflineTotals.extraText(records, Datanode.CLUSTER_ID),
        plan.index(), plan.datanodes(), plan.zero() ? "zero" : "random", plan.seed(), plan.schemaV3() ? "3" : "2",
        plan.layout(), plan.chunkSize(), plan.checksumType(), plan.bytesPerChecksum(), plan.threads(), placed,
        (int) OfflineTotals.extraLong(records, Datanode.VOLUMES),
        OfflineTotals.sum(records, OfflineTotals.CHECKSUM_CACHE_HITS), close == null ? null : close / 1e9);
  }

  @Override
  public java.util.List<io.harness.core.workload.Column> columns() {
    return totals.columns();
  }

  @Override
  public List<String> lines() {
    double worker = totals.workerSeconds();
    return List.of(totals.line("cgdn"),
        "  datanode " + datanodeUuid + " = index " + index + " of " + datanodes + ": containers " + containerIds
            + " on " + volumes + " volume(s)",
        "  schema v" + schema + ", " + layout + ", chunks of " + chunkSize + " bytes, " + checksumType + " every "
            + bytesPerChecksum + " bytes, " + ("zero".equals(data) ? "zero data" : "random data (seed " + seed + ")")
            + ", " + threads + " thread(s)",
        String.format(Locale.ROOT, "  worker time %.3f s: chunk writes %s, DB %s; the next chunk made ready beside "
            + "each write (filler threads): data %.3f s, checksums %.3f s%s", worker, pct(totals.writeSeconds(), worker),
            pct(totals.dbSeconds(), worker), totals.fillSeconds(), totals.checksumSeconds(),
            "zero".equals(data) ? " (" + checksumCacheHits + " cached)" : ""));
  }

  private static String pct(double part, double whole) {
    return OfflineTotals.pct(whole > 0 ? part / whole : 0);
  }

  @Override
  public List<String> failures() {
    return totals.failures("cgdn", containerIds.size());
  }
}
