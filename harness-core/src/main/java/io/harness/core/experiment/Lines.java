package io.harness.core.experiment;

import io.harness.core.workload.Workload;
import io.harness.core.fs.EmbeddedCluster;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How an experiment runs the command lines it holds. The command line's parser sits above this package and
 * gives the experiment this, so experiments never parse or print a command themselves.
 */
public interface Lines {
  /**
   * How a line ended, as the run itself says (never read back from its output): the run's folder (null when it made
   * none), its exit code, and why it failed (null when it did not).
   */
  record Ended(Path folder, int exitCode, String reason) {}

  /** Runs {@code line} in this JVM on {@code cluster} (null: the line's own target), printing to {@code out}. */
  Ended run(Map<String, String> env, PrintStream out, EmbeddedCluster cluster, List<String> line);

  /**
   * Checks and plans {@code line} without running anything: its exit code ({@code 0} when it is good); the workload
   * it describes, if any, goes to {@code planned}.
   */
  int plan(Map<String, String> env, PrintStream out, List<String> line, Consumer<Workload<?>> planned);
}
