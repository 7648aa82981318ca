package io.harness.core.workload;

import java.util.List;

/**
 * A workload's own figures, computed from the run's records alone (so {@code harness analyze} computes the
 * same ones from a saved run): a record class per workload, serialised by Jackson into the run's JSON as
 * {@code figures}.
 */
public interface Figures {
  /**
   * The workload's own block, printed above the harness's aggregate lines (TestDFSIO's result block,
   * teragen's rows and checksum); also what {@code harness analyze} prints.
   */
  List<String> lines();

  /**
   * What fails the run although no task failed (teravalidate's misordered rows, dfsg's failed files), as the
   * lines printed on stderr; when there are any, the run exits 1.
   */
  default List<String> failures() {
    return List.of();
  }

  /** The figures of these that {@code result.csv} and {@code harness compare} show beside the aggregate. */
  default Summary summary() {
    return Summary.NONE;
  }

  /**
   * What a run's summary row shows of a workload's own figures: TestDFSIO's three (null where the workload has
   * none) and the items it made, with their unit ({@code files}, {@code rows}) and their rate (null where the
   * workload counts no items), and rates of its own, each a column of {@code result.csv} and so a figure an
   * experiment can show: {@code create -> 1234.5} is the column {@code create_ops_per_sec} (a namespace run's
   * phases).
   */
  record Summary(Double testDfsioThroughputMbSec, Double testDfsioAverageIoRateMbSec, Double testDfsioIoRateStdDev,
      String item, Long items, Double itemsPerSec, java.util.Map<String, Double> opsPerSec) {
    /** The suffix of a rate's column in {@code result.csv}: {@code create_ops_per_sec}. */
    public static final String OPS_PER_SEC = "_ops_per_sec";
    /** A workload with neither. */
    public static final Summary NONE = new Summary(null, null, null, null, null, null, java.util.Map.of());

    /** TestDFSIO's throughput, average IO rate and IO rate standard deviation. */
    public static Summary testDfsio(double throughputMbSec, double averageIoRateMbSec, double ioRateStdDev) {
      return new Summary(throughputMbSec, averageIoRateMbSec, ioRateStdDev, null, null, null, java.util.Map.of());
    }

    /** {@code items} of {@code item} (plural: {@code files}), made at {@code perSec} a second. */
    public static Summary items(String item, long items, double perSec) {
      return new Summary(null, null, null, item, items, perSec, java.util.Map.of());
    }

    /** These, with rates of its own ({@code create -> ops/s}: the column {@code create_ops_per_sec}). */
    public Summary withOpsPerSec(java.util.Map<String, Double> rates) {
      return new Summary(testDfsioThroughputMbSec, testDfsioAverageIoRateMbSec, testDfsioIoRateStdDev, item, items,
          itemsPerSec, java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(rates)));
    }
  }
}
