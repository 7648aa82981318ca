package io.harness.spark;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.workload.TargetSource;
import io.harness.core.run.WorkloadOptions;
import io.harness.core.fs.EmbeddedSpec;
import io.harness.core.fs.Roots;
import io.harness.core.fs.Target;
import io.harness.spark.embedded.ClusterClassPath;
import io.harness.spark.embedded.ClusterProcess;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * The options every Spark workload has ({@code --embedded}, {@code --master}, {@code --spark-conf}), their Java API
 * setters, and the target they make with the file systems the workload's path arguments name: checked without
 * contacting anything (bad input exits 2 before anything is started, created or deleted), a {@link SparkTarget}
 * once opened. Each workload's options class ({@link Generate}, {@link Count}, {@link Copy}) adds its own.
 *
 * <p>Spark's workloads run on a target of their own, not on one Hadoop file system: the cluster of
 * {@code --embedded} cannot run in this JVM (Spark's class path), so {@link ClusterProcess} starts it next to it,
 * and a command's paths may lie on several file systems. Their command has, of the options every workload shares,
 * those of what a run records ({@code --json}, {@code --run-dir}, {@code --instrument}, {@code --profile} ...). With
 * a local master the executors are threads of this JVM, so {@code --instrument} times every write of the job, and
 * {@code --profile} covers the Spark jobs.
 *
 * @param <B> the workload's options class
 * @param <P> its plan
 */
public abstract class SparkOptions<B extends SparkOptions<B, P>, P> extends WorkloadOptions<B, P> {
  private static final Pattern LOCAL_MASTER =
      Pattern.compile("local(\\[(\\*|[1-9]\\d*)(,\\s*\\d+)?\\])?|local-cluster\\[\\d+,\\s*\\d+,\\s*\\d+\\]");
  private static final Pattern EMBEDDED = Pattern.compile("(hdfs|ozone)(:(\\d+))?", Pattern.CASE_INSENSITIVE);

  @Option(names = "--embedded", paramLabel = "KIND[:N]",
      description = "Start a cluster for the run: hdfs (MiniDFSCluster) or ozone (MiniOzoneCluster, volume "
          + "vol1 and bucket bucket1; relative paths go under /vol1/bucket1), N datanodes (default 3). It runs "
          + "in its own JVM on the harness's server class path (not Spark's) and lives for this one command: "
          + "stopped, its data removed, when the run ends. For a cluster that outlives one command, start "
          + "'harness cluster KIND[:N] --write-config FILE' and give the commands -conf FILE.")
  private String embedded;

  @Option(names = "--master", paramLabel = "URL",
      description = "Spark master: local[*] (default), local[N], spark://host:port, yarn, k8s://... "
          + "Under spark-submit the default is spark-submit's. On a cluster master the executors are JVMs of their "
          + "own: they get the harness's jars through spark.jars (as from spark-submit), the task records their "
          + "hosts and executors, and --instrument and --profile see this JVM (the driver) only.")
  private String master;

  @Option(names = {"-c", "--spark-conf"}, paramLabel = "KEY=VALUE",
      description = "A Spark setting, as spark-submit's -c / --conf (repeatable; --conf itself is Hadoop's -conf "
          + "FILE here); spark.hadoop.KEY sets a Hadoop one, as -D KEY=VALUE does.")
  private Map<String, String> sparkConf = new LinkedHashMap<>();

  private final String operation;
  private final String root;

  /**
   * @param operation the workload's operation and command ({@code generate})
   * @param root the name of the path argument that is the run's root ({@code DIR})
   */
  SparkOptions(String operation, Class<P> planType, String root) {
    super("spark", operation, planType);
    this.operation = operation;
    this.root = root;
  }

  /** {@code --embedded}: {@code hdfs} or {@code ozone}, optionally {@code :DATANODES}. */
  public B embedded(String kind) {
    this.embedded = kind;
    return self();
  }

  /** {@code --master}: the Spark master (default: spark-submit's, else {@code local[*]}). */
  public B master(String url) {
    this.master = url;
    return self();
  }

  /** {@code --spark-conf}: one Spark setting. */
  public B sparkConf(String key, String value) {
    this.sparkConf.put(key, value);
    return self();
  }

  /** The path arguments of {@code plan} ({@code DIR}; {@code SRC} and {@code DST}), as typed. */
  abstract List<SparkTarget.PathArgument> paths(P plan);

  @Override
  public final boolean ownTarget() {
    return true;
  }

  @Override
  public final String group() {
    return "spark";
  }

  /**
   * The embedded cluster (when asked), the file systems of the path arguments and the Spark session, checked with
   * the file systems the paths name; the Spark session starts when the workload asks for it, after its checks.
   */
  @Override
  public final TargetSource<SparkTarget> target(P plan, Site site) {
    String sparkMaster = checkedMaster();
    for (String k : sparkConf.keySet()) {
      if (!k.startsWith("spark.")) {
        throw new UsageException("--spark-conf", "'" + k + "' is not a Spark setting (spark.*); give Hadoop settings "
            + "as -D " + k + "=VALUE");
      }
    }
    if (sparkAvailable()) {
      SparkSettings.check(sparkConf);
    }
    SparkTarget.registerOzone(site.conf());
    List<SparkTarget.PathArgument> paths = paths(plan);
    String kind = null;
    int datanodes = EmbeddedSpec.DEFAULT_DATANODES;
    List<String> clusterClassPath = null;
    URI defaultFs = null;
    if (embedded != null) {
      Matcher m = EMBEDDED.matcher(embedded.trim());
      if (!m.matches()) {
        throw new UsageException("--embedded", "expects hdfs or ozone, optionally :DATANODES (e.g. ozone:3), got '"
            + embedded + "'");
      }
      kind = m.group(1).toLowerCase(Locale.ROOT);
      if (m.group(3) != null) {
        datanodes = Integer.parseInt(m.group(3));
        if (datanodes < 1 || datanodes > 16) {
          throw new UsageException("--embedded", "datanode count must be between 1 and 16, was " + datanodes);
        }
      }
      if (site.fileSystemGiven()) {
        throw new UsageException("--embedded", "cannot be combined with -fs (the run's target is the embedded "
            + "cluster)");
      }
      for (SparkTarget.PathArgument p : paths) {
        if (Roots.fileSystemOf(p.name(), p.text()) != null) {
          throw new UsageException(p.name(), "'" + p.text() + "' names a file system; with --embedded give a "
              + "path on the embedded cluster (e.g. /data/set)");
        }
      }
      clusterClassPath = ClusterClassPath.of(System.getenv());
    } else {
      for (SparkTarget.PathArgument p : paths) {
        URI own = Roots.fileSystemOf(p.name(), p.text());
        if (own != null) {
          io.harness.core.fs.TargetUri.check(site.conf(), own, p.name());
        } else if (defaultFs == null) {
          defaultFs = site.fileSystem().get();
        }
      }
    }
    if (!sparkAvailable()) {
      throw new RunFailedException("Spark is not on this class path: run 'harness spark' through bin/harness "
          + "(lib/spark) or spark-submit");
    }
    SparkTarget.Spec spec = new SparkTarget.Spec(operation, site.conf(), kind, datanodes, clusterClassPath,
        site.settings(), defaultFs, sparkMaster, new LinkedHashMap<>(sparkConf), paths, root);
    return () -> SparkTarget.open(spec, site.err());
  }

  /** {@code --master}, checked and trimmed; null when not given. */
  private String checkedMaster() {
    if (master == null) {
      return null;
    }
    String m = master.trim();
    if (m.isEmpty()) {
      throw new UsageException("--master", "must not be empty");
    }
    if (m.startsWith("local") ? !LOCAL_MASTER.matcher(m).matches() : !(m.equals("yarn") || m.matches("(spark|k8s)://.+"))) {
      throw new UsageException("--master", "'" + master + "' is not a Spark master URL (local[*], local[N], "
          + "spark://host:port, yarn, k8s://...)");
    }
    return m;
  }

  /** The Parquet codecs of {@code --compression}. */
  static String codec(String text) {
    String c = text.toLowerCase(Locale.ROOT);
    if (!java.util.Set.of("none", "uncompressed", "snappy", "gzip", "lz4", "lz4_raw", "zstd").contains(c)) {
      throw new UsageException("--compression", "unknown codec '" + c + "' (none, snappy, gzip, lz4, lz4_raw, zstd)");
    }
    return c;
  }

  /**
   * Whether Spark's classes are on this class path; asked here, not in SparkRunner, whose verification
   * would load them.
   */
  static boolean sparkAvailable() {
    try {
      Class.forName("org.apache.spark.sql.SparkSession", false, SparkOptions.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
