package io.harness.containers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdds.client.RatisReplicationConfig;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos;
import org.apache.hadoop.hdds.scm.protocol.StorageContainerLocationProtocol;
import org.apache.hadoop.hdds.utils.HAUtils;
import org.apache.hadoop.ozone.ClientVersion;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.ObjectStore;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneClientFactory;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;

/**
 * A multi-process Ozone: SCM ({@code scm}), OM ({@code om}) and N datanodes ({@code dn1..dnN}), each in a
 * container and a JVM of its own, on the host network with free loopback ports. Started when SCM reports N
 * healthy datanodes, safe mode off and an open RATIS/THREE pipeline (ONE below 3 datanodes), and the OM has
 * created the volume {@value #VOLUME} with the bucket {@value #BUCKET}.
 */
public final class OzoneContainers extends ClusterContainers {
  public static final String SCM = "scm";
  public static final String OM = "om";
  public static final String VOLUME = "vol1";
  public static final String BUCKET = "bucket1";

  private final int datanodeCount;
  private final URI uri;

  private OzoneContainers(Path root, ClusterImage image, int datanodes, Map<String, String> extra)
      throws IOException {
    super(root, image);
    this.datanodeCount = datanodes;
    int[] scm = Ports.free(7);
    int[] om = Ports.free(3);
    uri = URI.create("ofs://127.0.0.1:" + om[0] + "/");
    Map<String, String> shared = new LinkedHashMap<>();
    shared.put("fs.defaultFS", uri.toString());
    shared.put("ozone.om.address", "127.0.0.1:" + om[0]);
    shared.put("ozone.scm.names", "127.0.0.1");
    shared.put("ozone.scm.client.address", "127.0.0.1:" + scm[0]);
    shared.put("ozone.scm.block.client.address", "127.0.0.1:" + scm[1]);
    shared.put("ozone.scm.datanode.address", "127.0.0.1:" + scm[2]);
    shared.put("ozone.scm.datanode.port", Integer.toString(scm[2]));
    // the HTTP addresses in the client's configuration too, as a real cluster's site files have them: the
    // run's context reads the servers' versions and settings there
    shared.put("ozone.scm.http-address", "127.0.0.1:" + scm[3]);
    shared.put("ozone.om.http-address", "127.0.0.1:" + om[1]);
    if (datanodes < 3) {
      shared.put("ozone.replication", "ONE");
      shared.put("ozone.server.default.replication", "ONE");
    }
    // the embedded cluster's small-machine settings (see MiniOzoneProvider): small containers, a low
    // free-space floor, heartbeats every second, fewer chunk threads, no S3 gRPC on its fixed port
    shared.put("ozone.scm.container.size", "1GB");
    shared.put("hdds.datanode.volume.min.free.space", "1GB");
    shared.put("hdds.datanode.volume.min.free.space.percent", "0.001");
    shared.put("hdds.datanode.volume.min.free.space.hard.limit.percent", "0.001");
    shared.put("hdds.heartbeat.interval", "1s");
    shared.put("hdds.container.ratis.num.write.chunk.threads.per.volume", "4");
    shared.put("ozone.om.s3.grpc.server_enabled", "false");
    shared.put("hdds.scm.wait.time.after.safemode.exit", "5s");
    shared.putAll(extra);
    client(shared, "ozone-site.xml");

    Map<String, String> s = withDirs(shared, SCM);
    s.put("ozone.scm.ratis.port", Integer.toString(scm[4]));
    s.put("ozone.scm.grpc.port", Integer.toString(scm[5]));
    s.put("ozone.scm.security.service.address", "127.0.0.1:" + scm[6]);
    s.putAll(extra);
    add(SCM, "org.apache.hadoop.hdds.scm.server.StorageContainerManagerStarter", List.of("--init"), s,
        "ozone-site.xml", "512m", scm[0]);

    Map<String, String> o = withDirs(shared, OM);
    o.put("ozone.om.ratis.port", Integer.toString(om[2]));
    o.putAll(extra);
    add(OM, "org.apache.hadoop.ozone.om.OzoneManagerStarter", List.of("--init"), o, "ozone-site.xml", "512m",
        om[0]);

    for (int i = 1; i <= datanodes; i++) {
      String name = "dn" + i;
      int[] p = Ports.free(8);
      Map<String, String> d = withDirs(shared, name);
      d.put("hdds.datanode.dir", dataPath(name, "data"));
      d.put("hdds.container.ratis.datanode.storage.dir", dataPath(name, "ratis"));
      d.put("ozone.scm.datanode.id.dir", dataPath(name, "meta"));
      d.put("hdds.container.ipc.port", Integer.toString(p[0]));
      d.put("hdds.container.ratis.ipc.port", Integer.toString(p[1]));
      d.put("hdds.container.ratis.admin.port", Integer.toString(p[2]));
      d.put("hdds.container.ratis.server.port", Integer.toString(p[3]));
      d.put("hdds.container.ratis.datastream.port", Integer.toString(p[4]));
      d.put("hdds.datanode.replication.port", Integer.toString(p[5]));
      d.put("hdds.datanode.http-address", "127.0.0.1:" + p[6]);
      d.put("hdds.datanode.client.address", "127.0.0.1:" + p[7]);
      d.putAll(extra);
      add(name, "org.apache.hadoop.ozone.HddsDatanodeService", null, d, "ozone-site.xml", "768m", p[0]);
    }
  }

