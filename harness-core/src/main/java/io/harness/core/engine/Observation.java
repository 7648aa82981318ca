package io.harness.core.engine;

import io.harness.core.records.LiveFeed;
import java.util.List;
import java.util.Map;

/**
 * What a run observes besides its records, as its engines see it: the timing agent that task JVMs of their own load
 * ({@code --instrument}), the timings those tasks send back, whether this JVM is watched (the agent or the profiler),
 * and the run's live view. The run's recording (its folder, {@code --json}, {@code --instrument}, {@code --profile},
 * the live outlets) is one.
 */
public interface Observation {
  /** The agent the tasks of a MapReduce engine load in JVMs of their own; null: none ({@code --instrument} not given). */
  RunInstrumentation.TaskAgent taskAgent();

  /** The timings the agent of a task that ran in a JVM of its own sent back. */
  void addTaskTimings(String task, List<Map<String, Object>> timings);

  /** Whether {@code --instrument} or {@code --profile} watches this JVM. */
  boolean observesThisJvm();

  /** Where the run's calls go live ({@code LiveFeed.NONE} when nothing watches). */
  LiveFeed feed();
}
