package io.harness.spark;

import io.harness.core.cli.BaseSubcommand;
import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.base.RunFailedException;
import io.harness.core.cli.RunRecording;
import io.harness.core.base.UsageException;
import io.harness.core.run.Pipeline;
import io.harness.core.run.Settings;
import io.harness.core.run.Workload;
import io.harness.core.target.EmbeddedSpec;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import io.harness.spark.embedded.ClusterClassPath;
import io.harness.spark.embedded.ClusterProcess;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The command line of {@code harness spark generate | count | copy}: the options every Spark workload has
 * ({@code --embedded}, {@code --master}, {@code --spark-conf}, and harness-core's {@link RunRecording}:
 * {@code --json}, {@code --run-dir}, {@code --instrument}, {@code --profile}), checked with the file systems
 * the path arguments name without contacting anything (bad input exits 2 before anything is started, created or
 * deleted); then harness-core's {@link Pipeline} runs the workload that the command made of its own options, on
 * a {@link SparkTarget}.
 *
 * <p>Like harness-core's WorkloadCommand, except for the way to the target: the cluster of {@code --embedded}
 * cannot run in this JVM (Spark's class path), so {@link ClusterProcess} starts it next to it, and a command's
 * paths may lie on several file systems. With a local master the executors are threads of this JVM, so
 * {@code --instrument} times every write of the job, and {@code --profile} covers the Spark jobs.
 */
public abstract class SparkJobCommand extends BaseSubcommand implements Callable<Integer>, io.harness.core.cli.MeasuringCommand {
  private static final Pattern LOCAL_MASTER =
      Pattern.compile("local(\\[(\\*|[1-9]\\d*)(,\\s*\\d+)?\\])?|local-cluster\\[\\d+,\\s*\\d+,\\s*\\d+\\]");
  private static final Pattern EMBEDDED = Pattern.compile("(hdfs|ozone)(:(\\d+))?", Pattern.CASE_INSENSITIVE);


  @Spec
  protected CommandSpec spec;

  @Option(names = "--embedded", paramLabel = "KIND[:N]",
      description = "Start a cluster for the run: hdfs (MiniDFSCluster) or ozone (MiniOzoneCluster, volume "
          + "vol1 and bucket bucket1; relative paths go under /vol1/bucket1), N datanodes (default 3). It runs "
          + "in its own JVM on the harness's server class path (not Spark's) and lives for this one command: "
          + "stopped, its data removed, when the run ends. For a cluster that outlives one command, start "
          + "'harness cluster KIND[:N] --write-config FILE' and give the commands -conf FILE.")
  protected String embedded;

  @Option(names = "--master", paramLabel = "URL",
      description = "Spark master: local[*] (default), local[N], spark://host:port, yarn, k8s://... "
          + "Under spark-submit the default is spark-submit's.")
  protected String master;

  @Option(names = {"-c", "--spark-conf"}, paramLabel = "KEY=VALUE",
      description = "A Spark setting, as spark-submit's -c / --conf (repeatable; --conf itself is Hadoop's -conf "
          + "FILE here); spark.hadoop.KEY sets a Hadoop one, as -D KEY=VALUE does.")
  protected Map<String, String> sparkConf = new LinkedHashMap<>();

  /** --json, --run-dir, --instrument, --profile: the same options, agent, profiler and figures as every workload. */
  @Mixin
  protected RunRecording recording;

  /**
   * Runs {@code workload} (made of the command's checked options) on its path arguments, {@code root} naming the
   * one that is the run's root; returns the exit code.
   */
  protected final int run(Workload<SparkTarget> workload, String root, SparkTarget.PathArgument... paths)
      throws Exception {
    if (context == null && spec.parent() != null
        && spec.parent().userObject() instanceof HarnessSubcommand parent) {
      context = parent.context();
    }
    checkSparkOptions();
    SparkTarget.registerOzone(context.conf());
    String kind = null;
    int datanodes = EmbeddedSpec.DEFAULT_DATANODES;
    List<String> clusterClassPath = null;
    URI defaultFs = null;
    if (embedded != null) {
      var m = EMBEDDED.matcher(embedded.trim());
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
      if (context.genericOptions().fs() != null) {
        throw new UsageException("--embedded", "cannot be combined with -fs (the run's target is the embedded "
            + "cluster)");
      }
      for (SparkTarget.PathArgument p : paths) {
        if (Roots.fileSystemOf(p.text()) != null) {
          throw new UsageException(p.name(), "'" + p.text() + "' names a file system; with --embedded give a "
              + "path on the embedded cluster (e.g. /data/set)");
        }
      }
      clusterClassPath = ClusterClassPath.of(System.getenv());
    } else {
      for (SparkTarget.PathArgument p : paths) {
        URI own = Roots.fileSystemOf(p.text());
        if (own != null) {
          Target.check(context.conf(), own, p.name());
        } else if (defaultFs == null) {
          defaultFs = Target.checkConfigured(context.conf(),
              context.genericOptions().fs() != null ? "-fs" : "fs.defaultFS");
        }
      }
    }
    // the last checks of bad input (--profile's event, --instrument's rule sets), then the agent is loaded:
    // before Spark starts, so the rules are in place when its executors (threads of this JVM in local mode)
    // open their files
    recording.recording().begin(context.err());
    if (!sparkAvailable()) {
      throw new RunFailedException("Spark is not on this class path: run 'harness spark' through bin/harness "
          + "(lib/spark) or spark-submit");
    }
    SparkTarget.Spec target = new SparkTarget.Spec(workload.operation(), context.conf(), kind, datanodes,
        clusterClassPath, clusterSettings(), defaultFs, master, sparkConf, List.of(paths), root);
    Settings settings = new Settings(context.out(), context.err(), recording.recording(), context.commandLine(),
        RunRecording.optionValues(spec), null, 0, true, context.stop());
    io.harness.core.run.RunOutcome outcome = new Pipeline(settings).run(workload,
        () -> SparkTarget.open(target, context.err()));
    context.ended(outcome);
    return outcome.exitCode();
  }

  private void checkSparkOptions() {
    if (master != null && !master.isBlank()) {
      String m = master.trim();
      if (m.startsWith("local") ? !LOCAL_MASTER.matcher(m).matches() : !(m.equals("yarn") || m.matches("(spark|k8s)://.+"))) {
        throw new UsageException("--master", "'" + master + "' is not a Spark master URL (local[*], local[N], "
            + "spark://host:port, yarn, k8s://...)");
      }
      master = m;
    } else if (master != null) {
      throw new UsageException("--master", "must not be empty");
    }
    for (String k : sparkConf.keySet()) {
      if (!k.startsWith("spark.")) {
        throw new UsageException("--spark-conf", "'" + k + "' is not a Spark setting (spark.*); give Hadoop settings "
            + "as -D " + k + "=VALUE");
      }
    }
  }

  /** Settings for the embedded cluster's configuration: the -D options of the command line. */
  private Map<String, String> clusterSettings() {
    Map<String, String> out = new LinkedHashMap<>();
    List<String> g = context().genericOptions().generic();
    for (int i = 0; i + 1 < g.size(); i += 2) {
      if (g.get(i).equals("-D")) {
        String kv = g.get(i + 1);
        int eq = kv.indexOf('=');
        out.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
    }
    return out;
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
      Class.forName("org.apache.spark.sql.SparkSession", false, SparkJobCommand.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
