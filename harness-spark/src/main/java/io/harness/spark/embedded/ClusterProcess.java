package io.harness.spark.embedded;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.base.LocalDirs;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * An embedded cluster (MiniDFSCluster or MiniOzoneCluster) running in a child JVM next to this one,
 * for {@code harness spark ... --embedded hdfs|ozone[:N]}.
 *
 * <p>Spark runs on its own class path (Spark's shaded Hadoop client 3.4.1, the shaded Ozone client);
 * the clusters need the unshaded Hadoop 3.4.3 and Ozone's servers (Ratis, RocksDB, Jetty 9, Jersey
 * 2 ...), which cannot share one class path with Spark. So the cluster gets its own JVM on the
 * harness's normal class path ({@link #CLASSPATH_PROPERTY}), runs {@link ClusterLauncher}, and hands
 * its client configuration back through a file; the Spark JVM talks to it over RPC like to any remote
 * cluster. Closing this stops the cluster (its stdin is closed) and removes the temp directory.
 */
public final class ClusterProcess implements AutoCloseable {
  /** The cluster JVM's class path ({@code dir/*} entries are expanded, test jars last). */
  public static final String CLASSPATH_PROPERTY = "harness.cluster.classpath";
  /** A file holding more of that class path (the tests' resolved one). */
  public static final String CLASSPATH_FILE_PROPERTY = "harness.cluster.classpath.file";
  /** The same as {@link #CLASSPATH_PROPERTY}, from the environment. */
  public static final String CLASSPATH_ENV = "HARNESS_CLUSTER_CLASSPATH";
  /** JVM options of the cluster JVM, split on white space (default: the harness's --add-opens). */
  public static final String JVM_OPTS_PROPERTY = "harness.cluster.jvmOpts";
  /** Its heap (default 4g, as bin/harness gives a JVM that runs an embedded cluster). */
  public static final String HEAP_PROPERTY = "harness.cluster.heap";
  /** Seconds to wait for the cluster to come up (default 300). */
  public static final String TIMEOUT_PROPERTY = "harness.cluster.startSeconds";

  /** bin/harness's list (the root pom's harness.addOpens): Hadoop's and Ozone's servers need them. */
  static final List<String> ADD_OPENS = List.of(
      "--add-opens", "java.base/java.lang=ALL-UNNAMED",
      "--add-opens", "java.base/java.util=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens", "java.base/java.io=ALL-UNNAMED",
      "--add-opens", "java.base/java.net=ALL-UNNAMED",
      "--add-opens", "java.base/java.nio=ALL-UNNAMED",
      "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens", "java.security.jgss/sun.security.krb5=ALL-UNNAMED");

  private final Process process;
  private final Path dir;
  private final Path log;
  private final Configuration client;
  private final URI uri;
  private final String rootPrefix;
  private final String description;
  private final Thread hook;
  private boolean closed;

