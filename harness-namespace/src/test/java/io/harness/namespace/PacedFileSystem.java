package io.harness.namespace;

import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/** The local file system with a paced namespace: every getFileStatus takes at least {@value #PACE_MILLIS} ms. */
public class PacedFileSystem extends RawLocalFileSystem {
  static final long PACE_MILLIS = 20;

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    try {
      Thread.sleep(PACE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("paced getFileStatus interrupted");
    }
    return super.getFileStatus(f);
  }
}
