package io.harness.dfsio;

import io.harness.core.data.SeededData;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.TaskRecorder;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Writes one file of seeded data, timing create, every buffer write, and close. */
final class WriteTask implements LocalEngine.TaskBody {
  private final FileSystem fs;
  private final Path root;
  private final long fileSize;
  private final int bufferSize;
  private final long seed;

  WriteTask(FileSystem fs, Path root, long fileSize, int bufferSize, long seed) {
    this.fs = fs;
    this.root = root;
    this.fileSize = fileSize;
    this.bufferSize = bufferSize;
    this.seed = seed;
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    SeededData data = new SeededData(seed, index);
    byte[] buf = new byte[bufferSize];
    long t = System.nanoTime();
    try (FSDataOutputStream out = fs.create(DfsioFiles.dataFile(root, index), true, bufferSize)) {
      rec.call("create", t, 0);
      SeededIo.write(out, data, 0, fileSize, buf, rec);
      t = System.nanoTime();
    }
    rec.call("close", t, 0);
  }
}
