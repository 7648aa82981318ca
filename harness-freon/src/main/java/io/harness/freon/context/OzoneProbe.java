package io.harness.freon.context;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.context.ClusterContext;
import io.harness.core.context.ClusterProbe;
import io.harness.core.context.ClusterProbes;
import io.harness.core.context.ContextBuilder;
import io.harness.core.context.ServerHttp;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.client.ReplicationConfig;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos;
import org.apache.hadoop.hdds.scm.OzoneClientConfig;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneClientFactory;
import org.apache.hadoop.ozone.om.helpers.ServiceInfo;
import org.apache.hadoop.ozone.protocol.proto.OzoneManagerProtocolProtos.ServicePort;

/**
 * Ozone's context, as a client reaches it: the OM's service list names the OM (with its HTTP port) and the
 * SCM; their JMX beans give their versions, and the SCM's node manager the healthy datanodes and their
 * versions; the root's bucket gives its layout and replication. The chunk layout and container schema are
 * the datanodes' own settings: an embedded cluster's server configuration has them, else a datanode's
 * {@code /conf} tells them; the checksum and datastream are the client's.
 */
public final class OzoneProbe implements ClusterProbe {
  static final String CHUNK_LAYOUT = "ozone.scm.container.layout"; // formerly ozone.scm.chunk.layout
  static final String SCHEMA_V3 = "hdds.datanode.container.schema.v3.enabled";
  private static final String NODES = "Hadoop:service=SCMNodeManager,name=SCMNodeManagerInfo";

  @Override
  public boolean handles(String scheme) {
    return "ofs".equals(scheme) || "o3fs".equals(scheme);
  }

  @Override
  public String system() {
    return ClusterContext.OZONE;
  }

  @Override
  public List<String> fields() {
    return List.of("servers.om", "servers.scm", "liveDatanodes", "ozone.replication", "ozone.chunkLayout",
        "ozone.containerSchema");
  }

  @Override
  public void probe(Request request, ContextBuilder into) throws Exception {
    OzoneConfiguration conf = new OzoneConfiguration(request.conf());
    into.checksumType(conf.getObject(OzoneClientConfig.class).getChecksumType().name());
    into.ozone("datastream", conf.getBoolean("ozone.fs.datastream.enabled", false));
    Configuration server = request.server();
    if (server != null) {
      layout(server.get(CHUNK_LAYOUT, "FILE_PER_BLOCK"), server.getBoolean(SCHEMA_V3, true), into);
    }
    Place place = Place.of(request.uri(), request.root().toUri().getPath());
    try (OzoneClient client = place.client(conf)) {
      if (place.bucket() != null) {
        ClusterProbes.learn(into, () -> bucket(client, place, into), "ozone.replication");
      } else {
        into.unknown("ozone.replication", "the root " + request.root() + " names no bucket");
      }
      List<ServiceInfo> services = client.getProxy().getOzoneManagerClient().getServiceList();
      ClusterProbes.learn(into, () -> om(services, into), "servers.om");
      String scmHost = services.stream().filter(s -> s.getNodeType() == HddsProtos.NodeType.SCM)
          .map(ServiceInfo::getHostname).findFirst().orElse(null);
      String scm = ClusterProbes.onHost(conf.getTrimmed("ozone.scm.http-address", "0.0.0.0:9876"),
          scmHost == null ? "localhost" : scmHost);
      ClusterProbes.learn(into, () -> into.server("scm", ServerHttp.bean("http", scm,
          "Hadoop:service=StorageContainerManager,name=StorageContainerManagerInfo,*").path("SoftwareVersion")
          .asText()), "servers.scm");
      String datanode = datanodes(scm, into);
      if (server == null) {
        ClusterProbes.learn(into, () -> {
          if (datanode == null) {
            throw new IOException("the SCM names no healthy datanode with an HTTP port");
          }
          layout(ServerHttp.setting("http", datanode, CHUNK_LAYOUT),
              Boolean.parseBoolean(ServerHttp.setting("http", datanode, SCHEMA_V3)), into);
        }, "ozone.chunkLayout", "ozone.containerSchema");
      }
    }
  }

  private static void layout(String chunkLayout, boolean schemaV3, ContextBuilder into) {
    into.ozone("chunkLayout", chunkLayout);
    into.ozone("containerSchema", schemaV3 ? "V3" : "V2");
  }

