package io.harness.freon.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.context.ClusterContext;
import io.harness.core.context.ClusterProbe;
import io.harness.core.context.ClusterProbes;
import io.harness.core.result.ResultWriter;
import io.harness.core.workload.RunOutcome;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.freon.dfsg.Dfsg;
import io.harness.core.fs.EmbeddedSpec;
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
import org.apache.hadoop.hdds.client.DefaultReplicationConfig;
import org.apache.hadoop.hdds.client.RatisReplicationConfig;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneClientFactory;
import org.apache.hadoop.ozone.util.OzoneVersionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MiniOzoneProviderTest {
  private static final int SIZE = 8 * 1024 * 1024;

  @Test
  void foundByServiceLoader() {
    EmbeddedSpec spec = EmbeddedSpec.parse("ozone:1");
    assertInstanceOf(MiniOzoneProvider.class, spec.provider());
    assertEquals(1, spec.datanodes());
  }

  /**
   * One datanode with the FILE_PER_CHUNK layout. A run on it from a client that knows only the OM's address (as
   * on a remote cluster) has in its JSON's {@code cluster} the versions, the datanode and the bucket's
   * replication, each as the servers themselves tell it; with the cluster's server configuration (what an
   * embedded target gives) the context has the chunk layout too.
   */
  @Test
  void oneDatanodeWritesAndReadsBack(@TempDir java.nio.file.Path runs) throws Exception {
    Configuration base = new Configuration();
    base.set("ozone.scm.chunk.layout", "FILE_PER_CHUNK");
    writeReadAndClose(1, base, cluster -> {
      Configuration conf = cluster.configuration();
      try (OzoneClient client = OzoneClientFactory.getRpcClient(new OzoneConfiguration(conf))) {
        client.getObjectStore().getVolume(MiniOzoneProvider.VOLUME).createBucket("ctx", BucketArgs.newBuilder()
            .setDefaultReplicationConfig(new DefaultReplicationConfig(RatisReplicationConfig.getInstance(
                HddsProtos.ReplicationFactor.ONE))).build());
      }
      Configuration remote = new Configuration();
      remote.set("ozone.om.address", conf.get("ozone.om.address"));
      remote.set("ozone.scm.http-address", conf.get("ozone.scm.http-address"));
      remote.set("ozone.client.bytes.per.checksum", "64KB");
      remote.set("ozone.replication", "ONE"); // the client's own default (THREE) would win over the bucket's
      RunOutcome run = Dfsg.files(2).size("4KB").path("/vol1/ctx/dfsg").saveTo(runs)
          .run(cluster.fileSystemUri(), remote);
      assertEquals(0, run.exitCode());
      JsonNode c;
      try (Stream<java.nio.file.Path> dirs = Files.list(runs)) {
        c = ResultWriter.mapper().readTree(dirs.findFirst().orElseThrow().resolve("result.json").toFile())
            .get("cluster");
      }
      String ozone = OzoneVersionInfo.OZONE_VERSION_INFO.getVersion();
      assertEquals("Ozone", c.path("system").asText(), c.toString());
      assertEquals("[{\"role\":\"om\",\"version\":\"" + ozone + "\"},{\"role\":\"scm\",\"version\":\"" + ozone
          + "\"}]", c.get("servers").toString());
      assertEquals(1, c.path("liveDatanodes").asInt(), c.toString());
      assertEquals("[\"" + ozone + "\"]", c.get("datanodeVersions").toString());
      JsonNode o = c.get("ozone");
      assertEquals("RATIS/ONE", o.path("replication").asText(), c.toString());
      assertEquals("vol1", o.path("volume").asText());
      assertEquals("ctx", o.path("bucket").asText());
      assertEquals("FILE_SYSTEM_OPTIMIZED", o.path("bucketLayout").asText());
      assertFalse(o.path("datastream").asBoolean());
      assertEquals("CRC32", c.path("checksumType").asText());
      assertEquals("64KB", c.get("clientSettings").get("ozone.client.bytes.per.checksum").asText(), c.toString());
      assertEquals("ONE", c.get("clientSettings").get("ozone.replication").asText(), c.toString());
      // the datanodes' layout: a remote client asks a datanode's /conf (whose servlet fails inside this test's
      // JVM, on its class path); the embedded cluster's target gives its server configuration instead
      try (FileSystem fs = FileSystem.newInstance(cluster.fileSystemUri(), remote)) {
        ClusterContext embedded = ClusterProbes.describe(new ClusterProbe.Request(fs, cluster.fileSystemUri(),
            fs.makeQualified(new Path("/vol1/ctx")), remote, cluster.serverConfiguration()));
        assertEquals("FILE_PER_CHUNK", embedded.ozone().chunkLayout(), embedded.toString());
        assertEquals("V3", embedded.ozone().containerSchema(), embedded.toString());
        assertEquals("RATIS/ONE", embedded.ozone().replication(), embedded.toString());
        assertEquals(ozone, embedded.version("om"), embedded.toString());
        assertNull(embedded.unknown(), embedded.toString());
      }
    });
  }

  @Test
  void threeDatanodesWriteAndReadBack() throws Exception {
    writeReadAndClose(3, new Configuration(), cluster -> { });
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

  /** What a test does on the started cluster. */
  private interface OnCluster {
    void accept(EmbeddedCluster cluster) throws Exception;
  }

  private static void writeReadAndClose(int datanodes, Configuration base, OnCluster also) throws Exception {
    byte[] data = nonZeroBytes(SIZE, 42L + datanodes);
    java.nio.file.Path dir;
    EmbeddedCluster cluster = new MiniOzoneProvider().start(base, datanodes);
    try {
      MiniOzoneRunning running = (MiniOzoneRunning) cluster;
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
      also.accept(cluster);
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
