package io.harness.freon.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.target.EmbeddedCluster;
import io.harness.core.target.EmbeddedSpec;
import java.net.URI;
import java.nio.file.Files;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class MiniOzoneProviderTest {
  private static final int SIZE = 8 * 1024 * 1024;

  @Test
  void foundByServiceLoader() {
    EmbeddedSpec spec = EmbeddedSpec.parse("ozone:1");
    assertInstanceOf(MiniOzoneProvider.class, spec.provider());
    assertEquals(1, spec.datanodes());
  }

  @Test
  void oneDatanodeWritesAndReadsBack() throws Exception {
    writeReadAndClose(1);
  }

  @Test
  void threeDatanodesWriteAndReadBack() throws Exception {
    writeReadAndClose(3);
  }

  /**
   * A base configuration that holds none of Ozone's defaults (as a plain Hadoop Configuration made
   * before Ozone's default resources were registered does) must still give the servers and clients
   * Ozone's defaults: without them the Ratis client request timeout drops from 60 s to Ratis' 3 s.
   */
  @Test
  void ozoneDefaultsSurviveABaseWithoutThem() {
    Configuration base = new Configuration(false);
    base.set("harness.test.key", "kept");
    Configuration conf = MiniOzoneProvider.serverConfiguration(base, 3);
    assertEquals("60s", conf.get("hdds.ratis.raft.client.rpc.request.timeout"));
    assertEquals("kept", conf.get("harness.test.key"));
  }

  @Test
  void callerSettingsWinOverSmallClusterDefaults() {
    Configuration base = new Configuration(false);
    base.set("ozone.scm.container.size", "2GB");
    assertEquals("2GB", MiniOzoneProvider.serverConfiguration(base, 1).get("ozone.scm.container.size"));
    assertEquals("ONE", MiniOzoneProvider.serverConfiguration(base, 1).get("ozone.replication"));
    assertEquals("1GB", MiniOzoneProvider.serverConfiguration(new Configuration(), 3)
        .get("ozone.scm.container.size"));
  }

  private static void writeReadAndClose(int datanodes) throws Exception {
    byte[] data = nonZeroBytes(SIZE, 42L + datanodes);
    java.nio.file.Path dir;
    EmbeddedCluster cluster = new MiniOzoneProvider().start(new Configuration(), datanodes);
    try {
      MiniOzoneProvider.Running running = (MiniOzoneProvider.Running) cluster;
      dir = running.dataDir();
      System.out.printf("MiniOzoneCluster with %d datanode(s) started in %d ms%n", datanodes,
          running.startMillis());
      assertTrue(Files.isDirectory(dir), "data dir " + dir);
      try (Stream<java.nio.file.Path> entries = Files.list(dir)) {
        assertTrue(entries.findAny().isPresent(), "cluster data lives in " + dir);
      }

      URI uri = cluster.fileSystemUri();
      assertEquals("ofs", uri.getScheme());
      assertEquals(uri.toString(), cluster.configuration().get("fs.defaultFS"));
      assertEquals("/vol1/bucket1", cluster.rootPrefix());
      assertEquals("MiniOzoneCluster, " + datanodes + " datanode(s)", cluster.description());

      Configuration conf = cluster.configuration();
      FileSystem fs = FileSystem.get(uri, conf);
      try {
        Path file = new Path(cluster.rootPrefix() + "/dir/f");
        try (FSDataOutputStream out = fs.create(file, true)) {
          out.write(data);
        }
        FileStatus status = fs.getFileStatus(file);
        assertEquals(SIZE, status.getLen());
        byte[] back = new byte[SIZE];
        try (FSDataInputStream in = fs.open(file)) {
          in.readFully(back);
          assertEquals(-1, in.read(), "nothing after the written bytes");
        }
        assertArrayEquals(data, back);
      } finally {
        fs.close();
      }
    } finally {
      cluster.close();
    }
    assertFalse(Files.exists(dir), "temp dir removed on close: " + dir);
  }

  private static byte[] nonZeroBytes(int size, long seed) {
    byte[] b = new byte[size];
    new Random(seed).nextBytes(b);
    for (int i = 0; i < b.length; i++) {
      if (b[i] == 0) {
        b[i] = (byte) (1 + (i % 255));
      }
    }
    return b;
  }
}
