package io.harness.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.records.TaskRecord;
import io.harness.core.workload.RunOutcome;
import io.harness.dfsio.Dfsio;
import io.harness.dfsio.DfsioFigures;
import io.harness.junit.HarnessCluster.Kind;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * One MiniDFSCluster with 2 datanodes for the class, started by the annotation: what is injected, the
 * annotation's settings on the cluster, and dfsio write and verified read through the Java API on it.
 */
@HarnessCluster(kind = Kind.HDFS, datanodes = 2, conf = {"dfs.blocksize=1048576", "harness.junit.probe = a=b"})
class HarnessClusterHdfsTest {
  private static final int FILES = 3;
  private static final long FILE_BYTES = 4L << 20;
  private static final long BLOCK = 1L << 20;

  private static ClusterInfo beforeAll;

  private final URI constructed;

  HarnessClusterHdfsTest(URI uri) {
    this.constructed = uri;
  }

  @BeforeAll
  static void lifecycleMethodsGetTheCluster(ClusterInfo cluster, URI uri) {
    assertEquals(uri, cluster.fileSystemUri());
    beforeAll = cluster;
  }

  @Test
  void injectsTheClusterItStarted(ClusterInfo cluster, Configuration conf, URI uri) throws Exception {
    assertSame(beforeAll, cluster, "one cluster for the class");
    assertEquals(uri, constructed, "constructors get the cluster too");
    assertEquals(Kind.HDFS, cluster.kind());
    assertEquals(2, cluster.datanodes());
    assertEquals("hdfs", uri.getScheme());
    assertEquals(uri, FileSystem.getDefaultUri(conf));
    assertEquals("", cluster.rootPrefix());
    assertEquals("/bench", cluster.path("bench"));
    assertEquals("/bench", cluster.path("/bench"));
    // the annotation's settings, key and value trimmed, the value everything after the first '='
    assertEquals(BLOCK, conf.getLong("dfs.blocksize", 0));
    assertEquals("a=b", conf.get("harness.junit.probe"));
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(uri, conf)) {
      assertEquals(2, fs.getDataNodeStats().length, "live datanodes");
    }
  }

  @Test
  void eachConfigurationParameterIsItsOwnCopy(Configuration a, Configuration b, ClusterInfo cluster) {
    a.set("harness.junit.mine", "a");
    assertNull(b.get("harness.junit.mine"));
    assertNull(cluster.configuration().get("harness.junit.mine"));
  }

  @Test
  void dfsioWritesAndVerifiesOnTheCluster(Configuration conf, ClusterInfo cluster) throws Exception {
    String root = cluster.path("dfsio");
    RunOutcome write = Dfsio.write().files(FILES).fileSize("4MB").root(root).run(conf);
    assertEquals(0, write.exitCode());
    assertEquals(FILES, write.aggregate().tasks());
    assertEquals(0, write.aggregate().failedTasks());
    assertEquals(FILES * FILE_BYTES, write.aggregate().bytes());
    DfsioFigures.Legacy written = write.figures(DfsioFigures.class).legacy();
    assertEquals("write", written.testType());
    assertEquals(FILES, written.tasks());
    assertEquals(FILES * FILE_BYTES, written.size());

    // on the cluster: every file whole, in blocks of the annotation's dfs.blocksize
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), conf)) {
      for (int i = 0; i < FILES; i++) {
        FileStatus file = fs.getFileStatus(new Path(root + "/io_data/test_io_" + i));
        assertEquals(FILE_BYTES, file.getLen(), file.getPath().toString());
        assertEquals(BLOCK, file.getBlockSize(), file.getPath().toString());
        assertEquals(FILE_BYTES / BLOCK, fs.getFileBlockLocations(file, 0, file.getLen()).length);
      }
    }

    RunOutcome read = Dfsio.read().verify().files(FILES).fileSize("4MB").root(root).run(conf);
    assertEquals(0, read.exitCode());
    assertEquals(FILES, read.records().tasks().size());
    for (TaskRecord task : read.records().tasks()) {
      assertNull(task.error(), task.name());
      assertEquals(FILE_BYTES, task.bytes(), task.name());
    }
    assertEquals(FILES * FILE_BYTES, read.aggregate().bytes());
    assertTrue(read.aggregate().mbPerSec() > 0);
    DfsioFigures.Legacy figures = read.figures(DfsioFigures.class).legacy();
    assertEquals("read", figures.testType());
    assertEquals(FILES, figures.tasks());
    assertEquals(FILES * FILE_BYTES, figures.size());
    assertEquals(12.0, figures.totalMBytes());
    assertTrue(figures.throughputMbSec() > 0 && figures.averageIoRateMbSec() > 0, figures.toString());

    // the verification compares bytes: data of another seed fails every task
    RunOutcome other = Dfsio.read().verify().seed(7).files(FILES).fileSize("4MB").root(root).run(conf);
    assertNotEquals(0, other.exitCode());
    assertEquals(FILES, other.records().failed().size());
  }

  /** A {@code @Nested} class without its own annotation runs on the enclosing class's cluster. */
  @Nested
  class NestedClass {
    @Test
    void sharesTheEnclosingCluster(ClusterInfo cluster, URI uri) {
      assertSame(beforeAll, cluster);
      assertEquals(beforeAll.fileSystemUri(), uri);
    }
  }
}
