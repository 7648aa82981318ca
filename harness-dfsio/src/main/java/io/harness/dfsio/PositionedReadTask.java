package io.harness.dfsio;

import io.harness.core.base.SeededData;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecorder;
import io.harness.core.records.TaskStreams;
import java.io.EOFException;
import java.io.IOException;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * TestDFSIO's RandomReadMapper: positioned reads ({@code read(position, buffer, 0, length)}) of one
 * file until {@code totalSize} bytes have been read, the position chosen by the mode:
 *
 * <ul>
 *   <li>random: a position in {@code [0, fileLength - bufferSize]} from a generator seeded by
 *       {@code --seed} and the file, so a run repeats exactly;</li>
 *   <li>backward: {@code fileLength - bufferSize}, then {@code bufferSize} less each time, never
 *       below 0;</li>
 *   <li>skip: 0, then {@code bufferSize + skipSize} further each time; the task ends at the end of
 *       the file if that comes first.</li>
 * </ul>
 *
 * <p>Each read asks for {@code bufferSize} bytes, or for what is left of {@code totalSize} when that
 * is less, so a task reads exactly {@code totalSize} bytes (TestDFSIO's last read may overshoot by up
 * to one buffer). With verification every buffer is checked against the seeded data at its position.
 *
 * <p>A time-bounded task reads whole buffers until its deadline; a backward read that reached the
 * start and a skip read that passed the end start over where they began.
 */
final class PositionedReadTask implements LocalEngine.TaskBody {
  private final FileSystem fs;
  private final Path root;
  private final DfsioOperation mode;
  private final long totalSize;
  private final int bufferSize;
  private final long skipSize;
  private final long seed;
  private final boolean verify;

  PositionedReadTask(FileSystem fs, Path root, DfsioOperation mode, long totalSize, int bufferSize,
      long skipSize, long seed, boolean verify) {
    if (!mode.isPositionedRead()) {
      throw new IllegalArgumentException(mode + " is not a positioned read");
    }
    this.fs = fs;
    this.root = root;
    this.mode = mode;
    this.totalSize = totalSize;
    this.bufferSize = bufferSize;
    this.skipSize = skipSize;
    this.seed = seed;
    this.verify = verify;
  }

  /** The generator of the random positions of file {@code index}. */
  static SplittableRandom positions(long seed, int index) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
  }

  @Override
  public void run(int index, TaskRecorder rec) throws Exception {
    SeededData data = verify ? new SeededData(seed, index) : null;
    byte[] buf = new byte[bufferSize];
    byte[] expected = verify ? new byte[bufferSize] : null;
    Path file = DfsioFiles.dataFile(root, index);
    SplittableRandom rnd = positions(seed, index);
    long t = rec.enter("status");
    long fileLength = fs.getFileStatus(file).getLen();
    rec.call("status", t, 0);
    t = rec.enter("open");
    FSDataInputStream stream = fs.open(file, bufferSize);
    rec.call("open", t, 0);
    TaskStreams.use(stream, rec, in -> {
      long done = 0;
      boolean bounded = rec.timeBounded();
      for (long pos = first(fileLength, rnd); !rec.expired() && (bounded || done < totalSize);
          pos = next(pos, fileLength, rnd, bounded)) {
        if (pos >= fileLength) {
          break; // a skip read passed the end of the file
        }
        int want = bounded ? bufferSize : (int) Math.min(bufferSize, totalSize - done);
        long r = rec.enter("read");
        int n = in.read(pos, buf, 0, want);
        rec.call("read", r, Math.max(n, 0));
        if (n <= 0) {
          throw new EOFException(file.getName() + ": read at byte " + pos + " returned " + n
              + " although the file has " + fileLength + " bytes");
        }
        if (verify) {
          SeededIo.verify(data, buf, n, pos, expected, file);
        }
        done += n;
      }
    });
  }

  private long first(long fileLength, SplittableRandom rnd) {
    switch (mode) {
      case READ_RANDOM:
        return randomPosition(fileLength, rnd);
      case READ_BACKWARD:
        return Math.max(0, fileLength - bufferSize);
      default:
        return 0;
    }
  }

  private long next(long current, long fileLength, SplittableRandom rnd, boolean startOver) {
    switch (mode) {
      case READ_RANDOM:
        return randomPosition(fileLength, rnd);
      case READ_BACKWARD:
        return startOver && current == 0 ? first(fileLength, rnd) : Math.max(0, current - bufferSize);
      default:
        long next = current + bufferSize + skipSize;
        return startOver && next >= fileLength ? 0 : next;
    }
  }

  private long randomPosition(long fileLength, SplittableRandom rnd) {
    long last = fileLength - bufferSize;
    return last <= 0 ? 0 : rnd.nextLong(last + 1);
  }
}
