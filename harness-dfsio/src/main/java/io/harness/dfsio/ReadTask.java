package io.harness.dfsio;

import io.harness.core.data.SeededData;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.TaskRecorder;
import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads one file from start to end, timing open, every buffer read, and close; with verification,
 * checks every byte against the seeded data and fails the task at the first wrong one.
 */
final class ReadTask implements LocalEngine.TaskBody {
  private final FileSystem fs;
  private final Path root;
  private final long fileSize;
  private final int bufferSize;
  private final long seed;
  private final boolean verify;

  ReadTask(FileSystem fs, Path root, long fileSize, int bufferSize, long seed, boolean verify) {
    this.fs = fs;
    this.root = root;
    this.fileSize = fileSize;
    this.bufferSize = bufferSize;
    this.seed = seed;
    this.verify = verify;
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    SeededData data = verify ? new SeededData(seed, index) : null;
    byte[] buf = new byte[bufferSize];
    byte[] expected = verify ? new byte[bufferSize] : null;
    Path file = DfsioFiles.dataFile(root, index);
    long t = System.nanoTime();
    try (FSDataInputStream in = fs.open(file, bufferSize)) {
      rec.call("open", t, 0);
      for (long pos = 0; pos < fileSize; ) {
        int want = (int) Math.min(bufferSize, fileSize - pos);
        t = System.nanoTime();
        int n = in.read(buf, 0, want);
        rec.call("read", t, Math.max(n, 0));
        if (n < 0) {
          throw new EOFException(file.getName() + " ended at byte " + pos + " of " + fileSize);
        }
        if (verify) {
          SeededIo.verify(data, buf, n, pos, expected, file);
        }
        pos += n;
      }
      t = System.nanoTime();
    }
    rec.call("close", t, 0);
  }
}
