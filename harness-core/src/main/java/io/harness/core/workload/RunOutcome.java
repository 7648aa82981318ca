package io.harness.core.workload;

import io.harness.core.records.RunRecords;

import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import java.nio.file.Path;

/**
 * A finished run as the pipeline returns it: its result (as saved in {@code result.json}), its records, the
 * workload's figures and the aggregate, its exit code, and its folder (null when the run wrote no files).
 */
public record RunOutcome(RunResult result, RunRecords records, Figures figures, Aggregate aggregate, int exitCode,
    Path folder) {

  /** The workload's figures as their own type. */
  public <F extends Figures> F figures(Class<F> type) {
    return type.cast(figures);
  }
}
