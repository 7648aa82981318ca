package io.harness.dfsio;

import io.harness.core.base.SeededData;
import io.harness.core.records.TaskRecorder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;

/** The buffer loops the dfsio tasks share: writing a file's seeded stream, and checking what was read. */
final class SeededIo {
  private SeededIo() {}

  /**
   * Writes {@code size} bytes of {@code data}'s stream, starting at stream position {@code from},
   * one timed {@code write} call per buffer; a time-bounded task writes until its deadline instead.
   */
  static void write(OutputStream out, SeededData data, long from, long size, byte[] buf, TaskRecorder rec)
      throws IOException {
    if (rec.timeBounded()) {
      size = Long.MAX_VALUE - from;
    }
    for (long done = 0; done < size && !rec.expired(); ) {
      int n = (int) Math.min(buf.length, size - done);
      data.fill(buf, 0, n, from + done);
      long t = rec.enter("write");
      out.write(buf, 0, n);
      rec.call("write", t, n);
      done += n;
    }
  }

  /** The stream the task writes: {@code raw}, or a compressing stream around it (closing it on failure). */
  static OutputStream compressed(FSDataOutputStream raw, CompressionCodec codec) throws IOException {
    if (codec == null) {
      return raw;
    }
    try {
      return codec.createOutputStream(raw);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  /** The stream the task reads: {@code raw}, or a decompressing stream around it (closing it on failure). */
  static InputStream decompressed(FSDataInputStream raw, CompressionCodec codec) throws IOException {
    if (codec == null) {
      return raw;
    }
    try {
      return codec.createInputStream(raw);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  /** Fails with the position of the first byte of {@code buf[0, n)} that differs from the stream. */
  static void verify(SeededData data, byte[] buf, int n, long pos, byte[] scratch, Path file)
      throws IOException {
    long bad = data.firstMismatch(buf, 0, n, pos, scratch);
    if (bad >= 0) {
      throw new IOException("data mismatch in " + file.getName() + " at byte " + bad
          + " (written with another --seed, or corrupted)");
    }
  }
}
