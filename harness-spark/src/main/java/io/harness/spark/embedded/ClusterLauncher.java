package io.harness.spark.embedded;

import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The main class of the embedded-cluster JVM that {@link ClusterProcess} starts next to Spark. It runs
 * on the harness's normal class path (unshaded Hadoop 3.4.3, Ozone's servers, harness-core and
 * harness-freon), never on Spark's, and uses only harness-core's embedded-cluster SPI: the providers
 * ({@code MiniDfsProvider}, {@code MiniOzoneProvider}) are found by {@link java.util.ServiceLoader}.
 *
 * <pre>
 *   java -cp SERVER_CLASS_PATH io.harness.spark.embedded.ClusterLauncher KIND[:N] CLIENT_XML [key=value ...]
 * </pre>
 *
 * Starts the cluster, writes the client configuration (every key the cluster set, not Hadoop's or
 * Ozone's defaults, plus {@value #URI_KEY}, {@value #PREFIX_KEY} and {@value #DESCRIPTION_KEY}) to
 * {@code CLIENT_XML} in one atomic move, then waits until its standard input closes (the parent ended
 * the run, or died), stops the cluster and exits 0. A cluster that does not start exits 1.
 */
public final class ClusterLauncher {
  public static final String URI_KEY = "harness.embedded.uri";
  public static final String PREFIX_KEY = "harness.embedded.rootPrefix";
  public static final String DESCRIPTION_KEY = "harness.embedded.description";

  private ClusterLauncher() {}

  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: ClusterLauncher KIND[:N] CLIENT_XML [key=value ...]");
      System.exit(2);
    }
    int code;
    try {
      code = run(args);
    } catch (Throwable t) {
      System.err.println("embedded cluster failed: " + t);
      t.printStackTrace();
      code = 1;
    }
    System.out.flush();
    System.err.flush();
    // the servers keep non-daemon threads: always leave explicitly (shutdown hooks still run: the
    // Ozone provider removes its data directory in one)
    System.exit(code);
  }

  private static int run(String[] args) throws Exception {
    EmbeddedSpec spec = EmbeddedSpec.parse(args[0]);
    Path out = Path.of(args[1]);
    Configuration base = new Configuration();
    for (int i = 2; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("expected key=value, got " + args[i]);
      }
      base.set(args[i].substring(0, eq), args[i].substring(eq + 1), "harness command line");
    }
    long t0 = System.nanoTime();
    EmbeddedCluster cluster = spec.provider().start(base, spec.datanodes());
    try {
      System.out.printf("started %s at %s in %.1f s%n", cluster.description(), cluster.fileSystemUri(),
          (System.nanoTime() - t0) / 1e9);
      writeClientConfiguration(cluster, out);
      // wait for the parent: EOF on stdin (it closed the pipe, or it is gone)
      while (System.in.read() != -1) {
        // anything sent is ignored
      }
      System.out.println("stdin closed: stopping the cluster");
    } finally {
      cluster.close();
    }
    System.out.println("stopped");
    return 0;
  }

  static void writeClientConfiguration(EmbeddedCluster cluster, Path out) throws IOException {
    Configuration cc = cluster.configuration();
    Configuration client = new Configuration(false);
    for (Map.Entry<String, String> e : cc) {
      if (isSetByCluster(cc, e.getKey())) {
        client.set(e.getKey(), cc.getRaw(e.getKey()));
      }
    }
    client.set("fs.defaultFS", cluster.fileSystemUri().toString());
    client.set(URI_KEY, cluster.fileSystemUri().toString());
    client.set(PREFIX_KEY, cluster.rootPrefix());
    client.set(DESCRIPTION_KEY, cluster.description());
    Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
    try (OutputStream o = Files.newOutputStream(tmp)) {
      client.writeXml(o);
    }
    Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** Set anywhere but a {@code *-default.xml}: the client on the other class path has its own defaults. */
  private static boolean isSetByCluster(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null) {
      return true;
    }
    for (String s : sources) {
      if (!s.endsWith("-default.xml")) {
        return true;
      }
    }
    return false;
  }
}
