package io.harness.dfsio;

import io.harness.core.base.SeededData;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.TaskStreams;
import java.io.OutputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;

/**
 * Writes one file of seeded data (through the compression codec when there is one), timing create,
 * every buffer write, and close. A time-bounded task writes until its deadline.
 */
final class WriteTask implements LocalEngine.TaskBody {
  private final FileSystem fs;
  private final Path root;
  private final long fileSize;
  private final int bufferSize;
  private final long seed;
  private final CompressionCodec codec;

  WriteTask(FileSystem fs, Path root, long fileSize, int bufferSize, long seed, CompressionCodec codec) {
    this.fs = fs;
    this.root = root;
    this.fileSize = fileSize;
    this.bufferSize = bufferSize;
    this.seed = seed;
    this.codec = codec;
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    SeededData data = new SeededData(seed, index);
    byte[] buf = new byte[bufferSize];
    long t = rec.enter("create");
    FSDataOutputStream raw = fs.create(DfsioFiles.dataFile(root, index), true, bufferSize);
    OutputStream out = SeededIo.compressed(raw, codec);
    rec.call("create", t, 0);
    TaskStreams.use(out, rec, o -> SeededIo.write(o, data, 0, fileSize, buf, rec));
  }
}
