package io.harness.core.engine;

import io.harness.core.records.Stopping;
import io.harness.core.records.Window;

import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecorder;


/** Task recorders for code outside this package's tests (the record path's JMH benchmark): started, no window. */
public final class Recorders {
  private Recorders() {}

  /** Task {@code index}'s recorder, begun in the calling thread, feeding {@code intervals} (null: none). */
  public static TaskRecorder started(int index, Intervals intervals) {
    TaskRecorder r = new TaskRecorder(index, "task_" + index, Window.NONE, Stopping.manual(), intervals);
    r.begin();
    return r;
  }
}
