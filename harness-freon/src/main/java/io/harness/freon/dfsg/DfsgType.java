package io.harness.freon.dfsg;

import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Workload;
import io.harness.core.run.WorkloadType;

/** freon dfsg for {@code harness analyze}: the workload from a saved run's plan and directory. */
public final class DfsgType implements WorkloadType {
  @Override
  public String name() {
    return "freon";
  }

  @Override
  public boolean handles(String operation) {
    return "dfsg".equals(operation);
  }

  @Override
  public Workload<?> restore(RunResult saved) {
    return new DfsgWorkload(ResultWriter.mapper().convertValue(saved.plan(), DfsgPlan.class), saved.root());
  }
}
