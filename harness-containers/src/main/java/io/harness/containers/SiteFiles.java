package io.harness.containers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * A configuration as a Hadoop configuration directory: each key in the site file of the component that owns it,
 * because each component's defaults file is loaded after {@code core-site.xml} and would override a key found
 * there ({@code dfs.replication} in {@code core-site.xml} loses to {@code hdfs-default.xml}'s 3).
 */
final class SiteFiles {
  private SiteFiles() {}

  /** The site file a key belongs in. */
  static String fileOf(String key) {
    if (key.startsWith("dfs.")) {
      return "hdfs-site.xml";
    }
    if (key.startsWith("ozone.") || key.startsWith("hdds.") || key.startsWith("scm.")) {
      return "ozone-site.xml";
    }
    if (key.startsWith("mapreduce.") || key.startsWith("mapred.") || key.startsWith("yarn.app.mapreduce.")) {
      return "mapred-site.xml";
    }
    return key.startsWith("yarn.") ? "yarn-site.xml" : "core-site.xml";
  }

  /** Writes {@code site} into {@code dir} as the site files its keys belong in ({@code core-site.xml} always). */
  static void write(Path dir, Map<String, String> site) throws IOException {
    Map<String, Map<String, String>> files = new LinkedHashMap<>();
    files.put("core-site.xml", new LinkedHashMap<>());
    site.forEach((k, v) -> files.computeIfAbsent(fileOf(k), f -> new LinkedHashMap<>()).put(k, v));
    for (Map.Entry<String, Map<String, String>> f : files.entrySet()) {
      ClusterContainers.writeSite(dir.resolve(f.getKey()), f.getValue());
    }
  }

  /** The keys a single site file sets (no defaults). */
  static Map<String, String> read(Path file) {
    Configuration c = new Configuration(false);
    c.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    Map<String, String> site = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : c) {
      site.put(e.getKey(), e.getValue());
    }
    return site;
  }
}
