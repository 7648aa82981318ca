package io.harness.core.workload;

import io.harness.core.result.RunResult;

/**
 * How {@code harness analyze} finds the workload of a saved run: each workload module registers one with
 * {@link java.util.ServiceLoader}; it rebuilds the workload from the run's saved plan, so the figures are
 * computed again by the same code that computed them during the run.
 */
public interface WorkloadType {
  /** The workload name a saved run has ({@code dfsio}, {@code teragen}, {@code freon}...). */
  String name();

  /** Whether this type rebuilds runs of {@code operation} (a workload name may cover several types). */
  default boolean handles(String operation) {
    return true;
  }

  /** The workload of {@code saved}, from its plan (and what else the result says, such as its root). */
  default Workload<?> restore(RunResult saved) {
    return restore(saved.plan(), saved.root());
  }

  /**
   * The workload of {@code plan} (as JSON reads it back: maps, lists, numbers, strings) that works under {@code root}:
   * a saved run's, or the run a client of the MapReduce engine takes part in.
   */
  default Workload<?> restore(Object plan, String root) {
    throw new UnsupportedOperationException(name() + " is rebuilt from a saved run only");
  }
}
