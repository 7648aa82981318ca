package io.harness.it;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local file system with paced writes (about 1 MB/s a stream: a write of n bytes takes at least n / 1024 ms), so
 * a run that a test stops mid-write writes a few MB, not what the disk takes. Given to {@code bin/harness} with
 * {@code -D fs.file.impl=} and {@code HARNESS_CLASSPATH} (the MapReduce engine's local job runner's maps run in the
 * same JVM, on the job's configuration).
 */
public class PacedLocalFileSystem extends LocalFileSystem {
  public PacedLocalFileSystem() {
    // the local file system as Hadoop's own (checksummed: the local job runner takes it as one), writing through
    // paced streams
    super(new Raw());
  }

  /** The raw local file system, its files written through paced streams (every create and append comes here). */
  static final class Raw extends RawLocalFileSystem {
    @Override
    protected OutputStream createOutputStream(Path f, boolean append) throws IOException {
      return new Paced(super.createOutputStream(f, append));
    }

    @Override
    protected OutputStream createOutputStreamWithMode(Path f, boolean append, FsPermission permission)
        throws IOException {
      return new Paced(super.createOutputStreamWithMode(f, append, permission));
    }
  }

  /** A stream whose every write waits in proportion to its bytes. */
  private static final class Paced extends FilterOutputStream {
    Paced(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        Thread.sleep(Math.max(1, len / 1024));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("paced write interrupted");
      }
      out.write(b, off, len);
    }
  }
}
