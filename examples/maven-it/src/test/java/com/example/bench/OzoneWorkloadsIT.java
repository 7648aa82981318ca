package com.example.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.records.TaskRecord;
import io.harness.core.workload.RunOutcome;
import io.harness.dfsio.Dfsio;
import io.harness.dfsio.DfsioFigures;
import io.harness.junit.ClusterInfo;
import io.harness.junit.HarnessCluster;
import io.harness.junit.HarnessCluster.Kind;
import io.harness.teragen.TeraGen;
import io.harness.teragen.TeraGenFigures;
import io.harness.teragen.TeraValidate;
import io.harness.teragen.TeraValidateFigures;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * One MiniOzoneCluster (one SCM, one OM, 3 datanodes, volume vol1 and bucket bucket1) for the class, started by
 * {@code @HarnessCluster}; the harness's workloads run on it through the Java API, and the tests check what they
 * did.
 */
@HarnessCluster(kind = Kind.OZONE, datanodes = 3, conf = {"ozone.scm.block.size=16MB"})
class OzoneWorkloadsIT {
  private static final int FILES = 4;
  private static final long FILE_BYTES = 16L << 20;
  private static final long ROWS = 100_000;
  /** The checksum Hadoop's TeraChecksum and TeraValidate print for TeraGen's first 100,000 rows. */
  private static final String CHECKSUM_OF_100K_ROWS = "c327a1c42c28";

  @Test
  void theClusterAsAsked(ClusterInfo cluster, Configuration conf, URI uri) {
    assertEquals(Kind.OZONE, cluster.kind());
    assertEquals(3, cluster.datanodes());
    assertEquals("ofs", uri.getScheme());
    assertEquals(uri, FileSystem.getDefaultUri(conf));
    assertEquals("/vol1/bucket1", cluster.rootPrefix());
    assertEquals("16MB", conf.get("ozone.scm.block.size"));
  }

  @Test
  void dfsioWriteThenVerifiedRead(Configuration conf, ClusterInfo cluster) throws Exception {
    String root = cluster.path("dfsio");   // /vol1/bucket1/dfsio

    RunOutcome write = Dfsio.write().files(FILES).fileSize("16MB").root(root).run(conf);
    assertEquals(0, write.exitCode());
    assertEquals(FILES, write.aggregate().tasks());
    assertEquals(0, write.aggregate().failedTasks());
    assertEquals(FILES * FILE_BYTES, write.aggregate().bytes());
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), conf)) {
      FileStatus[] files = fs.listStatus(new Path(root, "io_data"));
      assertEquals(FILES, files.length);
      for (FileStatus file : files) {
        assertEquals(FILE_BYTES, file.getLen(), file.getPath().toString());
      }
    }

    // every byte read is checked against the data the write's seed gave; the TestDFSIO block goes to stdout
    RunOutcome read = Dfsio.read().verify().files(FILES).fileSize("16MB").root(root)
        .printTo(System.out, System.err)
        .run(conf);
    assertEquals(0, read.exitCode());
    List<TaskRecord> tasks = read.records().tasks();
    assertEquals(FILES, tasks.size());
    for (TaskRecord task : tasks) {
      assertNull(task.error(), task.name());
      assertEquals(FILE_BYTES, task.bytes(), task.name());
    }
    assertEquals(FILES * FILE_BYTES, read.aggregate().bytes());
    assertTrue(read.aggregate().mbPerSec() > 0);

    DfsioFigures.Legacy testDfsio = read.figures(DfsioFigures.class).legacy();
    assertEquals("read", testDfsio.testType());
    assertEquals(FILES, testDfsio.tasks());
    assertEquals(FILES * FILE_BYTES, testDfsio.size());
    assertEquals(64.0, testDfsio.totalMBytes());
    assertTrue(testDfsio.throughputMbSec() > 0, testDfsio.toString());
    assertTrue(testDfsio.averageIoRateMbSec() > 0, testDfsio.toString());
  }

  @Test
  void teragenThenTeravalidate(Configuration conf, ClusterInfo cluster) throws Exception {
    String out = cluster.path("tera");   // /vol1/bucket1/tera

    RunOutcome gen = TeraGen.rows(ROWS).maps(2).output(out).run(conf);
    assertEquals(0, gen.exitCode());
    TeraGenFigures generated = gen.figures(TeraGenFigures.class);
    assertEquals(ROWS, generated.rows());
    assertEquals(ROWS * 100, generated.bytes());
    assertEquals(0, generated.failedFiles());
    assertEquals(CHECKSUM_OF_100K_ROWS, generated.checksum());
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), conf)) {
      long bytes = 0;
      for (TeraGenFigures.File file : generated.files()) {
        bytes += fs.getFileStatus(new Path(out, file.file())).getLen();
      }
      assertEquals(ROWS * 100, bytes);
    }

    RunOutcome validate = TeraValidate.dir(out).checksumOnly()
        .expectChecksum(CHECKSUM_OF_100K_ROWS).expectRows(ROWS)
        .run(conf);
    assertEquals(0, validate.exitCode());
    TeraValidateFigures validated = validate.figures(TeraValidateFigures.class);
    assertEquals(List.of(), validated.problems());
    assertEquals(ROWS, validated.rows());
    assertEquals(CHECKSUM_OF_100K_ROWS, validated.checksum());
    assertEquals(2, validated.files());
    assertEquals(0, validated.unread());
  }
}
