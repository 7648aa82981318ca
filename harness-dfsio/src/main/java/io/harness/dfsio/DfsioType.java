package io.harness.dfsio;

import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Workload;
import io.harness.core.run.WorkloadType;

/** dfsio for {@code harness analyze}: the workload from a saved run's plan. */
public final class DfsioType implements WorkloadType {
  @Override
  public String name() {
    return "dfsio";
  }

  @Override
  public Workload<?> restore(RunResult saved) {
    return new DfsioWorkload(ResultWriter.mapper().convertValue(saved.plan(), DfsioPlan.class), null);
  }
}
