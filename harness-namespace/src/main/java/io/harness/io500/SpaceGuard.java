package io.harness.io500;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.Path;

/**
 * Keeps the ior phases from filling the target: IO500's defaults write until the stonewall (300 s), which on a fast
 * disk or a small cluster is more than it holds. The target's free space ({@link FileSystem#getStatus}) when the run
 * sets up is the budget's base: once it has fallen to half of that, each rank's writes end as if its file were full
 * (the phase is then invalid, as one that ended before the stonewall). Asked at most once a second; a file system
 * that does not say its space (no capacity, or an error) is not guarded.
 */
final class SpaceGuard {
  private static final long EVERY_NANOS = 1_000_000_000L;

  private final FileSystem fs;
  private final Path path;
  /** The free bytes below which the writes end; -1: not guarded. */
  private final long floor;
  private volatile long nextNanos = System.nanoTime();
  private volatile boolean low;

  private SpaceGuard(FileSystem fs, Path path, long floor) {
    this.fs = fs;
    this.path = path;
    this.floor = floor;
  }

  /** Half the free space of {@code fs} where {@code path} is, now. */
  static SpaceGuard of(FileSystem fs, Path path) {
    try {
      FsStatus s = fs.getStatus(path);
      return new SpaceGuard(fs, path, s.getCapacity() > 0 ? s.getRemaining() / 2 : -1);
    } catch (IOException | RuntimeException e) {
      return new SpaceGuard(fs, path, -1);
    }
  }

  /** The free bytes below which the writes end, or -1 when not guarded. */
  long floor() {
    return floor;
  }

  /** Whether the target's free space has fallen under the floor (as of at most a second ago). */
  boolean low() {
    if (floor < 0) {
      return false;
    }
    long now = System.nanoTime();
    if (now - nextNanos >= 0) {
      synchronized (this) {
        if (now - nextNanos >= 0) {
          try {
            low = fs.getStatus(path).getRemaining() < floor;
          } catch (IOException | RuntimeException e) {
            // keep the last answer
          }
          nextNanos = now + EVERY_NANOS;
        }
      }
    }
    return low;
  }
}
