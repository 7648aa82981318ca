package io.harness.freon.dfsg;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Set;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local file system, failing the create of every file whose name is in {@value #NAMES} (comma-separated): a
 * file system that refuses some files, for the tests of how a run counts and names failed ones. Given with
 * {@code -D fs.file.impl=}.
 */
public class FailingLocalFileSystem extends LocalFileSystem {
  /** The names of the files whose create fails. */
  public static final String NAMES = "harness.test.failing.names";

  public FailingLocalFileSystem() {
    super(new Raw());
  }

  static final class Raw extends RawLocalFileSystem {
    @Override
    protected OutputStream createOutputStreamWithMode(Path f, boolean append, FsPermission permission)
        throws IOException {
      refuse(f);
      return super.createOutputStreamWithMode(f, append, permission);
    }

    @Override
    protected OutputStream createOutputStream(Path f, boolean append) throws IOException {
      refuse(f);
      return super.createOutputStream(f, append);
    }

    private void refuse(Path f) throws IOException {
      if (Set.of(getConf().getTrimmedStrings(NAMES)).contains(f.getName())) {
        throw new IOException("refused by the test's file system: " + f.getName());
      }
    }
  }
}
