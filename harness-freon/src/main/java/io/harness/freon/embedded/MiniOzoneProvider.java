package io.harness.freon.embedded;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedClusterProvider;
import io.harness.core.base.LocalDirs;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.ObjectStore;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.hadoop.ozone.util.ShutdownHookManager;
import org.apache.ozone.test.GenericTestUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --embedded ozone[:N]}: a MiniOzoneCluster (one SCM, one OM, N datanodes) in this JVM, with
 * volume {@value #VOLUME} and bucket {@value #BUCKET} (FILE_SYSTEM_OPTIMIZED) already created.
 */
public final class MiniOzoneProvider implements EmbeddedClusterProvider {
  public static final String NAME = "ozone";
  public static final String VOLUME = "vol1";
  public static final String BUCKET = "bucket1";

  private static final Logger LOG = LoggerFactory.getLogger(MiniOzoneProvider.class);

  /** MiniOzoneCluster.Builder reads its base directory from this system property. */
  private static final String TEST_DATA_PROPERTY = "test.build.data";
  private static final String OM_ADDRESS = "ozone.om.address";
  private static final int MAX_ATTEMPTS = 3;
  private static final int PIPELINE_TIMEOUT_MS = 120_000;
  /** Below the OM's metrics hook (30): runs after it. */
  /**
   * Priority of a Hadoop shutdown hook that runs after the OM's (30), which writes its metrics file into its
   * metadata directory at exit: a hook removing a cluster's directories at exit uses this one.
   */
  public static final int EXIT_CLEANUP_PRIORITY = 1;

  /** The system property and the port allocator are JVM-wide: one build at a time. */
  private static final Object BUILD_LOCK = new Object();

  @Override
  public String name() {
    return NAME;
  }

  /**
   * The MiniOzoneCluster behind a cluster this provider started, for tests that stop and restart its
   * services (a datanode, the OM) while a run goes on.
   */
  public static MiniOzoneCluster miniCluster(EmbeddedCluster started) {
    if (!(started instanceof MiniOzoneRunning r)) {
      throw new IllegalArgumentException("not a cluster this provider started: " + started);
    }
    return r.miniCluster();
  }

  @Override
  public EmbeddedCluster start(Configuration base, int datanodes) throws Exception {
    if (datanodes < 1) {
      throw new IllegalArgumentException("datanodes must be at least 1, was " + datanodes);
    }
    Path dir = Files.createTempDirectory("harness-embedded-ozone-");
    // The OM registers a shutdown hook (Ozone's own ShutdownHookManager, priority 30) that writes its
    // metrics file into its metadata directory, creating the directory again after close(), and
    // nothing removes that hook. So the temp dir is deleted once more at exit, by a hook of lower
    // priority in the same manager, which runs after it.
    ShutdownHookManager.get().addShutdownHook(() -> LocalDirs.deleteOwnTempDir(dir),
        EXIT_CLEANUP_PRIORITY);
    try {
      return start(base, datanodes, dir, true);
    } catch (Exception | Error e) {
      LocalDirs.deleteOwnTempDir(dir);
      throw e;
    }
  }

  @Override
  public boolean startsInFolder() {
    return true;
  }

  @Override
  public EmbeddedCluster start(Configuration base, int datanodes, Path folder) throws Exception {
    if (datanodes < 1) {
      throw new IllegalArgumentException("datanodes must be at least 1, was " + datanodes);
    }
    return start(base, datanodes, folder, false);
  }

  /** With {@code ownTempDir}, closing the cluster removes {@code dir} too; else it keeps every file. */
  private static EmbeddedCluster start(Configuration base, int datanodes, Path dir, boolean ownTempDir)
      throws Exception {
    MiniOzoneCluster cluster = null;
    try {
      long t0 = System.nanoTime();
      cluster = build(base, datanodes, dir);
      cluster.waitForClusterToBeReady();
      waitForWritablePipeline(cluster);
      createVolumeAndBucket(cluster);
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
      LOG.info("MiniOzoneCluster with {} datanode(s) ready in {} ms under {}", datanodes, millis, dir);

      OzoneConfiguration client = new OzoneConfiguration(cluster.getConf());
      URI uri = URI.create("ofs://" + client.get(OM_ADDRESS) + "/");
      client.set("fs.defaultFS", uri.toString());
      return new MiniOzoneRunning(cluster, dir, ownTempDir, client, uri, datanodes, millis);
    } catch (Exception | Error e) {
      if (cluster != null) {
        if (ownTempDir) {
          cluster.shutdown();
        } else {
          cluster.stop();
        }
      }
      throw e;
    }
  }

  /**
   * The server configuration: the caller's settings, plus defaults that suit a small cluster on
   * one machine. A key the caller set (anywhere but a {@code *-default.xml}) is left as it is.
   */
  static OzoneConfiguration serverConfiguration(Configuration base, int datanodes) {
    // Start from Ozone's own defaults and lay the caller's explicit settings over them, so that a
    // base without Ozone's *-default.xml values (e.g. one made with loadDefaults=false) cannot drop
    // keys such as hdds.ratis.raft.client.rpc.request.timeout (60s): without it Ratis uses its own
    // 3 s, and on a busy 2-core machine writes time out, retry and stall for tens of seconds.
    OzoneConfiguration conf = new OzoneConfiguration();
    for (java.util.Map.Entry<String, String> e : base) {
      if (isUserSet(base, e.getKey())) {
        conf.set(e.getKey(), base.getRaw(e.getKey()), "caller");
      }
    }
    // Fewer than 3 datanodes cannot hold RATIS/THREE (the default): clients and the OM's bucket
    // default use ONE, so writes do not wait for a pipeline that can never form.
    if (datanodes < 3) {
      setUnlessUserSet(conf, base, "ozone.replication", "ONE");
      setUnlessUserSet(conf, base, "ozone.server.default.replication", "ONE");
    }
    // Every datanode shares one local disk: do not reserve 5 GB per open container and keep the
    // free-space floor low (defaults are 20 GB or 2% of the disk), so small disks still take writes.
    setUnlessUserSet(conf, base, "ozone.scm.container.size", "1GB");
    setUnlessUserSet(conf, base, "hdds.datanode.volume.min.free.space", "1GB");
    setUnlessUserSet(conf, base, "hdds.datanode.volume.min.free.space.percent", "0.001");
    setUnlessUserSet(conf, base, "hdds.datanode.volume.min.free.space.hard.limit.percent", "0.001");
    // Datanodes pick up SCM's commands (such as "create this pipeline") only with a heartbeat,
    // every 30 s by default: the first write to a fresh cluster would wait that long.
    setUnlessUserSet(conf, base, "hdds.heartbeat.interval", "1s");
    // Fewer threads per datanode (Ozone's own integration tests use 4 instead of 10).
    setUnlessUserSet(conf, base, "hdds.container.ratis.num.write.chunk.threads.per.volume", "4");
    // The OM's S3 gRPC server listens on a fixed port (8981): two clusters on one host would clash.
    setUnlessUserSet(conf, base, "ozone.om.s3.grpc.server_enabled", "false");
    return conf;
  }

  private static void setUnlessUserSet(OzoneConfiguration conf, Configuration base, String key,
      String value) {
    if (!isUserSet(base, key)) {
      conf.set(key, value, "harness embedded ozone");
    }
  }

  /** Whether {@code key} was set anywhere other than a {@code *-default.xml} file. */
  private static boolean isUserSet(Configuration base, String key) {
    String[] sources = base.getPropertySources(key);
    if (sources == null) {
      return false;
    }
    for (String source : sources) {
      if (!source.endsWith("-default.xml")) {
        return true;
      }
    }
    return false;
  }

  private static MiniOzoneCluster build(Configuration base, int datanodes, Path dir)
      throws IOException {
    synchronized (BUILD_LOCK) {
      String previous = System.getProperty(TEST_DATA_PROPERTY);
      System.setProperty(TEST_DATA_PROPERTY, dir.toString());
      try {
        for (int attempt = 1; ; attempt++) {
          // MiniOzoneCluster hands out ports one after another from 15000 without checking them,
          // so a second cluster on this host (another run, another test JVM) would get the same
          // ports. Start from a random block that is free right now instead.
          OzonePorts.startAtFreeBlock(datanodes);
          OzoneConfiguration conf = serverConfiguration(base, datanodes);
          try {
            // The builder takes its data path from the system property when it is created.
            return MiniOzoneCluster.newBuilder(conf).setNumDatanodes(datanodes).build();
          } catch (IOException | RuntimeException e) {
            if (attempt >= MAX_ATTEMPTS || !OzonePorts.causedByBind(e)) {
              throw e;
            }
            LOG.warn("MiniOzoneCluster could not bind a port (attempt {} of {}), retrying",
                attempt, MAX_ATTEMPTS, e);
          }
        }
      } finally {
        if (previous == null) {
          System.clearProperty(TEST_DATA_PROPERTY);
        } else {
          System.setProperty(TEST_DATA_PROPERTY, previous);
        }
      }
    }
  }

  /**
   * Safe mode can end before any pipeline is open (with fewer than 3 datanodes SCM asks for none),
   * and a write would then wait for one: wait here, for the replication the cluster uses.
   */
  private static void waitForWritablePipeline(MiniOzoneCluster cluster)
      throws TimeoutException, InterruptedException {
    String replication = cluster.getConf().getTrimmed("ozone.server.default.replication", "3");
    HddsProtos.ReplicationFactor factor;
    switch (replication.toUpperCase(Locale.ROOT)) {
      case "1", "ONE" -> factor = HddsProtos.ReplicationFactor.ONE;
      case "3", "THREE" -> factor = HddsProtos.ReplicationFactor.THREE;
      default -> {
        return; // EC or another scheme: nothing RATIS-specific to wait for
      }
    }
    cluster.waitForPipelineTobeReady(factor, PIPELINE_TIMEOUT_MS);
  }

  private static void createVolumeAndBucket(MiniOzoneCluster cluster) throws IOException {
    try (OzoneClient client = cluster.newClient()) {
      ObjectStore store = client.getObjectStore();
      store.createVolume(VOLUME);
      store.getVolume(VOLUME).createBucket(BUCKET, BucketArgs.newBuilder()
          .setBucketLayout(BucketLayout.FILE_SYSTEM_OPTIMIZED)
          .build());
    }
  }
}
