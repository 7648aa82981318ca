package io.harness.teragen;

import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.TaskStreams;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * teravalidate's task body: reads one file of rows, timing open, every read and close; sums its rows'
 * CRC32s and, unless only the checksum is asked for, finds the first row whose key is below the one
 * before it. Its findings go into the task's record: rows, checksum, first and last key (hex), misorder.
 */
final class FileCheck implements LocalEngine.TaskBody {
  static final String ROWS = "rows";
  static final String CHECKSUM = "checksum";
  static final String FIRST_KEY = "firstKey";
  static final String LAST_KEY = "lastKey";
  static final String MISORDER = "misorder";

  private final FileSystem fs;
  private final FileStatus[] files;
  private final int bufferRows;
  private final boolean checksumOnly;

  FileCheck(FileSystem fs, FileStatus[] files, int bufferRows, boolean checksumOnly) {
    this.fs = fs;
    this.files = files;
    this.bufferRows = bufferRows;
    this.checksumOnly = checksumOnly;
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    FileStatus file = files[index];
    long len = file.getLen();
    if (len % TeraRows.ROW != 0) {
      throw new IOException(file.getPath().getName() + " is " + len + " bytes, not a whole number of "
          + TeraRows.ROW + "-byte rows");
    }
    long rows = len / TeraRows.ROW;
    byte[] buf = new byte[(int) Math.min(bufferRows, Math.max(1, rows)) * TeraRows.ROW];
    byte[] prev = new byte[TeraRows.KEY];
    byte[][] first = {null};
    String[] misorder = {null};
    Checksum128 sum = new Checksum128();
    long t0 = rec.enter("open");
    FSDataInputStream stream = fs.open(file.getPath());
    rec.call("open", t0, 0);
    TaskStreams.use(stream, rec, in -> {
      long row = 0;
      while (row < rows && !rec.expired()) {
        int n = (int) Math.min(buf.length / TeraRows.ROW, rows - row);
        long t = rec.enter("read");
        try {
          in.readFully(buf, 0, n * TeraRows.ROW);
        } catch (EOFException e) {
          throw new IOException(file.getPath().getName() + " ended before its listed length of " + len + " bytes");
        }
        rec.call("read", t, (long) n * TeraRows.ROW);
        sum.addRows(buf, 0, n * TeraRows.ROW);
        if (!checksumOnly) {
          for (int i = 0; i < n; i++) {
            int off = i * TeraRows.ROW;
            if (first[0] == null) {
              first[0] = Arrays.copyOfRange(buf, 0, TeraRows.KEY);
            } else if (misorder[0] == null && TeraRows.compareKeys(prev, 0, buf, off) > 0) {
              misorder[0] = "row " + (row + i) + " (key " + hex(Arrays.copyOfRange(buf, off, off + TeraRows.KEY))
                  + ") is below the row before it (key " + hex(prev) + ")";
            }
            System.arraycopy(buf, off, prev, 0, TeraRows.KEY);
          }
        }
        row += n;
      }
    });
    rec.note(ROWS, rows);
    rec.note(CHECKSUM, sum.toString());
    if (first[0] != null) {
      rec.note(FIRST_KEY, hex(first[0]));
      rec.note(LAST_KEY, hex(prev));
    }
    if (misorder[0] != null) {
      rec.note(MISORDER, misorder[0]);
    }
  }

  static String hex(byte[] key) {
    StringBuilder b = new StringBuilder();
    for (byte x : key) {
      b.append(String.format("%02x", x & 0xff));
    }
    return b.toString();
  }
}
