package io.harness.core.engine;

import io.harness.core.base.UsageException;
import io.harness.core.base.RunFailedException;

import java.util.List;
import java.util.Map;

/**
 * What a workload's {@code --instrument} uses: the instrumentation module implements it (found through
 * {@link java.util.ServiceLoader}), so the core does not depend on it.
 */
public interface RunInstrumentation {
  /**
   * Starts timing the given rule sets in this JVM and returns a line to print. Throws
   * {@link UsageException} for an unknown rule set (exit 2) and {@link RunFailedException} when the
   * timing cannot start.
   */
  String start(String option, String ruleSets);

  /**
   * Every FileSystem instance's counters so far, for the run's JSON; then the server-side scopes' (an embedded
   * cluster's datanodes, with {@code "scope"} naming each): what they counted since {@link #mark()}.
   */
  List<Map<String, Object>> timings();

  /**
   * The run starts here: {@link #timings()} gives the server-side scopes' counters from now on, so two runs in
   * one JVM do not add up.
   */
  default void mark() {
  }

  /**
   * The agent for JVMs the run starts elsewhere (MapReduce tasks on a cluster): its jar and the options
   * that time the given rule sets. Throws {@link UsageException} as {@link #start} does.
   */
  TaskAgent taskAgent(String option, String ruleSets);

  /** An agent jar and its {@code -javaagent} options. */
  record TaskAgent(java.nio.file.Path jar, String options) {}
}