  private static void bucket(OzoneClient client, Place place, ContextBuilder into) throws IOException {
    OzoneBucket b = client.getObjectStore().getVolume(place.volume()).getBucket(place.bucket());
    ReplicationConfig r = b.getReplicationConfig();
    into.ozone("volume", place.volume()).ozone("bucket", place.bucket())
        .ozone("bucketLayout", String.valueOf(b.getBucketLayout()))
        .ozone("replication", r == null ? "server default" : r.getReplicationType() + "/" + r.getReplication());
  }

  /** The OM that answered (the leader of an HA group), its version from its HTTP port's JMX. */
  private static void om(List<ServiceInfo> services, ContextBuilder into) throws IOException {
    ServiceInfo om = null;
    for (ServiceInfo s : services) {
      if (s.getNodeType() == HddsProtos.NodeType.OM && s.getPorts().containsKey(ServicePort.Type.HTTP)
          && (om == null || s.getOmRoleInfo() != null && "LEADER".equals(s.getOmRoleInfo().getServerRole()))) {
        om = s;
      }
    }
    if (om == null) {
      throw new IOException("the OM's service list names no HTTP port");
    }
    into.server("om", ServerHttp.bean("http", om.getHostname() + ":" + om.getPorts().get(ServicePort.Type.HTTP),
        "Hadoop:service=OzoneManager,name=OzoneManagerInfo,*").path("SoftwareVersion").asText());
  }

  /**
   * The healthy datanodes in service and their versions, from the SCM node manager's bean; returns the HTTP
   * address of one of them (which then tells its chunk layout and container schema), or null.
   */
  private static String datanodes(String scm, ContextBuilder into) {
    String[] datanode = new String[1];
    ClusterProbes.learn(into, () -> {
      JsonNode bean = ServerHttp.bean("http", scm, NODES);
      int live = entry(entry(bean.path("NodeCount"), "IN_SERVICE"), "HEALTHY").asInt(0);
      List<String> versions = new ArrayList<>();
      for (JsonNode node : entries(bean.path("NodeStatusInfo"))) {
        JsonNode status = node.path("value");
        if ("HEALTHY".equals(entry(status, "COMSTATE").asText())
            && "IN_SERVICE".equals(entry(status, "OPSTATE").asText())) {
          versions.add(entry(status, "VERSION").asText("unknown"));
          if (datanode[0] == null && !entry(status, "HTTP").asText().isEmpty()) {
            datanode[0] = node.path("key").asText() + ":" + entry(status, "HTTP").asText();
          }
        }
      }
      into.datanodes(live, versions);
    }, "liveDatanodes");
    return datanode[0];
  }

  /** A JMX map (an array of {@code key} / {@code value} pairs) as a list of its pairs. */
  private static List<JsonNode> entries(JsonNode map) {
    List<JsonNode> out = new ArrayList<>();
    map.forEach(out::add);
    return out;
  }

  /** The value of {@code key} in a JMX map, or a missing node. */
  private static JsonNode entry(JsonNode map, String key) {
    for (JsonNode e : entries(map)) {
      if (key.equals(e.path("key").asText())) {
        return e.path("value");
      }
    }
    return map.path(key);
  }

  /**
   * Where the root lies: the OM the URI names (host and port, or an HA service id) and the root's volume and
   * bucket ({@code ofs://om/VOLUME/BUCKET/...}, {@code o3fs://BUCKET.VOLUME[.OM-HOST][:PORT]/...}).
   */
  record Place(String omHost, int omPort, String volume, String bucket) {
    static Place of(URI uri, String path) {
      String host = uri.getHost() == null ? uri.getAuthority() : uri.getHost();
      if ("o3fs".equals(uri.getScheme())) {
        String[] parts = host == null ? new String[0] : host.split("\\.", 3);
        return new Place(parts.length > 2 ? parts[2] : null, uri.getPort(), parts.length > 1 ? parts[1] : null,
            parts.length > 0 ? parts[0] : null);
      }
      String[] levels = path == null ? new String[0] : path.replaceAll("^/+", "").split("/");
      return new Place(host, uri.getPort(), levels.length > 0 && !levels[0].isEmpty() ? levels[0] : null,
          levels.length > 1 ? levels[1] : null);
    }

    /** A client of the OM (or OM group) this place names, or of the configured one. */
    OzoneClient client(OzoneConfiguration conf) throws IOException {
      if (omHost == null || omHost.isEmpty()) {
        return OzoneClientFactory.getRpcClient(conf);
      }
      if (List.of(conf.getTrimmedStrings("ozone.om.service.ids")).contains(omHost)) {
        return OzoneClientFactory.getRpcClient(omHost, conf);
      }
      return OzoneClientFactory.getRpcClient(omHost, omPort < 0 ? null : omPort, conf);
    }
  }
}
