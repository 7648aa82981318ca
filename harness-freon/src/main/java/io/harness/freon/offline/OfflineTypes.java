package io.harness.freon.offline;

import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Workload;
import io.harness.core.run.WorkloadType;

/** freon cgscm, cgom and cgdn for {@code harness analyze}: the workloads from a saved run's plan. */
public final class OfflineTypes {
  private OfflineTypes() {}

  /** freon cgscm. */
  public static final class Scm implements WorkloadType {
    @Override
    public String name() {
      return "freon";
    }

    @Override
    public boolean handles(String operation) {
      return "cgscm".equals(operation);
    }

    @Override
    public Workload<?> restore(RunResult saved) {
      return new CgScmWorkload(ResultWriter.mapper().convertValue(saved.plan(), CgScmPlan.class));
    }
  }

  /** freon cgom. */
  public static final class Om implements WorkloadType {
    @Override
    public String name() {
      return "freon";
    }

    @Override
    public boolean handles(String operation) {
      return "cgom".equals(operation);
    }

    @Override
    public Workload<?> restore(RunResult saved) {
      return new CgOmWorkload(ResultWriter.mapper().convertValue(saved.plan(), CgOmPlan.class));
    }
  }

  /** freon cgdn. */
  public static final class Dn implements WorkloadType {
    @Override
    public String name() {
      return "freon";
    }

    @Override
    public boolean handles(String operation) {
      return "cgdn".equals(operation);
    }

    @Override
    public Workload<?> restore(RunResult saved) {
      return new CgDnWorkload(ResultWriter.mapper().convertValue(saved.plan(), CgDnPlan.class));
    }
  }
}
