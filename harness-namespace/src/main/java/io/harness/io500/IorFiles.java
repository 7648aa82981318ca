package io.harness.io500;

import io.harness.core.base.SeededData;
import io.harness.core.records.TaskRecorder;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The ior phases' files, rank by rank: each rank's open file (written in transfers, then hsync and close; or read in
 * transfers, in order or at their offsets), its buffers, and the check of every byte read against the seeded bytes
 * its writer wrote ({@code SeededData(seed + stream, writer)} from the file's start).
 */
final class IorFiles {
  private final Io500.Plan plan;
  private final FileSystem fs;
  private final SpaceGuard space;
  private final FSDataOutputStream[] out;
  private final FSDataInputStream[] in;
  private final byte[][] buffers;
  private final byte[][] scratch;

  IorFiles(Io500.Plan plan, FileSystem fs, int ranks, SpaceGuard space) {
    this.plan = plan;
    this.fs = fs;
    this.space = space;
    out = new FSDataOutputStream[ranks];
    in = new FSDataInputStream[ranks];
    buffers = new byte[ranks][];
    scratch = new byte[ranks][];
  }

  /**
   * Transfer {@code i} of rank {@code t}'s file: the first one creates it; none once the target's free space is
   * under the guard's floor (-1: the rank's writes end, noted as {@code phase.NAME.spaceLow}).
   */
  long write(String phase, int t, long i, TaskRecorder rec, Path file, int transfer, int stream)
      throws IOException {
    if (space.low()) {
      rec.note("phase." + phase + "." + Io500Phases.SPACE_LOW, true);
      return -1;
    }
    if (i == 0) {
      out[t] = fs.create(file, false);
    } else if (out[t] == null) {
      throw new IOException(file.getName() + " was not created");
    }
    byte[] b = buffer(t);
    new SeededData(plan.seed() + stream, t).fill(b, 0, transfer, i * transfer);
    out[t].write(b, 0, transfer);
    return transfer;
  }

  /** IOR's fsync on close ({@code -e}): hsync, then close, inside the phase's time. */
  void closeWriter(int t, TaskRecorder rec) throws IOException {
    FSDataOutputStream o = out[t];
    out[t] = null;
    if (o != null) {
      try (o) {
        o.hsync();
      }
    }
  }

  void closeReader(int t, TaskRecorder rec) throws IOException {
    FSDataInputStream s = in[t];
    in[t] = null;
    if (s != null) {
      s.close();
    }
  }

  /** Transfer {@code i} of {@code file} (rank {@code writer}'s), read whole (in order, or at its offset) and checked. */
  long read(int t, int writer, long i, Path file, int transfer, int stream, boolean positional) throws IOException {
    if (in[t] == null) {
      in[t] = fs.open(file);
    }
    byte[] b = buffer(t);
    if (positional) {
      in[t].readFully(i * transfer, b, 0, transfer);
    } else {
      in[t].readFully(b, 0, transfer);
    }
    verify(b, transfer, new SeededData(plan.seed() + stream, writer), i * transfer, t, file);
    return transfer;
  }

  void verify(byte[] b, int n, SeededData expected, long position, int t, Path file) throws IOException {
    long bad = expected.firstMismatch(b, 0, n, position, scratch(t));
    if (bad >= 0) {
      throw new IOException(String.format(Locale.ROOT, "byte %d of %s is not the byte written", bad, file.getName()));
    }
  }

  /** The whole transfers in {@code file} (what its writer wrote, worn out; none when it wrote none). */
  long transfers(Path file, long transfer) throws IOException {
    try {
      return fs.getFileStatus(file).getLen() / transfer;
    } catch (java.io.FileNotFoundException e) {
      return 0;
    }
  }

  byte[] buffer(int t) {
    if (buffers[t] == null) {
      buffers[t] = new byte[(int) Math.max(plan.easyTransfer(), Io500.HARD_TRANSFER)];
    }
    return buffers[t];
  }

  private byte[] scratch(int t) {
    if (scratch[t] == null) {
      scratch[t] = new byte[(int) Math.max(plan.easyTransfer(), Io500.HARD_TRANSFER)];
    }
    return scratch[t];
  }
}
