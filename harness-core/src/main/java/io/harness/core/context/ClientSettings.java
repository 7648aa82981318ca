package io.harness.core.context;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * The client settings a run's numbers depend on: {@code io.file.buffer.size}, and every HDFS or Ozone client
 * setting whose value is not the one the libraries' {@code *-default.xml} files give it (a setting no default
 * file knows counts when it is set at all).
 */
public final class ClientSettings {
  /** The families of client settings that count. */
  static final List<String> PREFIXES = List.of("dfs.client.", "ozone.client.", "ozone.fs.", "hdds.ratis.raft.client.");
  /** Single settings that count: where and how the client writes. */
  static final Set<String> KEYS = Set.of("dfs.blocksize", "dfs.replication", "dfs.checksum.type",
      "dfs.bytes-per-checksum", "ozone.replication", "ozone.replication.type", "ozone.scm.block.size",
      "ozone.scm.chunk.size");
  /** The default files of Hadoop and Ozone, those on the class path are read. */
  private static final List<String> DEFAULT_FILES = List.of("core-default.xml", "hdfs-default.xml",
      "hdds-common-default.xml", "hdds-client-default.xml", "hdds-container-service-default.xml",
      "hdds-server-framework-default.xml", "hdds-server-scm-default.xml", "ozone-common-default.xml",
      "ozone-manager-default.xml", "ozone-default.xml");
  static final String BUFFER_SIZE = "io.file.buffer.size";

  private static Configuration defaults;

  private ClientSettings() {}

  /** {@code io.file.buffer.size} first, then the changed settings by name. */
  public static Map<String, String> of(Configuration conf) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put(BUFFER_SIZE, conf.get(BUFFER_SIZE, "4096"));
    Configuration d = defaults();
    Map<String, String> changed = new TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      String key = e.getKey();
      if (counts(key)) {
        String value = conf.get(key);
        if (!Objects.equals(value, d.get(key))) {
          changed.put(key, value);
        }
      }
    }
    out.putAll(changed);
    return out;
  }

  static boolean counts(String key) {
    return KEYS.contains(key) || PREFIXES.stream().anyMatch(key::startsWith);
  }

  private static synchronized Configuration defaults() {
    if (defaults == null) {
      Configuration d = new Configuration(false);
      ClassLoader loader = ClientSettings.class.getClassLoader();
      for (String file : DEFAULT_FILES) {
        if (loader.getResource(file) != null) {
          d.addResource(file);
        }
      }
      d.size(); // loads them now, once
      defaults = d;
    }
    return defaults;
  }
}
