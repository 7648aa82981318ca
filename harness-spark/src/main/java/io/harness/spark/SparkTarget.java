package io.harness.spark;

import io.harness.core.context.ClusterContext;
import io.harness.core.workload.RunTarget;
import io.harness.core.engine.Settings;
import io.harness.core.fs.Roots;
import io.harness.core.fs.Target;
import io.harness.spark.embedded.ClusterProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What a {@code harness spark} run works on: the embedded cluster in a JVM of its own when {@code --embedded}
 * asked for one ({@link ClusterProcess}), the file system of each path argument (a path may name its own:
 * {@code copy} may read one and write another), and the Spark session, started when the workload asks for it,
 * after its checks. Closing it stops the session, closes the file systems and stops the cluster, in that order.
 */
public final class SparkTarget implements RunTarget {
  /** A path argument: its name ({@code DIR}, {@code SRC}, {@code DST}) and its text as typed. */
  public record PathArgument(String name, String text) {}

  /** A path argument on its file system: the {@link Target} it lies on and its qualified path. */
  record Place(String argument, Target target, FileSystem fs, Path path) {
    /** The fully qualified path, as Spark gets it. */
    String uri() {
      return path.toString();
    }
  }

  /**
   * How to reach everything, from the command's checked options: the run's configuration; {@code --embedded}'s
   * kind (null: none), datanodes, class path and settings; the file system of unqualified paths (null with
   * {@code --embedded}); the master (null: spark-submit's or {@code local[*]}) and {@code --spark-conf}; the
   * path arguments, and the name of the one that is the run's root.
   */
  record Spec(String operation, Configuration conf, String embedded, int datanodes, List<String> clusterClassPath,
      Map<String, String> clusterSettings, URI defaultFs, String master, Map<String, String> sparkConf,
      List<PathArgument> paths, String root) {}

  private final Spec spec;
  private final PrintStream err;
  private final Deque<AutoCloseable> open;
  private final ClusterProcess cluster;
  private final Configuration conf;
  private final Map<String, Place> places;
  private SparkRunner spark;

  private SparkTarget(Spec spec, PrintStream err, Deque<AutoCloseable> open, ClusterProcess cluster,
      Configuration conf, Map<String, Place> places) {
    this.spec = spec;
    this.err = err;
    this.open = open;
    this.cluster = cluster;
    this.conf = conf;
    this.places = places;
  }

  /**
   * Starts the embedded cluster (when asked), opens the file systems and checks the paths' form on them (bad
   * input: {@link io.harness.core.base.UsageException}); what was started is stopped again when this fails.
   */
  static SparkTarget open(Spec spec, PrintStream err) throws IOException {
    Deque<AutoCloseable> open = new ArrayDeque<>();
    try {
      Configuration conf = spec.conf();
      ClusterProcess cluster = null;
      URI defaultFs = spec.defaultFs();
      if (spec.embedded() != null) {
        cluster = ClusterProcess.start(spec.embedded(), spec.datanodes(), spec.clusterClassPath(),
            spec.clusterSettings(), err);
        open.push(cluster);
        conf = new Configuration(spec.conf());
        for (Map.Entry<String, String> e : cluster.configuration()) {
          conf.set(e.getKey(), e.getValue(), "embedded cluster");
        }
        defaultFs = cluster.fileSystemUri();
      }
      Map<URI, Target> targets = new LinkedHashMap<>();
      Map<String, Place> places = new LinkedHashMap<>();
      for (PathArgument a : spec.paths()) {
        URI own = Roots.fileSystemOf(a.name(), a.text());
        URI fsUri = own != null ? own : defaultFs;
        Target t = targets.get(fsUri);
        if (t == null) {
          t = Target.configured(conf, fsUri);
          open.push(t);
          targets.put(fsUri, t);
        }
        Path p = new Path(a.text());
        if (own == null && cluster != null && !cluster.rootPrefix().isEmpty()) {
          p = new Path(cluster.rootPrefix() + (a.text().startsWith("/") ? a.text() : "/" + a.text()));
        }
        Roots.check(t, p, a.name());
        FileSystem fs = t.fs();
        places.put(a.name(), new Place(a.name(), t, fs, fs.makeQualified(p)));
      }
      return new SparkTarget(spec, err, open, cluster, conf, places);
    } catch (IOException | RuntimeException e) {
      closeAll(open, err, spec.operation());
      throw e;
    }
  }

  /** The path argument {@code name} on its file system. */
  Place place(String name) {
    return places.get(name);
  }

