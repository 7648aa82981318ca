package io.harness.core.workload;

/** How a run gets its target: opened (a cluster started, a file system reached) once the run's folder exists. */
@FunctionalInterface
public interface TargetSource<T extends RunTarget> {
  T open() throws Exception;
}