  private ClusterProcess(Process process, Path dir, Path log, Configuration client) {
    this.process = process;
    this.dir = dir;
    this.log = log;
    this.client = client;
    this.uri = URI.create(client.get(ClusterLauncher.URI_KEY));
    this.rootPrefix = client.get(ClusterLauncher.PREFIX_KEY, "");
    this.description = client.get(ClusterLauncher.DESCRIPTION_KEY, "embedded cluster");
    this.hook = new Thread(this::close, "harness-spark-cluster-stop");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /**
   * Starts {@code kind} ({@code hdfs} or {@code ozone}) with {@code datanodes} datanodes in a child JVM
   * and waits until it takes writes. {@code settings} are passed to the cluster's configuration.
   */
  public static ClusterProcess start(String kind, int datanodes, List<String> classPath,
      Map<String, String> settings, PrintStream log) {
    Path dir;
    try {
      dir = Files.createTempDirectory("harness-spark-cluster-");
    } catch (IOException e) {
      throw new RunFailedException("cannot create a temp directory for the embedded cluster: " + e, e);
    }
    Path conf = dir.resolve("client.xml");
    Path logFile = dir.resolve("cluster.log");
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + System.getProperty(HEAP_PROPERTY, "4g"));
    String opts = System.getProperty(JVM_OPTS_PROPERTY);
    if (opts != null && !opts.isBlank()) {
      cmd.addAll(Arrays.asList(opts.trim().split("\\s+")));
    } else {
      cmd.addAll(ADD_OPENS);
    }
    // bin/harness's logging set-up, when this JVM has it
    for (String p : new String[] {"log4j.configuration", "log4j2.configurationFile", "harness.home",
        "harness.log.level", "java.io.tmpdir"}) {
      if (System.getProperty(p) != null) {
        cmd.add("-D" + p + "=" + System.getProperty(p));
      }
    }
    cmd.add("-cp");
    cmd.add(String.join(File.pathSeparator, classPath));
    cmd.add(ClusterLauncher.class.getName());
    cmd.add(kind + ":" + datanodes);
    cmd.add(conf.toString());
    settings.forEach((k, v) -> cmd.add(k + "=" + v));
    log.printf("Starting embedded %s cluster with %d datanode(s) in a separate JVM (log: %s) ...%n", kind,
        datanodes, logFile);
    long t0 = System.nanoTime();
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(logFile.toFile()).start();
    } catch (IOException e) {
      LocalDirs.deleteOwnTempDir(dir);
      throw new RunFailedException("could not start the embedded " + kind + " cluster's JVM: " + e, e);
    }
    long timeout = Long.getLong(TIMEOUT_PROPERTY, 300);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeout);
    try {
      while (!Files.exists(conf)) {
        if (!p.isAlive()) {
          throw new RunFailedException("could not start the embedded " + kind + " cluster (its JVM exited "
              + p.exitValue() + "): " + lastLines(logFile));
        }
        if (System.nanoTime() > deadline) {
          throw new RunFailedException("the embedded " + kind + " cluster did not come up within " + timeout
              + " s: " + lastLines(logFile));
        }
        Thread.sleep(100);
      }
      Configuration client = new Configuration(false);
      client.addResource(new java.io.ByteArrayInputStream(Files.readAllBytes(conf)), conf.toString());
      client.size(); // parse it now
      ClusterProcess cp = new ClusterProcess(p, dir, logFile, client);
      log.printf("Started %s at %s in %.1f s%n", cp.description, cp.uri, (System.nanoTime() - t0) / 1e9);
      return cp;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop(p);
      LocalDirs.deleteOwnTempDir(dir);
      throw new RunFailedException("interrupted while starting the embedded " + kind + " cluster");
    } catch (IOException | RuntimeException e) {
      stop(p);
      LocalDirs.deleteOwnTempDir(dir);
      if (e instanceof RunFailedException r) {
        throw r;
      }
      throw new RunFailedException("could not start the embedded " + kind + " cluster: " + e, e);
    }
  }

  private static String lastLines(Path logFile) {
    try {
      List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
      // the launcher's own error line, else the last line
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (lines.get(i).startsWith("embedded cluster failed:")) {
          return lines.get(i);
        }
      }
      return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1);
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  /** The client configuration: where the cluster is, as the cluster set it. */
  public Configuration configuration() {
    return client;
  }

  /** {@code hdfs://127.0.0.1:PORT} or {@code ofs://127.0.0.1:PORT/}. */
  public URI fileSystemUri() {
    return uri;
  }

  /** Where relative paths go: empty for HDFS, {@code /vol1/bucket1} for Ozone. */
  public String rootPrefix() {
    return rootPrefix;
  }

  public String description() {
    return description + " (in its own JVM)";
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // already shutting down: this is the hook
    }
    stop(process);
    LocalDirs.deleteOwnTempDir(dir);
  }

  /** Closes the child's stdin (it stops its cluster and exits), then waits; kills it if it hangs. */
  private static void stop(Process p) {
    try {
      p.getOutputStream().close();
    } catch (IOException e) {
      // gone already
    }
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          p.waitFor(10, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
    }
  }

  Path logFile() {
    return log;
  }
}
