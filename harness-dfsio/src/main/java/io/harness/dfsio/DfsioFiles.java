package io.harness.dfsio;

import java.util.List;
import org.apache.hadoop.fs.Path;

/** TestDFSIO's layout under the run root: {@code io_data/test_io_<i>} and the per-operation directories. */
public final class DfsioFiles {
  public static final String DATA_DIR = "io_data";
  public static final String CONTROL_DIR = "io_control";
  public static final String BASE_FILE_NAME = "test_io_";

  /**
   * Every entry TestDFSIO or the harness makes directly under a run root: {@code -clean} deletes a
   * root only when it holds nothing else.
   */
  public static final List<String> ROOT_ENTRIES = List.of(CONTROL_DIR, DATA_DIR, "io_write", "io_read",
      "io_append", "io_random_read", "io_truncate");

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

  /** Where the checksummed local file system keeps the checksums of a data file ({@code .test_io_<i>.crc}). */
  public static Path checksumFile(Path root, int index) {
    return new Path(dataDir(root), "." + fileName(index) + ".crc");
  }

  /** The task index of a data file name {@code test_io_<i>}. */
  public static int index(String fileName) {
    if (!fileName.startsWith(BASE_FILE_NAME)) {
      throw new IllegalArgumentException("not a dfsio data file name: " + fileName);
    }
    return Integer.parseInt(fileName.substring(BASE_FILE_NAME.length()));
  }
}
