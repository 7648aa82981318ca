package io.harness.core.result;

import java.util.List;
import java.util.Map;

/**
 * Everything about one run, as written to its JSON file: what was asked (command line, every option
 * value), on what (versions, host, target), what happened (per-task records) and the figures.
 * {@code figures} holds the workload's own numbers (e.g. the legacy TestDFSIO block).
 */
public record RunResult(
    String workload,
    String operation,
    List<String> commandLine,
    Map<String, Object> options,
    Versions versions,
    String host,
    String target,
    String targetDescription,
    String root,
    String startedAt,
    String finishedAt,
    int exitCode,
    List<String> failedTasks,
    Aggregate aggregate,
    Map<String, Object> figures,
    List<TaskResult> tasks) {
}
