package io.harness.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.harness.core.context.ClusterContext;
import java.util.List;
import java.util.Map;

/**
 * Everything about one run, as written to its JSON file: what was asked (command line, every option
 * value), on what (versions, host, target), what happened (per-task records) and the figures.
 * {@code figures} holds the workload's own numbers (e.g. the legacy TestDFSIO block).
 * {@code interrupted} names the signal that stopped the run early (absent when none did);
 * {@code log} is the file in the run's folder that holds the libraries' and embedded servers' logs;
 * {@code plan} is the workload's checked options, what {@code harness analyze} rebuilds the workload from;
 * {@code cluster} is what the run's numbers depend on, read from the target at its start (absent in results
 * written before it existed). {@code format} is the shape of this file ({@link ResultFormat}); {@code instrumentation}
 * holds {@code --instrument}'s reports (one per FileSystem instance, task or server-side scope) and {@code profile}
 * names {@code --profile}'s flame graph: both absent when the run had neither. {@code clients}: a run of the MapReduce
 * clients engine's clients ({@code --clients}): how many, which were late, their hosts, their clocks' offsets from the
 * launcher's and the spread of those, the job; absent for a run in one JVM.
 */
@com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true)
public record RunResult(
    int format,
    String workload,
    String operation,
    List<String> commandLine,
    Map<String, Object> options,
    Versions versions,
    String host,
    String target,
    String targetDescription,
    String root,
    @JsonInclude(JsonInclude.Include.NON_NULL) ClusterContext cluster,
    String startedAt,
    String finishedAt,
    int exitCode,
    List<String> failedTasks,
    Aggregate aggregate,
    Map<String, Object> figures,
    List<TaskResult> tasks,
    @JsonInclude(JsonInclude.Include.NON_NULL) String interrupted,
    @JsonInclude(JsonInclude.Include.NON_NULL) String log,
    @JsonInclude(JsonInclude.Include.NON_NULL) Object plan,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Map<String, Object>> instrumentation,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> profile,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> clients) {

  /**
   * This result with the figures the workload had after the run (what it did after its figures, e.g. a part file,
   * included), finished at {@code time}.
   */
  public RunResult finished(Map<String, Object> newFigures, String time) {
    return new RunResult(format, workload, operation, commandLine, options, versions, host, target,
        targetDescription, root, cluster, startedAt, time, exitCode, failedTasks, aggregate, newFigures, tasks,
        interrupted, log, plan, instrumentation, profile, clients);
  }

  /**
   * This result of a run that {@code signal} stopped after the result was made (while it was saved, or its reports
   * written): its exit code the signal's.
   */
  public RunResult stoppedBy(String signal, int signalExitCode) {
    return new RunResult(format, workload, operation, commandLine, options, versions, host, target,
        targetDescription, root, cluster, startedAt, finishedAt, signalExitCode, failedTasks, aggregate, figures,
        tasks, signal, log, plan, instrumentation, profile, clients);
  }
}
