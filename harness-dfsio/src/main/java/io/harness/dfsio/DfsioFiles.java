package io.harness.dfsio;

import org.apache.hadoop.fs.Path;

/** TestDFSIO's layout under the run root: {@code io_data/test_io_<i>}. */
public final class DfsioFiles {
  public static final String DATA_DIR = "io_data";
  public static final String BASE_FILE_NAME = "test_io_";

  private DfsioFiles() {}

  public static Path dataDir(Path root) {
    return new Path(root, DATA_DIR);
  }

  public static String fileName(int index) {
    return BASE_FILE_NAME + index;
  }

  public static Path dataFile(Path root, int index) {
    return new Path(dataDir(root), fileName(index));
  }
}
