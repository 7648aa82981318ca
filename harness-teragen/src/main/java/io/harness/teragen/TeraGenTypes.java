package io.harness.teragen;

import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Workload;
import io.harness.core.run.WorkloadType;

/** teragen and teravalidate for {@code harness analyze}: the workloads from a saved run's plan. */
public final class TeraGenTypes {
  private TeraGenTypes() {}

  /** teragen. */
  public static final class Generate implements WorkloadType {
    @Override
    public String name() {
      return "teragen";
    }

    @Override
    public Workload<?> restore(RunResult saved) {
      return new TeraGenWorkload(ResultWriter.mapper().convertValue(saved.plan(), TeraGenPlan.class));
    }
  }

  /** teravalidate. */
  public static final class Validate implements WorkloadType {
    @Override
    public String name() {
      return "teravalidate";
    }

    @Override
    public Workload<?> restore(RunResult saved) {
      return new TeraValidateWorkload(ResultWriter.mapper().convertValue(saved.plan(), TeraValidatePlan.class));
    }
  }
}
