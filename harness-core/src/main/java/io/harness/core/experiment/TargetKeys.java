package io.harness.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.base.UsageException;
import io.harness.core.experiment.ExperimentFile.TargetSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An experiment file's {@code targets:}, each key checked: a cluster the experiment starts ({@code embedded:} or
 * {@code containers:} with {@code datanodes:}, {@code yarn:} beside a containers one, {@code stopped:}) or a file
 * system ({@code fs:} with {@code root:} and {@code confFiles:}), and the settings of either ({@code conf:}). Bad
 * input names the key's path ({@code targets.x.yarn}).
 */
final class TargetKeys {
  private static final Set<String> TARGET = Set.of("embedded", "containers", "datanodes", "yarn", "stopped", "fs",
      "root", "confFiles", "conf");

  private TargetKeys() {}

  static Map<String, TargetSpec> read(String arg, JsonNode node) {
    if (!node.isObject() || node.isEmpty()) {
      throw new UsageException(arg, "targets: expected a mapping of target names, e.g. hdfs: {embedded: hdfs}");
    }
    Map<String, TargetSpec> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      String path = "targets." + e.getKey();
      if (!e.getKey().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
        throw new UsageException(arg, path + ": a target's name is letters, digits, '.', '_' and '-'");
      }
      YamlKeys k = new YamlKeys(arg, path + ".", e.getValue(), TARGET);
      String inJvm = k.text("embedded", null);
      String inContainers = k.text("containers", null);
      String fs = k.text("fs", null);
      if ((inJvm != null ? 1 : 0) + (inContainers != null ? 1 : 0) + (fs != null ? 1 : 0) != 1) {
        throw new UsageException(arg, path + ": give one of embedded: hdfs|ozone, containers: hdfs|ozone or fs: URI");
      }
      boolean containers = inContainers != null;
      String embedded = containers ? inContainers : inJvm;
      String kindKey = containers ? "containers" : "embedded";
      if (embedded != null && !embedded.equals("hdfs") && !embedded.equals("ozone")) {
        throw new UsageException(arg, path + "." + kindKey + ": '" + embedded + "' is not hdfs or ozone");
      }
      if (embedded != null && (k.has("root") || k.has("confFiles"))) {
        throw new UsageException(arg, path + ": root: and confFiles: are for fs: targets (a started cluster's "
            + "runs write under its own root)");
      }
      if (fs != null && (k.has("datanodes") || k.has("stopped"))) {
        throw new UsageException(arg, path + ": datanodes: and stopped: are for embedded: and containers: targets");
      }
      if (!containers && k.has("yarn")) {
        throw new UsageException(arg, path + ".yarn: YARN's NodeManagers run beside a containers: target only "
            + "(or give --processes containers)");
      }
      boolean stopped = k.bool("stopped");
      if (stopped && !"ozone".equals(inJvm)) {
        throw new UsageException(arg, path + ".stopped: only an embedded ozone is stopped for offline generators");
      }
      if (fs != null) {
        java.net.URI uri;
        try {
          uri = new java.net.URI(fs);
        } catch (java.net.URISyntaxException ex) {
          throw new UsageException(arg, path + ".fs: '" + fs + "' is not a URI");
        }
        if (uri.getScheme() == null) {
          throw new UsageException(arg, path + ".fs: '" + fs + "' has no scheme (e.g. hdfs://namenode:8020)");
        }
      }
      List<String> confFiles = k.list("confFiles", List.of());
      for (int i = 0; i < confFiles.size(); i++) {
        if (!Files.isRegularFile(Path.of(confFiles.get(i)))) {
          throw new UsageException(arg, path + ".confFiles[" + i + "]: no such file: " + confFiles.get(i));
        }
      }
      Map<String, String> conf = new LinkedHashMap<>();
      JsonNode c = k.node("conf", false);
      if (!c.isMissingNode()) {
        if (!c.isObject()) {
          throw new UsageException(arg, path + ".conf: expected a mapping of configuration keys to values");
        }
        c.fields().forEachRemaining(f -> {
          if (!f.getValue().isValueNode() || f.getValue().isNull()) {
            throw new UsageException(arg, path + ".conf." + f.getKey() + ": expected a value");
          }
          conf.put(f.getKey(), f.getValue().asText());
        });
      }
      String root = k.text("root", "");
      if (fs != null && !root.isEmpty() && !root.startsWith("/")) {
        throw new UsageException(arg, path + ".root: '" + root + "' is not an absolute path");
      }
      out.put(e.getKey(), new TargetSpec(e.getKey(), embedded, containers, k.integer("datanodes", 3, 1, 16),
          k.integer("yarn", 0, 0, 16), stopped, fs, root.replaceAll("/+$", ""), confFiles, conf));
    }
    return out;
  }
}
