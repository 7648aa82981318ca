package io.harness.containers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * A multi-process HDFS: a namenode ({@code nn}) and N datanodes ({@code dn1..dnN}), each in a container and
 * a JVM of its own, on the host network with free loopback ports. Started when the namenode reports N live
 * datanodes and safe mode off.
 */
public final class HdfsContainers extends ClusterContainers {
  public static final String NAMENODE = "nn";

  private final int datanodeCount;
  private final URI uri;

  private HdfsContainers(Path root, ClusterImage image, int datanodes, Map<String, String> extra)
      throws IOException {
    super(root, image);
    this.datanodeCount = datanodes;
    int[] nnPorts = Ports.free(2);
    uri = URI.create("hdfs://127.0.0.1:" + nnPorts[0]);
    Map<String, String> shared = new LinkedHashMap<>();
    shared.put("fs.defaultFS", uri.toString());
    shared.put("dfs.namenode.rpc-address", "127.0.0.1:" + nnPorts[0]);
    shared.put("dfs.replication", Integer.toString(Math.min(3, datanodes)));
    // in the client's configuration too, as a real cluster's site files have it: the run's context reads the
    // namenode's version and settings there
    shared.put("dfs.namenode.http-address", "127.0.0.1:" + nnPorts[1]);
    shared.putAll(extra);
    client(shared, "core-site.xml");

    Map<String, String> nn = new LinkedHashMap<>(shared);
    nn.put("hadoop.tmp.dir", dataPath(NAMENODE, "tmp"));
    nn.put("dfs.namenode.name.dir", dataPath(NAMENODE, "name"));
    // the client's user is not the namenode's (root in its container)
    nn.put("dfs.permissions.enabled", "false");
    // after a restart, leave safe mode as soon as the blocks are reported, not 30 s later
    nn.put("dfs.namenode.safemode.extension", "0");
    nn.putAll(extra);
    add(NAMENODE, "org.apache.hadoop.hdfs.server.namenode.NameNode",
        List.of("-format", "-nonInteractive", "-force"), nn, "hdfs-site.xml", "512m", nnPorts[0]);

    for (int i = 1; i <= datanodes; i++) {
      String name = "dn" + i;
      int[] p = Ports.free(3);
      Map<String, String> dn = new LinkedHashMap<>(shared);
      dn.put("hadoop.tmp.dir", dataPath(name, "tmp"));
      dn.put("dfs.datanode.data.dir", dataPath(name, "data"));
      dn.put("dfs.datanode.address", "127.0.0.1:" + p[0]);
      dn.put("dfs.datanode.ipc.address", "127.0.0.1:" + p[1]);
      dn.put("dfs.datanode.http.address", "127.0.0.1:" + p[2]);
      dn.putAll(extra);
      add(name, "org.apache.hadoop.hdfs.server.datanode.DataNode", null, dn, "hdfs-site.xml", "384m", p[0]);
    }
  }

  /**
   * Starts a namenode and {@code datanodes} datanodes under {@code root} (configuration, data and logs;
   * keep it for a restart, delete it after {@link #close()}), with these extra site settings for every
   * service and the client.
   */
  public static HdfsContainers start(Path root, int datanodes, ClusterImage image, Map<String, String> extra,
      Duration limit) throws IOException, InterruptedException {
    HdfsContainers c = new HdfsContainers(root, image, datanodes, extra);
    c.startAll(limit, () -> { });
    return c;
  }

  @Override
  public URI uri() {
    return uri;
  }

  @Override
  public void awaitReady(Duration limit) throws IOException, InterruptedException {
    awaitLive(datanodeCount, limit);
  }

  /** Waits until the namenode counts {@code live} live datanodes and is out of safe mode. */
  public void awaitLive(int live, Duration limit) throws IOException, InterruptedException {
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(uri, configuration())) {
      await(live + " live datanode(s) and safe mode off", limit,
          () -> fs.getDataNodeStats(DatanodeReportType.LIVE).length == live && !fs.isInSafeMode());
    }
  }
}
