package io.harness.dfsio;

import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LeaseRecoverable;
import org.apache.hadoop.fs.Path;

/**
 * TestDFSIO's truncate: cuts one data file to {@code newLength} bytes. When the file system answers
 * that the truncate goes on in the background (HDFS returns false while it recovers the last block),
 * waits, polling every {@link #POLL_MILLIS} ms, until the new length is visible (and, where the file
 * system can tell, the file is closed again), at most {@code maxWaitNanos}. The task's bytes are the
 * bytes cut off, as TestDFSIO counts them.
 */
final class TruncateTask implements LocalEngine.TaskBody {
  static final long POLL_MILLIS = 100;
  /** The longest a task waits for a truncate's block recovery. */
  static final long MAX_WAIT_SECONDS = 120;

  private final FileSystem fs;
  private final Path root;
  private final long newLength;
  private final long maxWaitNanos;

  TruncateTask(FileSystem fs, Path root, long newLength) {
    this(fs, root, newLength, TimeUnit.SECONDS.toNanos(MAX_WAIT_SECONDS));
  }

  TruncateTask(FileSystem fs, Path root, long newLength, long maxWaitNanos) {
    this.fs = fs;
    this.root = root;
    this.newLength = newLength;
    this.maxWaitNanos = maxWaitNanos;
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    Path file = DfsioFiles.dataFile(root, index);
    long t = rec.enter("status");
    long oldLength = fs.getFileStatus(file).getLen();
    rec.call("status", t, 0);
    if (oldLength < newLength) {
      throw new IOException(file.getName() + " has " + oldLength + " bytes, fewer than the new length "
          + newLength);
    }
    t = rec.enter("truncate");
    boolean done = FsSupport.truncate(fs, file, newLength);
    rec.call("truncate", t, oldLength - newLength);
    if (!done) {
      t = rec.enter("recovery");
      long deadline = t + maxWaitNanos;
      while (!finished(file)) {
        if (System.nanoTime() - deadline > 0) {
          throw new IOException(String.format(Locale.ROOT, "truncate of %s to %d bytes not finished "
              + "after %.1f s (the file system is still recovering its last block)", file.getName(),
              newLength, maxWaitNanos / 1e9));
        }
        Thread.sleep(POLL_MILLIS);
      }
      rec.call("recovery", t, 0);
    }
  }

  private boolean finished(Path file) throws IOException {
    FileStatus st = fs.getFileStatus(file);
    if (st.getLen() != newLength) {
      return false;
    }
    return !(fs instanceof LeaseRecoverable lr) || lr.isFileClosed(file);
  }
}
