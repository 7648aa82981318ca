package io.harness.core.context;

import io.harness.core.base.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link ClusterContext} as a run prints it at its start: {@code cluster: HDFS, namenode 3.4.3, 3 live
 * datanodes (3.4.3), block size 128 MB, replication 3, storage policy HOT, EC none}, then the client's settings
 * that differ from the defaults.
 */
public final class ContextLines {
  private ContextLines() {}

  /** The printed lines: the cluster, the client's settings, and what is unknown (each at most once). */
  public static List<String> of(ClusterContext c) {
    List<String> parts = new ArrayList<>();
    parts.add(c.system());
    if (c.servers() != null) {
      c.servers().forEach(s -> parts.add(role(s.role()) + " " + s.version()));
    }
    if (c.liveDatanodes() != null) {
      parts.add(c.liveDatanodes() + " live datanode" + (c.liveDatanodes() == 1 ? "" : "s")
          + (c.datanodeVersions() == null || c.datanodeVersions().isEmpty() ? ""
              : " (" + String.join(", ", c.datanodeVersions()) + ")"));
    }
    if (c.ozone() != null) {
      ozone(c.ozone(), parts);
    }
    if (c.blockSize() != null) {
      parts.add("block size " + Sizes.format(c.blockSize()));
    }
    if (c.replication() != null) {
      parts.add("replication " + c.replication());
    }
    if (c.hdfs() != null) {
      parts.add("storage policy " + c.hdfs().storagePolicy());
      parts.add("EC " + c.hdfs().erasureCodingPolicy());
    }
    if (c.checksumType() != null) {
      parts.add("checksum " + c.checksumType());
    }
    List<String> lines = new ArrayList<>();
    lines.add("cluster: " + String.join(", ", parts));
    if (c.clientSettings() != null && !c.clientSettings().isEmpty()) {
      lines.add("client settings: " + joined(c.clientSettings(), "%s=%s", ", "));
    }
    if (c.unknown() != null && !c.unknown().isEmpty()) {
      lines.add("cluster unknown: " + joined(c.unknown(), "%s (%s)", "; "));
    }
    return lines;
  }

  private static void ozone(ClusterContext.Ozone o, List<String> parts) {
    if (o.bucket() != null) {
      parts.add("bucket /" + o.volume() + "/" + o.bucket() + " (" + o.bucketLayout() + ", " + o.replication() + ")");
    }
    if (o.chunkLayout() != null) {
      parts.add("chunk layout " + o.chunkLayout());
    }
    if (o.containerSchema() != null) {
      parts.add("container schema " + o.containerSchema());
    }
    if (o.datastream() != null) {
      parts.add("datastream " + (o.datastream() ? "on" : "off"));
    }
  }

  private static String role(String role) {
    return role.equals("namenode") ? role : role.toUpperCase(java.util.Locale.ROOT);
  }

  private static String joined(Map<String, String> map, String format, String separator) {
    List<String> items = new ArrayList<>();
    map.forEach((k, v) -> items.add(String.format(format, k, v)));
    return String.join(separator, items);
  }
}
