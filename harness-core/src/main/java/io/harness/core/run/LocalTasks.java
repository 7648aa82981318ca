package io.harness.core.run;

import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.Monitor;
import io.harness.core.engine.Window;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * The local engine as a run's {@link Engine}: {@code tasks} tasks on a pool of threads in this JVM, each
 * running the workload's task body, watched (progress, stuck tasks, {@code --task-timeout}, a stop on a
 * signal) by a {@link Monitor} labelled {@code label}.
 *
 * @param tasks how many tasks
 * @param threads the pool's size (at most {@code tasks} are used)
 * @param names each task's name
 * @param window warm-up and duration of every task
 * @param label the progress lines' label, e.g. {@code dfsio write}
 * @param monitor what the monitor counts beyond the settings' defaults (the total bytes, items)
 * @param body the task body
 */
public record LocalTasks(int tasks, int threads, IntFunction<String> names, Window window, String label,
    UnaryOperator<Monitor> monitor, LocalEngine.TaskBody body) implements Engine {

  @Override
  public String describe() {
    return Math.min(threads, tasks) + " thread(s)";
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    LocalEngine.Result r = LocalEngine.run(tasks, threads, names, window, monitor.apply(settings.monitor(label)),
        body);
    return new RunRecords(r.records(), r.intervals(), r.startEpochNanos(), r.endEpochNanos(), r.stopped());
  }
}