  private Map<String, String> withDirs(Map<String, String> shared, String service) {
    Map<String, String> m = new LinkedHashMap<>(shared);
    m.put("ozone.metadata.dirs", dataPath(service, "meta"));
    m.put("hadoop.tmp.dir", dataPath(service, "tmp"));
    return m;
  }

  /**
   * Starts SCM, OM and {@code datanodes} datanodes under {@code root} (configuration, data and logs), with
   * these extra site settings for every service and the client, then creates {@value #VOLUME}/{@value #BUCKET}.
   */
  public static OzoneContainers start(Path root, int datanodes, ClusterImage image, Map<String, String> extra,
      Duration limit) throws IOException, InterruptedException {
    OzoneContainers c = new OzoneContainers(root, image, datanodes, extra);
    c.startAll(limit, c::createBucket);
    return c;
  }

  @Override
  public URI uri() {
    return uri;
  }

  /** The path prefix of the ready bucket, {@code /vol1/bucket1}. */
  public String rootPrefix() {
    return "/" + VOLUME + "/" + BUCKET;
  }

  public OzoneConfiguration ozoneConfiguration() {
    return new OzoneConfiguration(configuration());
  }

  @Override
  public void awaitReady(Duration limit) throws IOException, InterruptedException {
    awaitHealthy(datanodeCount, limit);
  }

  /** Waits until SCM counts {@code healthy} healthy datanodes, is out of safe mode and has an open pipeline. */
  public void awaitHealthy(int healthy, Duration limit) throws IOException, InterruptedException {
    HddsProtos.ReplicationFactor factor = datanodeCount >= 3
        ? HddsProtos.ReplicationFactor.THREE : HddsProtos.ReplicationFactor.ONE;
    RatisReplicationConfig wanted = RatisReplicationConfig.getInstance(factor);
    StorageContainerLocationProtocol scm = HAUtils.getScmContainerClient(ozoneConfiguration());
    try {
      await(healthy + " healthy datanode(s), safe mode off, an open RATIS/" + factor + " pipeline", limit,
          () -> scm.queryNode(HddsProtos.NodeOperationalState.IN_SERVICE, HddsProtos.NodeState.HEALTHY,
                  HddsProtos.QueryScope.CLUSTER, "", ClientVersion.CURRENT_VERSION).size() == healthy
              && !scm.inSafeMode()
              && scm.listPipelines().stream().anyMatch(p -> p.isOpen() && wanted.equals(p.getReplicationConfig())));
    } finally {
      scm.close();
    }
  }

  /** Creates the volume and bucket (FILE_SYSTEM_OPTIMIZED) through the OM: it answers, or this fails. */
  private void createBucket() throws IOException {
    try (OzoneClient client = OzoneClientFactory.getRpcClient(ozoneConfiguration())) {
      ObjectStore store = client.getObjectStore();
      store.createVolume(VOLUME);
      store.getVolume(VOLUME).createBucket(BUCKET,
          BucketArgs.newBuilder().setBucketLayout(BucketLayout.FILE_SYSTEM_OPTIMIZED).build());
    }
  }
}
