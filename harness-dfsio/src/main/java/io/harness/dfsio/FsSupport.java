package io.harness.dfsio;

import io.harness.core.base.RunFailedException;
import java.io.IOException;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Whether a file system can append to or truncate a file, found out before a run touches anything,
 * and the calls themselves with an {@link UnsupportedOperationException} turned into a message that
 * names the file system.
 *
 * <p>The checks, in order: a {@link ChecksumFileSystem} (the default {@code file:} file system, which
 * keeps {@code .crc} files) throws for both; a file system that does not override
 * {@link FileSystem#truncate} inherits a method that throws; a file system that declares the path
 * capability supports it. Any other file system is probed on an existing data file with a call that
 * changes nothing: truncate to the file's own length, or an append opened and closed with no bytes.
 */
final class FsSupport {
  enum Feature {
    APPEND("append", CommonPathCapabilities.FS_APPEND),
    TRUNCATE("truncate", CommonPathCapabilities.FS_TRUNCATE);

    final String call;
    final String capability;

    Feature(String call, String capability) {
      this.call = call;
      this.capability = capability;
    }
  }

  private FsSupport() {}

  /** {@code file:/// (LocalFileSystem)}. */
  static String describe(FileSystem fs) {
    return fs.getUri() + " (" + fs.getClass().getSimpleName() + ")";
  }

  /**
   * Throws {@link RunFailedException} naming the file system when it cannot do {@code feature};
   * {@code existing} is a data file of length {@code length} that may be used for a probe.
   */
  static void check(FileSystem fs, Feature feature, String option, Path existing, long length)
      throws IOException {
    String reason = staticReason(fs, feature);
    if (reason == null && !fs.hasPathCapability(existing, feature.capability)) {
      reason = probe(fs, feature, existing, length);
    }
    if (reason != null) {
      throw new RunFailedException(option + ": the file system " + describe(fs) + " does not support "
          + feature.call + ": " + reason);
    }
  }

  /** Why the file system cannot do it, known from its class alone; null when that says nothing. */
  static String staticReason(FileSystem fs, Feature feature) {
    if (fs instanceof ChecksumFileSystem) {
      String hint = "file".equals(fs.getUri().getScheme())
          ? "; on the local file system use -D fs.file.impl=org.apache.hadoop.fs.RawLocalFileSystem"
          : "";
      return "it keeps .crc checksum files beside the data" + hint;
    }
    if (feature == Feature.TRUNCATE) {
      try {
        if (fs.getClass().getMethod("truncate", Path.class, long.class).getDeclaringClass()
            == FileSystem.class) {
          return "it does not implement truncate()";
        }
      } catch (NoSuchMethodException e) {
        return "it does not implement truncate()";
      }
    }
    return null;
  }

  private static String probe(FileSystem fs, Feature feature, Path existing, long length)
      throws IOException {
    try {
      if (feature == Feature.TRUNCATE) {
        fs.truncate(existing, length);
      } else {
        fs.append(existing).close();
      }
      return null;
    } catch (UnsupportedOperationException e) {
      return String.valueOf(e.getMessage());
    }
  }

  /** {@link FileSystem#append(Path, int)}, naming the file system if it does not support it. */
  static FSDataOutputStream append(FileSystem fs, Path file, int bufferSize) throws IOException {
    try {
      return fs.append(file, bufferSize);
    } catch (UnsupportedOperationException e) {
      throw new IOException(describe(fs) + " does not support append: " + e.getMessage(), e);
    }
  }

  /** {@link FileSystem#truncate(Path, long)}, naming the file system if it does not support it. */
  static boolean truncate(FileSystem fs, Path file, long newLength) throws IOException {
    try {
      return fs.truncate(file, newLength);
    } catch (UnsupportedOperationException e) {
      throw new IOException(describe(fs) + " does not support truncate: " + e.getMessage(), e);
    }
  }
}
