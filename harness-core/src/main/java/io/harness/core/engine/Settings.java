package io.harness.core.engine;

import io.harness.core.base.StopRequest;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * How a run goes, whoever starts it (the command line, the Java API): where it prints, what it observes besides its
 * records ({@link Observation}: the run's recording, null for a run that writes no files), the command line and
 * option values for its JSON, the local engine's threads and task timeout, and whether the libraries' logs go to the
 * run's folder.
 *
 * @param out the run's own lines (the result block)
 * @param err progress, warnings, failures
 * @param observation what the run observes besides its records (its recording); null: nothing
 * @param commandLine the command line as typed (empty for the Java API)
 * @param options every option's value, for the run's JSON
 * @param threads threads of the local engine; null: one per task, at most twice the cores
 * @param taskTimeoutNanos {@code --task-timeout}; 0: off
 * @param captureLogs whether {@code System.out} / {@code System.err} go to the run's log while it lasts
 * @param stop this run's stop request (a signal to the command-line process asks it), and so its exit code
 * @param clients how many client JVMs run a loop's threads ({@code --clients}, {@code --engine}); null: one, this JVM
 */
public record Settings(PrintStream out, PrintStream err, Observation observation, List<String> commandLine,
    Map<String, Object> options, Integer threads, long taskTimeoutNanos, boolean captureLogs, StopRequest stop,
    Clients clients) {

  public Settings {
    clients = clients == null ? Clients.LOCAL : clients;
  }

  /** A run that prints nothing and writes nothing: for the Java API. */
  public static Settings quiet() {
    PrintStream none = new PrintStream(OutputStream.nullOutputStream());
    return new Settings(none, none, null, List.of(), Map.of(), null, 0, false, StopRequest.detached(), null);
  }

  /** The progress and stuck-task reports of a local engine's run, labelled (e.g. {@code dfsio write}). */
  public Monitor monitor(String label) {
    return Monitor.of(err, label).taskTimeout(taskTimeoutNanos).stopWhen(stop)
        .feeding(live());
  }

  /** What the run going on feeds its live view ({@code LiveFeed.NONE} when nothing watches): engines of their own. */
  public io.harness.core.records.LiveFeed live() {
    return observation == null ? io.harness.core.records.LiveFeed.NONE : observation.feed();
  }

  /**
   * The threads of a loop over all its clients: {@code threads} (a client's, {@code -t}) times the clients. What a
   * workload sizes per-thread state by (a directory per thread), since its loop numbers the threads over all clients.
   */
  public int allThreads(int threads) {
    return threads * clients.count();
  }

  /** The local engine's threads for {@code tasks} tasks. */
  public int threadsFor(int tasks) {
    return threads != null ? threads : io.harness.core.engine.LocalEngine.defaultThreads(tasks);
  }
}
