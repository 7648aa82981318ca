package io.harness.core.experiment;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.experiment.ExperimentFile.TargetSpec;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedClusterProvider;
import io.harness.core.fs.EmbeddedSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The targets of an experiment while it runs: each embedded cluster started once (with its server settings) and
 * kept for all of its runs, and how a run reaches each target: the cluster itself for runs in this JVM, and the
 * generic options ({@code -conf}, {@code -fs}, {@code -D}) for runs in a JVM of their own (Spark) and on file
 * systems named by URI. Closing stops the clusters.
 */
final class ExperimentTargets implements AutoCloseable {
  /** One target, ready: its cluster (null for a file system named by URI), its runs' root and generic options. */
  record Ready(TargetSpec spec, EmbeddedCluster cluster, String root, List<String> genericOptions,
      List<String> childOptions) {}

  private final Map<String, Ready> ready = new LinkedHashMap<>();

  /** Starts the embedded clusters of {@code targets} ({@code base}: the experiment's own configuration). */
  static ExperimentTargets start(List<TargetSpec> targets, Configuration base, Path dir, PrintStream out)
      throws IOException {
    ExperimentTargets all = new ExperimentTargets();
    try {
      for (TargetSpec t : targets) {
        all.ready.put(t.name(), t.isEmbedded() ? all.embedded(t, base, dir, out) : remote(t));
      }
    } catch (RuntimeException | IOException e) {
      all.close();
      throw e;
    }
    return all;
  }

  /**
   * Bad input before anything is written: a stopped target when {@code containers} ({@code --processes
   * containers}) is asked, a containers target whose provider is not on this class path, and (when
   * {@code running}) one whose provider cannot start here (no Docker engine).
   */
  static void check(String file, List<TargetSpec> targets, boolean containers, boolean running) {
    for (TargetSpec t : targets) {
      if (containers && t.stopped()) {
        throw new UsageException("--processes", "target " + t.name() + " is a stopped embedded ozone (the offline "
            + "generators' target): it runs in this JVM only (leave it out with --only)");
      }
      if (!t.containers()) {
        continue;
      }
      EmbeddedSpec kind;
      try {
        kind = EmbeddedSpec.parse(t.provider(), "targets." + t.name());
      } catch (UsageException e) {
        throw new UsageException(file, "targets." + t.name() + ": clusters in containers need harness-containers "
            + "on the class path (the distribution's bin/harness has it)");
      }
      String why = running ? kind.provider().unavailable() : null;
      if (why != null) {
        throw new UsageException(file, "targets." + t.name() + ": " + why);
      }
    }
  }

  Ready get(String name) {
    return ready.get(name);
  }

  private Ready embedded(TargetSpec t, Configuration base, Path dir, PrintStream out) throws IOException {
    EmbeddedSpec kind = EmbeddedSpec.parse(t.provider() + ":" + t.datanodes());
    Configuration conf = new Configuration(base);
    // the servers' settings, as a provider whose servers run in processes of their own takes them
    t.conf().forEach((k, v) -> EmbeddedClusterProvider.set(conf, k, v));
    if (t.yarn() > 0) {
      conf.setInt(EmbeddedClusterProvider.YARN_KEY, t.yarn());
    }
    out.printf("Starting target %s: %s, %d datanode(s)%s%s ...%n", t.name(), t.kind(), t.datanodes(),
        t.yarn() > 0 ? " + YARN, " + t.yarn() + " NodeManager(s)" : "", t.conf().isEmpty() ? "" : ", " + t.conf());
    long t0 = System.nanoTime();
    EmbeddedCluster cluster;
    try {
      cluster = kind.provider().start(conf, t.datanodes());
    } catch (Exception e) {
      throw new RunFailedException("target " + t.name() + ": could not start the " + t.kind() + " cluster: " + e, e);
    }
    out.printf("Started target %s: %s at %s in %.1f s%n", t.name(), cluster.description(), cluster.fileSystemUri(),
        (System.nanoTime() - t0) / 1e9);
    // what a run in a JVM of its own needs to reach the cluster: its client configuration as a site file
    Path site = dir.resolve("targets").resolve(t.name() + "-site.xml");
    Files.createDirectories(site.getParent());
    try (OutputStream o = Files.newOutputStream(site)) {
      cluster.configuration().writeXml(o);
    }
    if (t.stopped()) {
      return stopped(t, cluster, site.getParent());
    }
    List<String> child = List.of("-conf", site.toString(), "-fs", cluster.fileSystemUri().toString());
    return new Ready(t, cluster, cluster.rootPrefix(), List.of(), child);
  }

  /** The cluster stopped with its data kept: runs get its first datanode's site file and write locally. */
  private Ready stopped(TargetSpec t, EmbeddedCluster cluster, Path targetsDir) throws IOException {
    Configuration datanode = cluster.stopKeepingData();
    if (datanode == null) {
      cluster.close();
      throw new RunFailedException("target " + t.name() + ": the embedded " + t.embedded() + " cluster cannot be "
          + "stopped keeping its data");
    }
    Path site = targetsDir.resolve(t.name() + "-datanode-site.xml");
    try (OutputStream o = Files.newOutputStream(site)) {
      datanode.writeXml(o);
    }
    Path files = Files.createDirectories(targetsDir.resolve(t.name() + "-files"));
    List<String> options = List.of("-conf", site.toString(), "-fs", "file:///");
    // the cluster stays in the list so that closing removes its data; runs do not run on it
    ready.put(t.name() + "#cluster", new Ready(t, cluster, "", List.of(), List.of()));
    return new Ready(t, null, files.toString(), options, options);
  }

  private static Ready remote(TargetSpec t) {
    List<String> options = options(t);
    return new Ready(t, null, t.root(), options, options);
  }

  /** The generic options that name a file-system target: {@code -fs}, its site files, its settings. */
  static List<String> options(TargetSpec t) {
    List<String> options = new ArrayList<>(List.of("-fs", t.fs()));
    t.confFiles().forEach(f -> options.addAll(List.of("-conf", f)));
    t.conf().forEach((k, v) -> options.addAll(List.of("-D", k + "=" + v)));
    return options;
  }

  @Override
  public void close() {
    for (Ready r : ready.values()) {
      if (r.cluster() != null) {
        try {
          r.cluster().close();
        } catch (RuntimeException e) {
          // stopping is best effort: the runs are saved
        }
      }
    }
    ready.clear();
  }
}
