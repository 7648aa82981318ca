package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.engine.LocalEngine;
import io.harness.core.records.TaskRecord;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How -append and -truncate meet file systems that cannot do them (as Ozone cannot) or that finish a
 * truncate in the background (as HDFS does when it must recover the last block).
 */
class DfsioFsSupportTest {
  @TempDir
  java.nio.file.Path dir;

  /** Like Ozone's file systems: append() is there but throws, and no capability is declared. */
  public static class NoAppendFileSystem extends RawLocalFileSystem {
    @Override
    public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) {
      throw new UnsupportedOperationException("append() Not implemented by the NoAppendFileSystem");
    }

    @Override
    public boolean hasPathCapability(Path path, String capability) throws IOException {
      return !capability.equals(CommonPathCapabilities.FS_APPEND)
          && super.hasPathCapability(path, capability);
    }
  }

  /** Like HDFS when the last block must be recovered: truncate() answers false, the length follows. */
  public static class BackgroundTruncateFileSystem extends RawLocalFileSystem {
    @Override
    public boolean truncate(Path f, long newLength) throws IOException {
      super.truncate(f, newLength);
      return false;
    }
  }

  /** A truncate that never finishes. */
  public static class NeverTruncatesFileSystem extends RawLocalFileSystem {
    @Override
    public boolean truncate(Path f, long newLength) {
      return false;
    }
  }

  /**
   * The local file system (checksummed, as the local job runner needs it), whose create() of test_io_1 waits until
   * {@link #THAW}: a frozen client call.
   */
  public static class StuckCreateFileSystem extends org.apache.hadoop.fs.LocalFileSystem {
    static final java.util.concurrent.CountDownLatch THAW = new java.util.concurrent.CountDownLatch(1);

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
        short replication, long blockSize, Progressable progress) throws IOException {
      freezeOn(f);
      return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    }

    /** Waits for the thaw, deaf to interrupts as a frozen call is; then fails, touching nothing. */
    private static void freezeOn(Path f) throws IOException {
      if (!f.getName().equals("test_io_1")) {
        return;
      }
      while (true) {
        try {
          THAW.await();
          throw new IOException("thawed after the test");
        } catch (InterruptedException e) {
          // not heard
        }
      }
    }
  }

  private Run harness(String fsImpl, String... args) {
    List<String> all = new ArrayList<>(List.of("-D", "fs.file.impl=" + fsImpl, "-fs", "file:///", "dfsio"));
    all.addAll(Arrays.asList(args));
    all.addAll(List.of("--root", dir.resolve("root").toString(), "--run-dir", dir.resolve("runs").toString(),
        "-resFile", dir.resolve("results.log").toString()));
    return Cli.run(all.toArray(new String[0]));
  }

  @Test
  void appendOnAFileSystemWithoutItFailsBeforeTouchingAnythingAndNamesIt() throws Exception {
    String impl = NoAppendFileSystem.class.getName();
    assertEquals(0, harness(impl, "-write", "-nrFiles", "2", "-fileSize", "64K").code());
    java.nio.file.Path data = dir.resolve("root/io_data/test_io_0");
    byte[] before = Files.readAllBytes(data);
    Run r = harness(impl, "-append", "-nrFiles", "2", "-fileSize", "64K");
    assertExit(r, 1);
    assertTrue(r.err().contains("-append: the file system file:/// (NoAppendFileSystem) does not support "
        + "append: append() Not implemented by the NoAppendFileSystem"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertArrayEquals(before, Files.readAllBytes(data));
    assertFalse(Files.exists(dir.resolve("root/io_append")));
  }

  @Test
  void aMapStuckInOneCallIsGivenUpByTheTaskTimeoutAndTheOthersAreMeasured() throws Exception {
    try {
      Run r = harness(StuckCreateFileSystem.class.getName(), "-write", "--engine", "mapreduce", "-nrFiles", "3",
          "-fileSize", "64K", "--task-timeout", "2s", "-D", "mapreduce.framework.name=local",
          "-D", "hadoop.tmp.dir=" + dir.resolve("tmp"));
      assertExit(r, 1);
      JsonNode tasks = Runs.latestResult(dir.resolve("runs")).get("tasks");
      assertEquals(3, tasks.size(), tasks.toString());
      for (JsonNode t : tasks) {
        if (t.get("name").asText().equals("test_io_1")) {
          assertTrue(t.get("error").asText().matches("stuck in create for [0-9.]+ s \\(--task-timeout 2 s\\)"),
              t.toString());
          assertTrue(t.get("stack").toString().contains("StuckCreateFileSystem.freezeOn"), t.toString());
        } else {
          assertTrue(t.get("error") == null || t.get("error").isNull(), t.toString());
          assertEquals(64 * 1024, Files.size(dir.resolve("root/io_data/" + t.get("name").asText())));
        }
      }
      assertTrue(r.err().contains("test_io_1"), r.err());
      assertFalse(r.err().contains("\tat "), r.err());
    } finally {
      StuckCreateFileSystem.THAW.countDown();
    }
  }

  @Test
  void aTruncateFinishedInTheBackgroundIsWaitedFor() throws Exception {
    String impl = BackgroundTruncateFileSystem.class.getName();
    assertEquals(0, harness(impl, "-write", "-nrFiles", "2", "-fileSize", "64K").code());
    Run r = harness(impl, "-truncate", "-nrFiles", "2", "-size", "10K");
    assertExit(r, 0);
    assertEquals(10 * 1024, Files.size(dir.resolve("root/io_data/test_io_1")));
    JsonNode task = Runs.latestResult(dir.resolve("runs")).get("tasks").get(0);
    assertEquals(54 * 1024, task.get("bytes").asLong());
    assertEquals(1, task.get("latency").get("recovery").get("count").asLong());
  }

  @Test
  void aTruncateThatNeverFinishesFailsTheTaskAfterTheBoundedWait() throws Exception {
    Configuration conf = new Configuration();
    FileSystem fs = new NeverTruncatesFileSystem();
    fs.initialize(URI.create("file:///"), conf);
    Path root = new Path(dir.resolve("root").toUri());
    try (FSDataOutputStream out = fs.create(DfsioFiles.dataFile(root, 0))) {
      out.write(new byte[4096]);
    }
    long t0 = System.nanoTime();
    LocalEngine.Result result = LocalEngine.run(1, 1, DfsioFiles::fileName,
        new TruncateTask(fs, root, 1024, TimeUnit.MILLISECONDS.toNanos(300)));
    long millis = (System.nanoTime() - t0) / 1_000_000;
    TaskRecord rec = result.records().get(0);
    assertTrue(rec.failed());
    assertTrue(rec.error().contains("truncate of test_io_0 to 1024 bytes not finished after 0.3 s"),
        rec.error());
    assertTrue(millis >= 300, "waited " + millis + " ms");
    assertEquals(4096, fs.getFileStatus(DfsioFiles.dataFile(root, 0)).getLen());
  }

  /** A file system with nothing but the abstract methods, as Ozone's is for truncate(). */
  static final class BareFileSystem extends FileSystem {
    @Override
    public URI getUri() {
      return URI.create("bare:///");
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) {
      throw new UnsupportedOperationException();
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
        short replication, long blockSize, Progressable progress) {
      throw new UnsupportedOperationException();
    }

    @Override
    public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean rename(Path src, Path dst) {
      return false;
    }

    @Override
    public boolean delete(Path f, boolean recursive) {
      return false;
    }

    @Override
    public FileStatus[] listStatus(Path f) {
      return new FileStatus[0];
    }

    @Override
    public void setWorkingDirectory(Path newDir) {
    }

    @Override
    public Path getWorkingDirectory() {
      return new Path("/");
    }

    @Override
    public boolean mkdirs(Path f, FsPermission permission) {
      return false;
    }

    @Override
    public FileStatus getFileStatus(Path f) {
      throw new UnsupportedOperationException();
    }
  }

  @Test
  void aFileSystemThatDoesNotImplementTruncateIsKnownWithoutCallingIt() throws Exception {
    FileSystem bare = new BareFileSystem();
    assertEquals("it does not implement truncate()",
        FsSupport.staticReason(bare, FsSupport.Feature.TRUNCATE));
    assertNull(FsSupport.staticReason(bare, FsSupport.Feature.APPEND)); // probed at run time
    RawLocalFileSystem raw = new RawLocalFileSystem();
    assertNull(FsSupport.staticReason(raw, FsSupport.Feature.TRUNCATE));
    assertNull(FsSupport.staticReason(raw, FsSupport.Feature.APPEND));
  }
}
