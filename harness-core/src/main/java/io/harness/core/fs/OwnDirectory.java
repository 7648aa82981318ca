package io.harness.core.fs;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.fs.Path;

/**
 * A run's own directory {@code <path>/<prefix>} on its target (namespace's, io500's): it must not exist before a new
 * run, which makes it, works in it and deletes it at the end; so does the folder above it when the run made that
 * too (the workload's default {@code --path}, which the user did not name). A saved run's (rebuilt by analyze, or by
 * a client of the MapReduce engine) is where its JSON says, and found made.
 */
public final class OwnDirectory {
  private final Path base;
  private final Path madeUnder;

  private OwnDirectory(Path base, Path madeUnder) {
    this.base = base;
    this.madeUnder = madeUnder;
  }

  /** The directory a run of {@code path} ({@code --path}; null: {@code fallback}) and {@code prefix} works in. */
  public static String of(Target target, String path, String fallback, String prefix, String saved) {
    return saved != null ? saved : new Path(target.resolveRoot(path != null ? path : fallback), prefix).toString();
  }

  /**
   * Checks the directory before anything is made: a root the target can hold, and for a new run ({@code saved} null)
   * one that does not exist (bad input naming {@code --prefix}; {@code label} names the workload).
   */
  public static OwnDirectory check(Target target, String path, String fallback, String prefix, String saved,
      String label) throws IOException {
    Path under = target.resolveRoot(path != null ? path : fallback);
    Path base = saved != null ? new Path(saved) : new Path(under, prefix);
    Roots.check(target, base, "--path");
    Roots.checkAncestors(target, under, "--path");
    if (saved == null && target.fs().exists(base)) {
      throw new UsageException("--prefix", target.fs().makeQualified(base) + " exists: a " + label + " run works in "
          + "a directory of its own, which it makes (and deletes)");
    }
    return new OwnDirectory(base, saved == null && path == null && !target.fs().exists(under) ? under : null);
  }

  /** The directory. */
  public Path path() {
    return base;
  }

  /** Deletes the directory (and the folder above it, when the run made it and it is empty); a failure is a warning. */
  public void delete(Target target, PrintStream err, String label) {
    try {
      target.fs().delete(base, true);
      if (madeUnder != null && target.fs().listStatus(madeUnder).length == 0) {
        target.fs().delete(madeUnder, false);
      }
    } catch (IOException e) {
      err.println(label + ": warning: " + base + " not deleted: " + e.getMessage());
    }
  }
}
