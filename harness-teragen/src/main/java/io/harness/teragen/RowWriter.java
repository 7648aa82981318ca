package io.harness.teragen;

import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.TaskStreams;
import java.io.IOException;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The task body of teragen on every engine: writes one range of rows to one file, a batch of rows per
 * {@code write()} call, timing create, every write, the final hsync and close, and summing the rows'
 * CRC32s. The rows are generated before each timed write, so the write latency is the file system's.
 */
public final class RowWriter implements LocalEngine.TaskBody {
  /** The key of a task's checksum in its record (hex, as TeraValidate prints it). */
  public static final String CHECKSUM = "checksum";

  /** Rows per write() call by default: 10,000 rows, 1,000,000 bytes (TestDFSIO's buffer). */
  public static final int DEFAULT_BATCH_ROWS = 10_000;

  private final FileSystem fs;
  private final List<RowRange> ranges;
  private final IntFunction<Path> files;
  private final int batchRows;
  private final boolean finalSync;
  private final Checksum128[] checksums;

  /**
   * @param files where range i goes
   * @param finalSync hsync before close, as TeraGen does by default ({@code mapreduce.terasort.final.sync})
   */
  public RowWriter(FileSystem fs, List<RowRange> ranges, IntFunction<Path> files, int batchRows,
      boolean finalSync) {
    this.fs = fs;
    this.ranges = ranges;
    this.files = files;
    this.batchRows = batchRows;
    this.finalSync = finalSync;
    this.checksums = new Checksum128[ranges.size()];
  }

  /** The checksum of range i once its task has finished (null before, or if it failed). */
  public Checksum128 checksum(int index) {
    return checksums[index];
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    RowRange range = ranges.get(index);
    Checksum128 sum = new Checksum128();
    byte[] buf = new byte[(int) Math.min(batchRows, Math.max(1, range.count())) * TeraRows.ROW];
    TeraRandom rand = TeraRandom.forRow(range.first());
    long t = rec.enter("create");
    FSDataOutputStream out = fs.create(files.apply(index), true, Math.min(buf.length, 1 << 20));
    rec.call("create", t, 0);
    TaskStreams.use(out, rec, o -> write(o, range, rand, buf, sum, rec));
    checksums[index] = sum;
    rec.note(CHECKSUM, sum.toString());
  }

  private void write(FSDataOutputStream out, RowRange range, TeraRandom rand, byte[] buf, Checksum128 sum,
      TaskRecorder rec) throws IOException {
    long row = range.first();
    long end = range.first() + range.count();
    // a run that is stopped (a signal) ends here too: the file is closed short
    while (row < end && !rec.expired()) {
      int n = (int) Math.min(batchRows, end - row);
      for (int i = 0; i < n; i++, row++) {
        rand.next();
        TeraRows.fill(buf, i * TeraRows.ROW, rand.hi(), rand.lo(), row);
      }
      int len = n * TeraRows.ROW;
      sum.addRows(buf, 0, len);
      long t = rec.enter("write");
      out.write(buf, 0, len);
      rec.call("write", t, len);
    }
    if (finalSync) {
      long t = rec.enter("hsync");
      try {
        out.hsync();
        rec.call("hsync", t, 0);
      } catch (UnsupportedOperationException e) {
        // an erasure-coded HDFS file has no hsync; TeraGen goes on without it too
      }
    }
  }
}
