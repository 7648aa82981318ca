package io.harness.core.run;

import io.harness.core.workload.RunTarget;
import io.harness.core.workload.Workload;

import io.harness.core.base.UsageException;
import io.harness.core.base.Sizes;
import java.util.OptionalLong;

/**
 * A run that writes to this machine's own disk (the local file system, what a run targets when nothing
 * names a cluster): its planned bytes must fit in the free space where it writes, else it is bad input
 * before anything is written ({@code --force} runs it anyway), and its plan line says it writes there.
 */
final class LocalSpace {
  private LocalSpace() {}

  /**
   * Checks the plan of {@code workload} against the local disk under its root; returns what the plan line adds
   * ({@code " (local disk: 74.0 GB free)"}), or "" on a cluster.
   */
  static String check(Workload<?> workload, RunTarget target, boolean force) {
    String root = workload.writesUnder();
    OptionalLong free = target.localFreeBytes(root);
    if (free.isEmpty()) {
      return "";
    }
    OptionalLong planned = workload.plannedBytes();
    if (planned.isPresent() && planned.getAsLong() > free.getAsLong() && !force) {
      throw new UsageException("--force", "the run writes " + Sizes.format(planned.getAsLong()) + " to the local "
          + "disk under " + root + ", which has " + Sizes.format(free.getAsLong()) + " free (give -fs, -conf or "
          + "--embedded for a cluster, or --force to write anyway)");
    }
    return " (this machine's local disk, " + Sizes.format(free.getAsLong()) + " free)";
  }
}
