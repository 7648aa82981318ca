package io.harness.spark;

import io.harness.core.base.UsageException;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Workload;
import io.harness.core.run.WorkloadType;
import java.util.Set;

/**
 * {@code spark generate}, {@code count} and {@code copy} for {@code harness analyze}: the workload from a saved
 * run's plan, whose figures come from the run's records alone (Spark is not started).
 */
public final class SparkType implements WorkloadType {
  private static final Set<String> OPERATIONS = Set.of("generate", "count", "copy");

  @Override
  public String name() {
    return "spark";
  }

  @Override
  public boolean handles(String operation) {
    return OPERATIONS.contains(operation);
  }

  @Override
  public Workload<?> restore(RunResult saved) {
    var mapper = ResultWriter.mapper();
    return switch (saved.operation()) {
      case "generate" -> new GenerateWorkload(mapper.convertValue(saved.plan(), GeneratePlan.class));
      case "count" -> new CountWorkload(mapper.convertValue(saved.plan(), CountPlan.class));
      case "copy" -> new CopyWorkload(mapper.convertValue(saved.plan(), CopyPlan.class));
      default -> throw new UsageException("RUN_DIR", "a spark " + saved.operation() + " run: not a spark operation");
    };
  }
}
