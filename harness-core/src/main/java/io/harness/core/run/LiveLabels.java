package io.harness.core.run;

import io.harness.core.workload.RunTarget;
import io.harness.core.workload.Workload;

import io.harness.core.result.Aggregate;
import java.util.LinkedHashMap;
import java.util.Map;

/** A run's labels on its live series ({@code run_id}, {@code workload}, {@code operation}, {@code target}), and its figures once it ended. */
final class LiveLabels {
  private LiveLabels() {}

  static Map<String, String> of(Workload<?> workload, RunFolder folder, RunTarget target) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("run_id", folder.dir() == null ? Recording.runId(workload.name(), workload.operation())
        : folder.dir().getFileName().toString());
    labels.put("workload", workload.name());
    labels.put("operation", workload.operation());
    labels.put("target", String.valueOf(target.location()));
    return labels;
  }

  /** What the live page's table of ended runs shows of one. */
  static Map<String, Object> figures(Aggregate aggregate, int exit) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("exit", exit);
    m.put("bytes", aggregate.bytes());
    m.put("seconds", aggregate.wallSeconds());
    m.put("mb_per_sec", aggregate.mbPerSec());
    m.put("tasks", aggregate.tasks());
    m.put("failed_tasks", aggregate.failedTasks());
    return m;
  }
}
