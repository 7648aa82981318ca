package io.harness.dfsio;

import io.harness.core.base.SeededData;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.TaskStreams;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * TestDFSIO's append: adds {@code appendSize} bytes to an existing data file. The bytes continue the
 * file's seeded stream at the file's current length, so the whole file stays verifiable by a later
 * {@code -read --verify} of its new length. Times the length lookup, the append open, every buffer
 * write and the close.
 */
final class AppendTask implements LocalEngine.TaskBody {
  private final FileSystem fs;
  private final Path root;
  private final long appendSize;
  private final int bufferSize;
  private final long seed;

  AppendTask(FileSystem fs, Path root, long appendSize, int bufferSize, long seed) {
    this.fs = fs;
    this.root = root;
    this.appendSize = appendSize;
    this.bufferSize = bufferSize;
    this.seed = seed;
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    SeededData data = new SeededData(seed, index);
    byte[] buf = new byte[bufferSize];
    Path file = DfsioFiles.dataFile(root, index);
    long t = rec.enter("status");
    long start = fs.getFileStatus(file).getLen();
    rec.call("status", t, 0);
    t = rec.enter("append");
    FSDataOutputStream out = FsSupport.append(fs, file, bufferSize);
    rec.call("append", t, 0);
    TaskStreams.use(out, rec, o -> SeededIo.write(o, data, start, appendSize, buf, rec));
  }
}
