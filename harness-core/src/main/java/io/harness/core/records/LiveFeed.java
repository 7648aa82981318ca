package io.harness.core.records;

import java.util.function.Supplier;

/**
 * Where a run's calls go as its tasks record them, besides each task's own record: the live view of a run
 * (its metrics registry, {@code io.harness.core.live.LiveRun}). {@link #call} runs on the tasks' threads, inside
 * the recorder's own lock, for every measured call: it must be cheap and never block. Calls of a task's
 * warm-up, and calls after a task was given up, are not fed (the records leave them out too).
 */
public interface LiveFeed {
  /** Feeds nothing: a run nobody watches. */
  LiveFeed NONE = new LiveFeed() {
    @Override
    public void call(String kind, long nanos, long bytes) {
      // nobody watches
    }
  };

  /** The kind under which bytes moved outside timed calls ({@link TaskRecorder#addBytes}) are fed. */
  String UNTIMED = "untimed";

  /** One measured call of {@code kind} that took {@code nanos} and moved {@code bytes} (nanos 0: no timed call). */
  void call(String kind, long nanos, long bytes);

  /** The engine's tasks, counted by state whenever the live view asks (on its own thread, never a task's). */
  default void tasks(Supplier<TaskStates> states) {
    // nobody watches
  }

  /**
   * The engine's tasks one by one, whenever the live view asks (on its own thread): an engine whose tasks run
   * elsewhere (a MapReduce job's maps, from their reports) says what each one did so far.
   */
  default void taskViews(Supplier<java.util.List<TaskView>> views) {
    // nobody watches
  }

  /**
   * One task as the engine last saw it.
   *
   * @param id the task's id ({@code m_000003})
   * @param state {@code running}, {@code done}, {@code failed}, {@code stuck} (running, no progress since the last
   *     look) or {@code waiting} (not started)
   * @param bytes bytes the task moved so far through the run's file system (written and read)
   * @param progress the engine's progress of the task, 0 to 1
   */
  record TaskView(String id, String state, long bytes, double progress) {}

  /**
   * The engine's tasks by state: running, done (ended without error), failed, and stuck (running, and no call
   * started or ended for the monitor's period, the tasks its progress lines name).
   */
  record TaskStates(int running, int done, int failed, int stuck) {
    public static final TaskStates NONE = new TaskStates(0, 0, 0, 0);
  }
}
