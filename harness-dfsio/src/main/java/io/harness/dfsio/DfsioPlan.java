package io.harness.dfsio;

import io.harness.core.records.Window;
import io.harness.core.base.Durations;
import io.harness.core.base.Sizes;

/**
 * One dfsio run, checked: what the command line (or the Java API) asked for, before any target is known.
 * Saved in the run's JSON as {@code plan}.
 *
 * @param root the run root as given (null: {@code -Dtest.build.data}, else {@link Dfsio#DEFAULT_ROOT})
 * @param sizeOption how the size was spelt ({@code -fileSize} or {@code -size}), for messages
 * @param engine {@code local}, {@code mapreduce}, or null (the configuration decides)
 * @param barrier the MapReduce maps' start barrier ({@code --barrier}), or null: none
 */
public record DfsioPlan(DfsioOperation op, int nrFiles, long fileBytes, int bufferBytes, long skipBytes, long seed,
    boolean verify, String codec, Window window, String root, String sizeOption, String storagePolicy,
    String erasureCodePolicy, String replication, String engine,
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    io.harness.core.engine.StartBarrier barrier) {

  /** What every task needs, on the root the run resolved. */
  public DfsioParams params(String resolvedRoot) {
    return new DfsioParams(op, resolvedRoot, fileBytes, bufferBytes, skipBytes, seed, verify, codec, window);
  }

  /** Whether each task writes (or appends) until its deadline rather than a size. */
  public boolean writesUntilDeadline() {
    return window.timeBounded() && (op == DfsioOperation.WRITE || op == DfsioOperation.APPEND);
  }

  /** The bytes the run moves when every task is done, or -1 when not known beforehand. */
  public long totalBytes() {
    return window.timeBounded() || op == DfsioOperation.TRUNCATE ? -1 : nrFiles * fileBytes;
  }

  /** {@code 4 file(s) x 64 MB, buffer 1000000 B, compression ...}: the shape of the run, for its first line. */
  public String describe() {
    String what = switch (op) {
      case TRUNCATE -> "to " + Sizes.format(fileBytes);
      case APPEND -> "+ " + Sizes.format(fileBytes);
      case READ_SKIP -> "x " + Sizes.format(fileBytes) + ", skip " + skipBytes + " B";
      default -> "x " + Sizes.format(fileBytes);
    };
    if (writesUntilDeadline()) {
      what = "until the deadline";
    }
    StringBuilder b = new StringBuilder(nrFiles + " file(s) " + what + ", buffer " + bufferBytes + " B");
    if (codec != null) {
      b.append(", compression ").append(codec.substring(codec.lastIndexOf('.') + 1));
    }
    if (erasureCodePolicy != null) {
      b.append(", erasure coding ").append(erasureCodePolicy);
    }
    if (storagePolicy != null) {
      b.append(", storage policy ").append(storagePolicy);
    }
    if (replication != null) {
      b.append(", replication ").append(replication);
    }
    if (window.warmupNanos() > 0) {
      b.append(", warm-up ").append(Durations.format(window.warmupNanos()));
    }
    if (window.timeBounded()) {
      b.append(", ").append(Durations.format(window.durationNanos())).append(" per task");
    }
    if (barrier != null) {
      b.append(", ").append(barrier.describe());
    }
    return b.toString();
  }

  /** This plan with the placement names the cluster resolved (its own spelling of a policy). */
  DfsioPlan withPlacement(String policy, String ecPolicy) {
    return new DfsioPlan(op, nrFiles, fileBytes, bufferBytes, skipBytes, seed, verify, codec, window, root,
        sizeOption, policy, ecPolicy, replication, engine, barrier);
  }
}
