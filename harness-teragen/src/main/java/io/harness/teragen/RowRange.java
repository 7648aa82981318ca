package io.harness.teragen;

import java.util.ArrayList;
import java.util.List;

/** The rows one map (one {@code part-m-NNNNN} file) generates: {@code [first, first + count)}. */
public record RowRange(int index, long first, long count) {

  /**
   * Splits {@code rows} over {@code maps} exactly as Hadoop's TeraGen does: map i ends at
   * {@code ceil(rows * (i + 1) / maps)}, computed in double precision (so the boundaries, and with them
   * the files, are the same as Hadoop's for any row count).
   */
  public static List<RowRange> split(long rows, int maps) {
    List<RowRange> ranges = new ArrayList<>(maps);
    long current = 0;
    for (int i = 0; i < maps; i++) {
      long goal = (long) Math.ceil(rows * (double) (i + 1) / maps);
      ranges.add(new RowRange(i, current, goal - current));
      current = goal;
    }
    return ranges;
  }

  /** The file name of map {@code index}, as Hadoop's output format names a map's output. */
  public static String fileName(int index) {
    return String.format("part-m-%05d", index);
  }

  public String fileName() {
    return fileName(index);
  }
}
