package io.harness.teragen;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * teragen's maps on the MapReduce engine (Hadoop's local job runner) under {@code --task-timeout}: a map whose
 * file system call freezes is given up with the call named, and the job, which needs every map's rows, fails.
 */
class TeraGenTaskTimeoutTest {
  @TempDir
  Path dir;

  /** The local file system, whose create() of the second map's file waits until {@link #THAW}: a frozen call. */
  public static class StuckCreateFileSystem extends LocalFileSystem {
    static final CountDownLatch THAW = new CountDownLatch(1);

    @Override
    public FSDataOutputStream create(org.apache.hadoop.fs.Path f, FsPermission permission, boolean overwrite,
        int bufferSize, short replication, long blockSize, Progressable progress) throws IOException {
      // the data file of the second map, not the reason its map leaves under _failed/
      if (f.getName().equals(RowRange.fileName(1)) && !f.getParent().getName().equals("_failed")) {
        while (true) {
          try {
            THAW.await();
            throw new IOException("thawed after the test");
          } catch (InterruptedException e) {
            // a frozen call does not hear the interrupt either
          }
        }
      }
      return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    }
  }

  @Test
  void aMapStuckInOneCallIsGivenUpAndTheJobFailsNamingIt() throws Exception {
    try {
      Run r = Cli.run("-D", "fs.file.impl=" + StuckCreateFileSystem.class.getName(), "-fs", "file:///", "-D",
          "mapreduce.framework.name=local", "-D", "hadoop.tmp.dir=" + dir.resolve("tmp"), "teragen", "3000",
          dir.resolve("out").toString(), "-m", "3", "--engine", "mapreduce", "--task-timeout", "2s", "--run-dir",
          dir.resolve("runs").toString());
      assertExit(r, 1);
      assertTrue(r.err().matches("(?s).*" + RowRange.fileName(1) + ": stuck in create for [0-9.]+ s "
          + "\\(--task-timeout 2 s\\).*"), r.err());
      assertNoStackTrace(r);
      assertFalse(java.nio.file.Files.exists(dir.resolve("out/_failed")), "the maps' reasons are removed");
    } finally {
      StuckCreateFileSystem.THAW.countDown();
    }
  }
}
