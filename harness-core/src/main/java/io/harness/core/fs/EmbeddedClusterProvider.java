package io.harness.core.fs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/** Starts one kind of embedded cluster; found with {@link java.util.ServiceLoader}. */
public interface EmbeddedClusterProvider {
  /**
   * The source ({@link Configuration#set(String, String, String)}) of the settings a caller asks for in
   * {@link #start}'s base configuration, as {@code @HarnessCluster(conf = ...)} and an experiment target's
   * {@code conf:} do. A provider whose servers
   * run in processes of their own writes exactly these keys into their site files (see {@link #settings}); an
   * in-JVM provider gets them with the rest of the base configuration.
   */
  String SETTING_SOURCE = "@HarnessCluster conf";

  /**
   * The base configuration key that names the image of a provider whose services run in containers (empty or
   * unset: the project's own image). It is an instruction to the provider, never a setting for the servers.
   */
  String IMAGE_KEY = "harness.containers.image";

  /**
   * The base configuration key that asks a provider whose services run in containers for a YARN beside the
   * cluster: how many NodeManagers (unset or 0: no YARN). The cluster's client configuration then submits
   * MapReduce jobs to that YARN. An instruction to the provider, never a setting for the servers; a provider that
   * cannot start a YARN ignores it.
   */
  String YARN_KEY = "harness.containers.yarn";

  /** The name used on the command line: {@code --embedded NAME[:datanodes]}. */
  String name();

  /**
   * Why this provider cannot start a cluster on this machine (e.g. no Docker engine answers), in a few words, or
   * null when it can (the default). Asked before anything is started or written.
   */
  default String unavailable() {
    return null;
  }

  /** Starts the cluster and waits until it takes writes. */
  EmbeddedCluster start(Configuration base, int datanodes) throws Exception;

  /** Whether {@link #start(Configuration, int, java.nio.file.Path)} can keep the cluster's data in a given folder. */
  default boolean startsInFolder() {
    return false;
  }

  /**
   * Starts the cluster with every service's data under {@code folder} (an existing directory the caller owns)
   * and waits until it takes writes. Closing the cluster stops its services and leaves {@code folder} as it
   * is: removing the data is the caller's choice (see {@link EmbeddedCluster#atExit}).
   */
  default EmbeddedCluster start(Configuration base, int datanodes, java.nio.file.Path folder) throws Exception {
    throw new UnsupportedOperationException(name() + " clusters keep their data where they choose");
  }

  /**
   * Sets a setting a caller asks for in {@code base} ({@link #SETTING_SOURCE}). A deprecated key (Ozone's
   * {@code ozone.scm.chunk.layout}) goes where {@link Configuration} puts it, under its current name, whose source
   * Configuration then names as the deprecation: that name gets {@link #SETTING_SOURCE} too, so that
   * {@link #settings} finds it.
   */
  static void set(Configuration base, String key, String value) {
    base.set(key, value, SETTING_SOURCE);
    String deprecated = "because " + key + " is deprecated";
    List<String> current = new ArrayList<>();
    for (Map.Entry<String, String> e : base) {
      String[] sources = base.getPropertySources(e.getKey());
      if (sources != null && Arrays.asList(sources).contains(deprecated)) {
        current.add(e.getKey());
      }
    }
    current.forEach(name -> base.set(name, value, SETTING_SOURCE));
  }

  /** The keys of {@code base} set with {@link #SETTING_SOURCE}, and their values as set (unexpanded). */
  static Map<String, String> settings(Configuration base) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : base) {
      String[] sources = base.getPropertySources(e.getKey());
      if (sources != null && Arrays.asList(sources).contains(SETTING_SOURCE)) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }
}
