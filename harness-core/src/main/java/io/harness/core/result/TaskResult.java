package io.harness.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.harness.core.records.TaskRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One task as written to the run's JSON. {@code interrupted}: the run was stopped (a signal) while the
 * task ran; what it measured until then counts. {@code stack}: where the task's thread was when the
 * run gave it up as stuck ({@code --task-timeout}); absent otherwise. {@code host}: the machine it ran on (null
 * in runs saved before it was kept).
 */
public record TaskResult(int index, String name, long bytes, long startEpochNanos, long endEpochNanos,
    double seconds, double mbPerSec, Map<String, LatencySummary> latency, String error,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean interrupted,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> stack, String host) {

  public TaskResult {
    stack = stack == null ? List.of() : stack;
  }

  public static TaskResult of(TaskRecord r) {
    Map<String, LatencySummary> lat = new LinkedHashMap<>();
    r.latency().forEach((k, h) -> lat.put(k, LatencySummary.of(h)));
    double secs = (r.endEpochNanos() - r.startEpochNanos()) / 1e9;
    return new TaskResult(r.index(), r.name(), r.bytes(), r.startEpochNanos(), r.endEpochNanos(), secs,
        secs > 0 ? r.bytes() / (double) (1 << 20) / secs : 0, lat, r.error(), r.interrupted(), r.stack(), r.host());
  }
}
