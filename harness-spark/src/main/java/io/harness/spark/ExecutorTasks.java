package io.harness.spark;

import io.harness.core.records.TaskRecord;
import io.harness.core.records.RunRecords;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tasks one Spark executor ran, as the figures' {@code executors} list them: its id ({@code driver} with a
 * local master), its host, how many of the run's task records, and their bytes (written, or read). Computed from the
 * task records, so {@code harness analyze} finds the same.
 */
public record ExecutorTasks(String id, String host, int tasks, long bytes) {

  /** By executor id; empty for records saved before they kept the executor. */
  static List<ExecutorTasks> of(RunRecords records) {
    Map<String, ExecutorTasks> by = new TreeMap<>();
    for (TaskRecord t : records.tasks()) {
      Object id = t.extra().get(SparkEngine.EXECUTOR);
      if (id != null) {
        by.merge(id.toString(), new ExecutorTasks(id.toString(), t.host(), 1, t.bytes()),
            (a, b) -> new ExecutorTasks(a.id(), a.host(), a.tasks() + b.tasks(), a.bytes() + b.bytes()));
      }
    }
    return List.copyOf(by.values());
  }

  /** The line that says where the tasks ran, when executors of their own (not the driver's threads) ran them. */
  static List<String> lines(String label, List<ExecutorTasks> executors) {
    if (executors.stream().allMatch(e -> e.id().equals("driver"))) {
      return List.of();
    }
    StringBuilder sb = new StringBuilder(label + ": " + executors.stream().mapToInt(ExecutorTasks::tasks).sum()
        + " task(s) on " + executors.size() + " executor(s):");
    String sep = " ";
    for (ExecutorTasks e : executors) {
      sb.append(String.format(Locale.ROOT, "%sexecutor %s on %s, %d task(s), %s", sep, e.id(), e.host(), e.tasks(),
          SparkNotes.mb(e.bytes())));
      sep = "; ";
    }
    return List.of(sb.toString());
  }
}
