package io.harness.core.context;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * HDFS's context: the namenode's version (its {@code NameNodeInfo} JMX bean over HTTP), the live datanodes
 * (the datanode report; it needs a superuser, so the same bean's {@code LiveNodes} when it is refused) and
 * their versions (the bean's: the report over RPC leaves them out), and the storage and erasure coding
 * policies in effect on the root.
 */
public final class HdfsProbe implements ClusterProbe {
  private static final String BEAN = "Hadoop:service=NameNode,name=NameNodeInfo";

  @Override
  public boolean handles(String scheme) {
    return "hdfs".equals(scheme);
  }

  @Override
  public String system() {
    return ClusterContext.HDFS;
  }

  @Override
  public List<String> fields() {
    return List.of("servers.namenode", "liveDatanodes", "hdfs.storagePolicy", "hdfs.erasureCodingPolicy");
  }

  @Override
  public void probe(Request request, ContextBuilder into) throws Exception {
    Configuration conf = request.conf();
    into.checksumType(conf.getTrimmed("dfs.checksum.type", "CRC32C"));
    if (!(request.fs() instanceof DistributedFileSystem dfs)) {
      fields().forEach(f -> into.unknown(f, "not a DistributedFileSystem: " + request.fs().getClass().getName()));
      return;
    }
    Path at = ClusterProbes.existing(dfs, request.root());
    ClusterProbes.learn(into, () -> {
      ErasureCodingPolicy ec = dfs.getErasureCodingPolicy(at);
      into.hdfs(dfs.getStoragePolicy(at).getName(), ec == null ? "none" : ec.getName());
    }, "hdfs.storagePolicy", "hdfs.erasureCodingPolicy");
    JsonNode bean = null;
    String beanReason = null;
    try {
      bean = nameNodeInfo(conf, request.uri().getHost());
      into.server("namenode", bean.path("SoftwareVersion").asText());
    } catch (IOException | RuntimeException e) {
      beanReason = ClusterProbes.reason(e);
      into.unknown("servers.namenode", beanReason);
    }
    Integer live = null;
    List<String> versions = new ArrayList<>();
    String reportReason = null;
    try {
      DatanodeInfo[] report = dfs.getDataNodeStats(DatanodeReportType.LIVE);
      live = report.length;
      for (DatanodeInfo d : report) {
        if (d.getSoftwareVersion() != null) {
          versions.add(d.getSoftwareVersion());
        }
      }
    } catch (IOException e) {
      reportReason = ClusterProbes.reason(e);
    }
    if (bean != null) {
      // the report over RPC leaves the datanodes' versions out; the namenode's bean has them
      JsonNode nodes = new ObjectMapper().readTree(bean.path("LiveNodes").asText("{}"));
      if (live == null) {
        live = nodes.size();
      }
      if (versions.isEmpty()) {
        nodes.forEach(n -> versions.add(n.path("version").asText("unknown")));
      }
    }
    if (live == null) {
      into.unknown("liveDatanodes", reportReason + "; " + beanReason);
    } else {
      into.datanodes(live, versions.isEmpty() ? null : versions);
    }
  }

  /**
   * The namenode's bean, from its HTTP address ({@code dfs.namenode.http-address}, HTTPS when the cluster's
   * policy is HTTPS only; each namenode of an HA name service in turn), on the RPC host when the address is
   * a wildcard.
   */
  private static JsonNode nameNodeInfo(Configuration conf, String rpcHost) throws IOException {
    boolean https = "HTTPS_ONLY".equalsIgnoreCase(conf.getTrimmed("dfs.http.policy", "HTTP_ONLY"));
    String key = https ? "dfs.namenode.https-address" : "dfs.namenode.http-address";
    String fallback = https ? "0.0.0.0:9871" : "0.0.0.0:9870";
    List<String> addresses = new ArrayList<>();
    for (String nn : conf.getTrimmedStrings("dfs.ha.namenodes." + rpcHost)) {
      addresses.add(conf.getTrimmed(key + "." + rpcHost + "." + nn));
    }
    if (addresses.isEmpty()) {
      addresses.add(conf.getTrimmed(key, fallback));
    }
    IOException last = null;
    for (String address : addresses) {
      if (address == null) {
        continue;
      }
      try {
        return ServerHttp.bean(https ? "https" : "http", ClusterProbes.onHost(address, rpcHost), BEAN);
      } catch (IOException e) {
        last = e;
      }
    }
    throw last != null ? last : new IOException("no " + key + " for " + rpcHost);
  }
}
