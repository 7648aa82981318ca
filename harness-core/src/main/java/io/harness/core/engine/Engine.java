package io.harness.core.engine;

import io.harness.core.records.RunRecords;

/**
 * What runs a workload's tasks and hands back their records: the local engine (threads in this JVM), a
 * MapReduce job, Spark's executors, or the offline generators' workers.
 */
public interface Engine {
  /** How the tasks run, for the run's first line: {@code 4 thread(s)}, {@code MapReduce engine (yarn)}. */
  String describe();

  /** Runs the tasks; what every task did comes back, failed ones included. */
  RunRecords run(Settings settings) throws Exception;
}