  /**
   * The Spark session, started at the first call (its line, with the time it took, goes to the run's
   * output); a session already running in this JVM (spark-submit's) is used as it is.
   */
  SparkRunner spark(Settings settings) {
    if (spark != null) {
      return spark;
    }
    long t0 = System.nanoTime();
    spark = SparkRunner.open("harness spark " + spec.operation(), spec.master(), sparkSettings());
    open.push(spark);
    settings.out().printf(Locale.ROOT, "spark %s: Spark %s, master %s (session started in %.1f s)%n",
        spec.operation(), spark.version(), spark.master(), (System.nanoTime() - t0) / 1e9);
    // local, local[N]: the executors are threads of this JVM; local-cluster[...] and the rest: JVMs of their own
    if (settings.observation() != null && settings.observation().observesThisJvm()
        && !ExecutorJars.inProcess(spark.master())) {
      settings.err().println("spark " + spec.operation() + ": --instrument / --profile see this JVM only (the "
          + "driver: planning, listing, commit): the executors of master " + spark.master() + " run in JVMs of their "
          + "own, and their reads and writes are neither timed nor profiled");
    }
    return spark;
  }

  /**
   * Spark's settings: the Hadoop keys of the run's configuration that were set anywhere but in a
   * {@code *-default.xml} ({@code $HADOOP_CONF_DIR}, -D, the embedded cluster), as {@code spark.hadoop.*},
   * then {@code --spark-conf}.
   */
  private Map<String, String> sparkSettings() {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : conf) {
      String[] sources = conf.getPropertySources(e.getKey());
      boolean userSet = sources == null;
      if (sources != null) {
        for (String s : sources) {
          userSet |= !s.endsWith("-default.xml");
        }
      }
      if (userSet) {
        out.put("spark.hadoop." + e.getKey(), conf.get(e.getKey()));
      }
    }
    out.putAll(spec.sparkConf());
    return out;
  }

  /** The master the session runs on: {@code --master}, else spark-submit's ({@code spark.master}), else local[*]. */
  String master() {
    return spec.master() != null ? spec.master() : System.getProperty("spark.master", "local[*]");
  }

  /** {@code --spark-conf}'s settings. */
  Map<String, String> sparkConf() {
    return spec.sparkConf();
  }

  /** The local file a path argument's place is, on the local file system. */
  @Override
  public java.util.Optional<java.nio.file.Path> localPath(String path) {
    for (Place p : places.values()) {
      if (p.uri().equals(path)) {
        return p.target().localPath(path);
      }
    }
    return java.util.Optional.empty();
  }

  @Override
  public String location() {
    return places.get(spec.root()).target().uri().toString();
  }

  /** {@code embedded MiniOzoneCluster, 1 datanode(s) (in its own JVM)}, or the root's scheme. */
  @Override
  public String description() {
    return cluster != null ? "embedded " + cluster.description()
        : places.get(spec.root()).path().toUri().getScheme();
  }

  /** The cluster of the root's file system, as its {@link Target} describes it. */
  @Override
  public ClusterContext context(String root) {
    return places.get(spec.root()).target().context(root);
  }

  @Override
  public void close() {
    closeAll(open, err, spec.operation());
  }

  private static void closeAll(Deque<AutoCloseable> open, PrintStream err, String operation) {
    while (!open.isEmpty()) {
      try {
        open.pop().close();
      } catch (Exception e) {
        err.println("spark " + operation + ": while closing: " + e);
      }
    }
  }

  /**
   * ofs:// and o3fs:// when Ozone's client classes can be loaded but its service file was not read:
   * spark-submit's --jars puts ozone-filesystem-hadoop3 in a class loader of its own, after Hadoop has
   * looked for file systems. Then {@code fs.ofs.impl} / {@code fs.o3fs.impl} name the classes (and reach
   * the executors with the rest of the Hadoop settings).
   */
  static void registerOzone(Configuration conf) {
    String[][] schemes = {{"ofs", "org.apache.hadoop.fs.ozone.RootedOzoneFileSystem"},
        {"o3fs", "org.apache.hadoop.fs.ozone.OzoneFileSystem"}};
    for (String[] s : schemes) {
      if (conf.get("fs." + s[0] + ".impl") != null) {
        continue;
      }
      try {
        FileSystem.getFileSystemClass(s[0], conf);
        continue; // registered
      } catch (IOException e) {
        // not registered: try the class itself
      }
      ClassLoader cl = Thread.currentThread().getContextClassLoader() != null
          ? Thread.currentThread().getContextClassLoader() : SparkTarget.class.getClassLoader();
      try {
        Class.forName(s[1], false, cl);
        conf.set("fs." + s[0] + ".impl", s[1], "harness: Ozone's client is on the class path");
      } catch (ClassNotFoundException | LinkageError e) {
        // no Ozone client here
      }
    }
  }
}
