package io.harness.core.fs;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
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
import org.apache.hadoop.fs.UnsupportedFileSystemException;

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
   * Checks the target named by the configuration without contacting it: an unknown scheme is bad
   * input. The {@code fsOption} names the argument to blame ({@code -fs} or {@code fs.defaultFS}).
   */
  public static URI checkConfigured(Configuration conf, String fsOption) {
    URI uri;
    try {
      uri = FileSystem.getDefaultUri(conf);
    } catch (IllegalArgumentException e) {
      throw new UsageException(fsOption, "'" + conf.get(FileSystem.FS_DEFAULT_NAME_KEY) + "' is not a file system URI: "
          + e.getMessage());
    }
    return check(conf, uri, fsOption);
  }

  /** {@link #checkConfigured} for a file system URI given some other way (a qualified path's). */
  public static URI check(Configuration conf, URI uri, String fsOption) {
    String scheme = uri.getScheme();
    if (scheme == null) {
      throw new UsageException(fsOption, "'" + uri + "' has no scheme (e.g. hdfs://namenode:8020, ofs://om/)");
    }
    String port = port(uri.getRawAuthority());
    if (port != null && (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535)) {
      throw new UsageException(fsOption, "'" + uri + "' names port '" + port + "': a port is a number from 1 to 65535");
    }
    if (NEEDS_AUTHORITY.contains(scheme.toLowerCase(java.util.Locale.ROOT)) && uri.getAuthority() == null) {
      // hdfs:///dir means the default file system's namenode, when the default is HDFS with one
      URI fallback = defaultUri(conf);
      if (fallback != null && scheme.equalsIgnoreCase(fallback.getScheme()) && fallback.getAuthority() != null) {
        return fallback;
      }
      throw new UsageException(fsOption, scheme + ":/// names no " + (scheme.equalsIgnoreCase("o3fs")
          ? "bucket (o3fs://bucket.volume/dir)" : "host (" + scheme.toLowerCase(java.util.Locale.ROOT)
          + "://namenode:port/dir), and fs.defaultFS does not name one for " + scheme));
    }
    try {
      FileSystem.getFileSystemClass(scheme, conf);
    } catch (UnsupportedFileSystemException e) {
      throw new UsageException(fsOption, "no file system for scheme '" + scheme + "' in " + uri
          + " (the class path has hdfs, file" + (ozoneOnClassPath() ? ", ofs, o3fs" : "") + ")");
    } catch (IOException e) {
      throw new UsageException(fsOption, e.getMessage());
    } catch (RuntimeException e) {
      // Configuration.getClass: the class a setting names is not on the class path (a typo, or hadoop-aws missing)
      String key = "fs." + scheme + ".impl";
      String named = conf.get(key);
      String[] sources = named == null ? null : conf.getPropertySources(key);
      String from = sources == null || sources.length == 0 ? null : sources[sources.length - 1];
      if (from != null && from.contains("command line")) {
        throw new UsageException("-D " + key, "class " + named + " cannot be loaded: " + loadFailure(e));
      }
      throw new UsageException(fsOption, "no file system for scheme '" + scheme + "' on this class path: "
          + (named == null ? loadFailure(e) : "its class " + named + (from == null || from.endsWith("-default.xml")
              ? "" : " (" + key + " in " + from + ")") + " cannot be loaded: " + loadFailure(e)));
    }
    return uri;
  }

  /** Why a class could not be loaded, in one line (the class path lacks it, or it failed to initialise). */
  private static String loadFailure(RuntimeException e) {
    Throwable c = e.getCause() != null ? e.getCause() : e;
    if (c instanceof ClassNotFoundException) {
      return "not found";
    }
    String m = String.valueOf(c.getMessage());
    int nl = m.indexOf('\n');
    return c.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
  }

  /** The port part of a URI's authority ({@code host:port}, {@code user@host:port}, {@code [v6]:port}); null: none. */
  private static String port(String authority) {
    if (authority == null) {
      return null;
    }
    String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
    int close = hostPort.lastIndexOf(']');
    int colon = hostPort.lastIndexOf(':');
    return colon > close ? hostPort.substring(colon + 1) : null;
  }

  /** Schemes whose URIs must name a host or bucket: HDFS, WebHDFS and o3fs. */
  public static final java.util.Set<String> NEEDS_AUTHORITY = java.util.Set.of("hdfs", "webhdfs", "swebhdfs", "o3fs");

  private static URI defaultUri(Configuration conf) {
    try {
      return FileSystem.getDefaultUri(conf);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static boolean ozoneOnClassPath() {
    try {
      Class.forName("org.apache.hadoop.fs.ozone.RootedOzoneFileSystem");
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
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
