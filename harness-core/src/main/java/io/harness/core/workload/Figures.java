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

  /**
   * The figures of these that the run's tables show beside the aggregate, in order: each a column of
   * {@code result.csv}, a row of {@code harness compare}, a figure an experiment can name.
   */
  default List<Column> columns() {
    return List.of();
  }
}
