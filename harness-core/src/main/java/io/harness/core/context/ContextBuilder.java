package io.harness.core.context;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A {@link ClusterContext} as a probe learns it, one fact at a time. Safe to read while a probe that has run out
 * of time still writes to it: {@link #build} takes what is there, and a fact never learned is named in
 * {@code unknown}.
 */
public final class ContextBuilder {
  private final String system;
  private final String root;
  private final List<ClusterContext.Server> servers = new ArrayList<>();
  private Integer liveDatanodes;
  private TreeSet<String> datanodeVersions;
  private Long blockSize;
  private Integer replication;
  private String checksumType;
  private String storagePolicy;
  private String erasureCodingPolicy;
  private final Map<String, Object> ozone = new LinkedHashMap<>();
  private Map<String, String> clientSettings;
  private final Map<String, String> unknown = new LinkedHashMap<>();

  public ContextBuilder(String system, String root) {
    this.system = system;
    this.root = root;
  }

  public String system() {
    return system;
  }

  /** A server and its version. */
  public synchronized ContextBuilder server(String role, String version) {
    servers.add(new ClusterContext.Server(role, version));
    return this;
  }

  /** The live datanodes and the versions they run (null: not known). */
  public synchronized ContextBuilder datanodes(int live, java.util.Collection<String> versions) {
    liveDatanodes = live;
    if (versions != null) {
      datanodeVersions = new TreeSet<>(versions);
    }
    return this;
  }

  public synchronized ContextBuilder blockSize(long bytes) {
    blockSize = bytes;
    return this;
  }

  public synchronized ContextBuilder replication(int copies) {
    replication = copies;
    return this;
  }

  public synchronized ContextBuilder checksumType(String type) {
    checksumType = type;
    return this;
  }

  /** HDFS's storage policy and erasure coding policy ({@code none}) on the root. */
  public synchronized ContextBuilder hdfs(String storage, String erasureCoding) {
    storagePolicy = storage;
    erasureCodingPolicy = erasureCoding;
    return this;
  }

  /** One of {@link ClusterContext.Ozone}'s fields, by its name ({@code chunkLayout}). */
  public synchronized ContextBuilder ozone(String field, Object value) {
    if (value != null) {
      ozone.put(field, value);
    }
    return this;
  }

  public synchronized ContextBuilder clientSettings(Map<String, String> settings) {
    clientSettings = settings;
    return this;
  }

  /**
   * Names a fact the target did not tell, and why (the first reason given for a field stays). {@code field} is
   * the JSON's name, dotted for a nested one; a server's version is {@code servers.ROLE}.
   */
  public synchronized ContextBuilder unknown(String field, String reason) {
    if (!settled(field)) {
      unknown.put(field, reason);
    }
    return this;
  }

  /** Whether {@code field} (a JSON name, as {@link #unknown} takes it) is known or already unknown. */
  public synchronized boolean settled(String field) {
    if (unknown.containsKey(field)) {
      return true;
    }
    if (field.startsWith("servers.")) {
      String role = field.substring("servers.".length());
      return servers.stream().anyMatch(s -> s.role().equals(role));
    }
    if (field.startsWith("ozone.")) {
      return ozone.containsKey(field.substring("ozone.".length()));
    }
    return switch (field) {
      case "liveDatanodes" -> liveDatanodes != null;
      case "blockSize" -> blockSize != null;
      case "replication" -> replication != null;
      case "hdfs.storagePolicy" -> storagePolicy != null;
      case "hdfs.erasureCodingPolicy" -> erasureCodingPolicy != null;
      default -> false;
    };
  }

  /** The context as learned so far; each of {@code expected} not learned is unknown for {@code reason}. */
  public synchronized ClusterContext build(List<String> expected, String reason) {
    Map<String, String> missing = new LinkedHashMap<>(unknown);
    for (String field : expected) {
      if (!settled(field)) {
        missing.put(field, reason);
      }
    }
    ClusterContext.Hdfs hdfs = storagePolicy == null && erasureCodingPolicy == null ? null
        : new ClusterContext.Hdfs(storagePolicy, erasureCodingPolicy);
    ClusterContext.Ozone oz = ozone.isEmpty() ? null : new ClusterContext.Ozone((String) ozone.get("volume"),
        (String) ozone.get("bucket"), (String) ozone.get("bucketLayout"), (String) ozone.get("replication"),
        (String) ozone.get("chunkLayout"), (String) ozone.get("containerSchema"), (Boolean) ozone.get("datastream"));
    return new ClusterContext(system, root, servers.isEmpty() ? null : List.copyOf(servers), liveDatanodes,
        datanodeVersions == null ? null : List.copyOf(datanodeVersions), blockSize, replication, checksumType, hdfs,
        oz, clientSettings, missing.isEmpty() ? null : missing);
  }

  /** {@link #build(List, String)} with nothing expected. */
  public ClusterContext build() {
    return build(List.of(), null);
  }
}
