package io.harness.core.report;

import java.util.List;

/**
 * Runs that stand for one side of a comparison: one run, or the repeats of one set-up ({@code harness compare
 * --group hdfs=runs/a*}), under the label the comparison shows them with.
 */
public record RunGroup(String label, List<SavedRun> runs) {
  public RunGroup {
    runs = List.copyOf(runs);
  }

  /** A group of one run, labelled with the run's name. */
  public static RunGroup of(SavedRun run) {
    return new RunGroup(run.name(), List.of(run));
  }
}
