package com.example.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.workload.RunOutcome;
import io.harness.dfsio.Dfsio;
import io.harness.junit.ClusterInfo;
import io.harness.junit.HarnessCluster;
import io.harness.junit.HarnessCluster.Kind;
import io.harness.junit.HarnessCluster.Processes;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;

/**
 * An HDFS whose namenode and 3 datanodes each run in a Docker container and a JVM of their own, started by
 * {@code @HarnessCluster(processes = CONTAINERS)} from the image harness-containers builds out of this project's
 * test class path (on first use); dfsio writes and reads back with verification through the Java API. Without a
 * Docker engine the class is skipped.
 */
@HarnessCluster(kind = Kind.HDFS, processes = Processes.CONTAINERS)
class ContainersHdfsIT {
  private static final int FILES = 4;
  private static final long FILE_BYTES = 16L << 20;

  @Test
  void theClusterAsAsked(ClusterInfo cluster, Configuration conf, URI uri) throws Exception {
    assertEquals(Kind.HDFS, cluster.kind());
    assertTrue(uri.toString().startsWith("hdfs://127.0.0.1:"), uri.toString());
    assertEquals(uri, FileSystem.getDefaultUri(conf));
    assertTrue(cluster.description().startsWith("HDFS in containers: namenode + 3 datanodes"),
        cluster.description());
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(uri, conf)) {
      assertEquals(3, fs.getDataNodeStats().length, "live datanodes");
    }
  }

  @Test
  void dfsioWriteThenVerifiedRead(Configuration conf, ClusterInfo cluster) throws Exception {
    String root = cluster.path("dfsio");   // /dfsio

    RunOutcome write = Dfsio.write().files(FILES).fileSize("16MB").root(root).run(conf);
    assertEquals(0, write.exitCode());
    assertEquals(0, write.aggregate().failedTasks());
    assertEquals(FILES * FILE_BYTES, write.aggregate().bytes());
    try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), conf)) {
      ContentSummary written = fs.getContentSummary(new Path(root, "io_data"));
      assertEquals(FILES, written.getFileCount());
      assertEquals(FILES * FILE_BYTES, written.getLength());
    }

    // every byte read is checked against the data the write's seed gave
    RunOutcome read = Dfsio.read().verify().files(FILES).fileSize("16MB").root(root).run(conf);
    assertEquals(0, read.exitCode());
    assertEquals(FILES, read.records().tasks().size());
    assertTrue(read.records().failed().isEmpty(), read.records().failed().toString());
    assertEquals(FILES * FILE_BYTES, read.aggregate().bytes());
  }
}
