package io.harness.freon.dfsg;

/**
 * One freon dfsg run, checked: files (or a duration), their size, the content buffer and the bytes per
 * write() call, the sync after each call, the directory as given (null: {@code /freon-dfsg}) and the run's
 * prefix under it, threads, fail at the end, and the content's seed. Saved in the run's JSON as {@code plan}.
 */
public record DfsgPlan(long files, long fileBytes, int bufferBytes, int copyBytes, DfsgPlan.Sync sync, String path,
    String prefix, long durationNanos, int threads, boolean failAtEnd, long seed) {

  /** What follows each write() call. */
  public enum Sync { NONE, HFLUSH, HSYNC }

  public boolean timeBounded() {
    return durationNanos > 0;
  }
}
