package io.harness.dfsio;

import io.harness.core.base.SeededData;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.TaskStreams;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;

/**
 * Reads the first {@code fileSize} bytes of one file (decompressed, when the files were written with a
 * codec), timing open, every buffer read, and close; with verification, checks every byte against
 * the seeded data and fails the task at the first wrong one. A time-bounded task starts over at the
 * beginning of the file each time it has read {@code fileSize} bytes, until its deadline (a seek
 * back, or a new open and close for a compressed stream, which cannot seek).
 */
final class ReadTask implements LocalEngine.TaskBody {
  private final FileSystem fs;
  private final Path root;
  private final long fileSize;
  private final int bufferSize;
  private final long seed;
  private final boolean verify;
  private final CompressionCodec codec;

  ReadTask(FileSystem fs, Path root, long fileSize, int bufferSize, long seed, boolean verify,
      CompressionCodec codec) {
    this.fs = fs;
    this.root = root;
    this.fileSize = fileSize;
    this.bufferSize = bufferSize;
    this.seed = seed;
    this.verify = verify;
    this.codec = codec;
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    SeededData data = verify ? new SeededData(seed, index) : null;
    byte[] buf = new byte[bufferSize];
    byte[] expected = verify ? new byte[bufferSize] : null;
    Path file = DfsioFiles.dataFile(root, index);
    InputStream[] in = {open(file, rec)};
    try {
      for (long pos = 0; !rec.expired() && (rec.timeBounded() || pos < fileSize); ) {
        if (pos == fileSize) {
          in[0] = startOver(file, in[0], rec);
          pos = 0;
        }
        int want = (int) Math.min(bufferSize, fileSize - pos);
        long t = rec.enter("read");
        int n = in[0].read(buf, 0, want);
        rec.call("read", t, Math.max(n, 0));
        if (n < 0) {
          throw new EOFException(file.getName() + " ended at byte " + pos + " of " + fileSize);
        }
        if (verify) {
          SeededIo.verify(data, buf, n, pos, expected, file);
        }
        pos += n;
      }
    } catch (Throwable e) {
      TaskStreams.closeAfter(in[0], e);
      throw e;
    }
    close(in[0], rec);
  }

  private InputStream open(Path file, TaskRecorder rec) throws IOException {
    long t = rec.enter("open");
    InputStream in = SeededIo.decompressed(fs.open(file, bufferSize), codec);
    rec.call("open", t, 0);
    return in;
  }

  private static void close(InputStream in, TaskRecorder rec) throws IOException {
    long t = rec.enter("close");
    in.close();
    rec.call("close", t, 0);
  }

  /** Back to the first byte: a timed seek, or a close and a new open of a compressed stream. */
  private InputStream startOver(Path file, InputStream in, TaskRecorder rec) throws IOException {
    if (in instanceof FSDataInputStream seekable) {
      long t = rec.enter("seek");
      seekable.seek(0);
      rec.call("seek", t, 0);
      return in;
    }
    close(in, rec);
    return open(file, rec);
  }
}
