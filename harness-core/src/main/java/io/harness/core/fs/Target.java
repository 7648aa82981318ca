package io.harness.core.fs;

import io.harness.core.base.RunFailedException;
import io.harness.core.context.ClusterContext;
import io.harness.core.context.ClusterProbe;
import io.harness.core.context.ClusterProbes;
import io.harness.core.workload.RunTarget;
import io.harness.core.base.Bounded;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The file system a run works on: the one named by {@code -fs} / {@code fs.defaultFS} (the local file
 * system when nothing is configured), or an embedded cluster started for this run.
 */
public final class Target implements RunTarget {
  /** How long the first call to a remote file system may take before the run gives up. */
  public static final long PROBE_SECONDS = 45;
  /** How long closing the file system may take when the run ends. */
  public static final long CLOSE_SECONDS = 30;

  private final Configuration conf;
  private final URI uri;
  private final EmbeddedCluster cluster;
  /** Whether closing the target stops {@link #cluster} (not when another command started it and keeps it). */
  private final boolean ownsCluster;
  private FileSystem fs;

  private Target(Configuration conf, URI uri, EmbeddedCluster cluster, boolean ownsCluster) {
    this.conf = conf;
    this.uri = uri;
    this.cluster = cluster;
    this.ownsCluster = ownsCluster;
  }

  /**
   * Opens the configured file system and makes one call to it, so that an unreachable service fails
   * here, with a clear message, within {@link #PROBE_SECONDS}.
   */
  public static Target configured(Configuration conf, URI uri) {
    Target t = new Target(conf, uri, null, false);
    t.probe();
    return t;
  }

  /** Starts an embedded cluster and returns a target that stops it when closed. */
  public static Target embedded(EmbeddedSpec spec, Configuration base, PrintStream log) {
    log.printf("Starting embedded %s cluster with %d datanode(s) ...%n", spec.provider().name(),
        spec.datanodes());
    long t0 = System.nanoTime();
    EmbeddedCluster cluster;
    try {
      cluster = spec.provider().start(base, spec.datanodes());
    } catch (Exception e) {
      throw new RunFailedException("could not start the embedded " + spec.provider().name()
          + " cluster: " + e, e);
    }
    log.printf("Started %s at %s in %.1f s%n", cluster.description(), cluster.fileSystemUri(),
        (System.nanoTime() - t0) / 1e9);
    return new Target(cluster.configuration(), cluster.fileSystemUri(), cluster, true);
  }

  /**
   * A run on a cluster another command started and keeps running ({@code harness experiment}): its client
   * configuration with the run's own generic options ({@code -D}, {@code -conf}) over it; closing the target
   * leaves the cluster running.
   */
  public static Target hosted(EmbeddedCluster cluster, java.util.function.Consumer<Configuration> settings) {
    Configuration conf = new Configuration(cluster.configuration());
    settings.accept(conf);
    Target t = new Target(conf, cluster.fileSystemUri(), cluster, false);
    t.probe();
    return t;
  }

  private void probe() {
    ExecutorService probe = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "harness-fs-probe");
      t.setDaemon(true);
      return t;
    });
    try {
      Future<?> f = probe.submit(() -> {
        fs().getFileStatus(new Path("/"));
        return null;
      });
      f.get(PROBE_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new RunFailedException("cannot reach " + uri + ": no answer within " + PROBE_SECONDS + " s");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw new RunFailedException("cannot reach " + uri + ": " + cause.getClass().getSimpleName() + ": "
          + firstLine(cause.getMessage()), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RunFailedException("interrupted while contacting " + uri);
    } finally {
      probe.shutdownNow();
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  public Configuration conf() {
    return conf;
  }

  public URI uri() {
    return uri;
  }

  @Override
  public String location() {
    return uri.toString();
  }

  public boolean isEmbedded() {
    return cluster != null;
  }

  /** "embedded MiniOzoneCluster, 3 datanodes", a cluster in containers' own description, or the URI's scheme. */
  @Override
  public String description() {
    return cluster == null ? uri.getScheme() : cluster.inThisJvm() ? "embedded " + cluster.description()
        : cluster.description();
  }

  /**
   * Sets a client-side setting (e.g. the Ozone client's default replication) for everything the run
   * opens from now on; a file system already opened is closed, so the next {@link #fs()} sees it.
   */
  public synchronized void setClientSetting(String key, String value) throws IOException {
    conf.set(key, value);
    if (fs != null) {
      FileSystem old = fs;
      fs = null;
      old.close();
    }
  }

  @Override
  public java.util.Optional<java.nio.file.Path> localPath(String path) {
    if (!"file".equals(uri.getScheme()) || path == null) {
      return java.util.Optional.empty();
    }
    try {
      return java.util.Optional.of(java.nio.file.Path.of(fs().makeQualified(new Path(path)).toUri()));
    } catch (IOException | RuntimeException e) {
      return java.util.Optional.empty();
    }
  }

  /**
   * The cluster behind the file system, described by the {@link io.harness.core.context.ClusterProbe} of its
   * scheme (an embedded cluster adds its server configuration); {@code root} is the run's root, or null for
   * the file system's {@code /}.
   */
  @Override
  public ClusterContext context(String root) {
    String where = root == null ? uri.toString() : root;
    try {
      FileSystem f = fs();
      Path r = f.makeQualified(new Path(root == null ? "/" : root));
      return ClusterProbes.describe(new ClusterProbe.Request(f, uri, r, conf,
          cluster == null ? null : cluster.serverConfiguration()));
    } catch (IOException | RuntimeException e) {
      return ClusterProbes.unknown(uri.getScheme(), where, ClusterProbes.reason(e));
    }
  }

  /** The file system (opened once, shared by all tasks, closed with the target). */
  public synchronized FileSystem fs() throws IOException {
    if (fs == null) {
      fs = FileSystem.newInstance(uri, conf);
    }
    return fs;
  }

  /**
   * Where a workload's root goes: {@code root} itself, placed under the embedded cluster's prefix
   * ({@code /volume/bucket} on Ozone) when the run has one.
   */
  public Path resolveRoot(String root) {
    Path p = new Path(root);
    if (cluster == null || cluster.rootPrefix().isEmpty() || p.toUri().getScheme() != null
        || root.startsWith(cluster.rootPrefix() + "/")) {
      // (a root already under the prefix: an experiment's ${root} names it in full)
      return p;
    }
    return new Path(cluster.rootPrefix() + (root.startsWith("/") ? root : "/" + root));
  }

  @Override
  public void close() {
    try {
      if (fs != null) {
        // closing a client whose servers are gone can wait for their retries (open files are closed too)
        FileSystem open = fs;
        Bounded.call("closing " + uri, CLOSE_SECONDS, () -> {
          open.close();
          return null;
        });
      }
    } catch (Exception e) {
      // the run's figures are already taken; a close failure is not worth failing over
    } finally {
      if (cluster != null && ownsCluster) {
        cluster.close();
      }
    }
  }
}
