package io.harness.spark;

import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.cli.RunContext;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.RunRecording;
import io.harness.core.cli.UsageException;
import io.harness.core.engine.TaskRecord;
import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.Versions;
import io.harness.core.target.EmbeddedSpec;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import io.harness.core.util.Sizes;
import io.harness.spark.embedded.ClusterProcess;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The life of a {@code harness spark} command: check the arguments (bad input exits 2 before anything is
 * started, created or deleted), start the embedded cluster when asked (in its own JVM), open the file
 * systems, check the paths on them, start Spark, run, write the run's JSON.
 *
 * <p>Like harness-core's WorkloadCommand, whose life this follows, except for the way to the targets: the
 * cluster of {@code --embedded} cannot run in this JVM (Spark's class path), so {@link ClusterProcess} starts
 * it next to it, and a command may have paths on several file systems. What a run records is the same as
 * WorkloadCommand's, from the same code: harness-core's {@link RunRecording} mixin gives {@code --json},
 * {@code --run-dir}, {@code --instrument} (the Byteman agent loaded into this JVM: with a local master the
 * executors are threads of it, so every write of the job is timed) and {@code --profile} (async-profiler
 * around the Spark jobs, {@link #measured}).
 */
public abstract class SparkWorkload implements Callable<Integer>, HarnessSubcommand {
  private static final Pattern LOCAL_MASTER =
      Pattern.compile("local(\\[(\\*|[1-9]\\d*)(,\\s*\\d+)?\\])?|local-cluster\\[\\d+,\\s*\\d+,\\s*\\d+\\]");
  private static final Pattern EMBEDDED = Pattern.compile("(hdfs|ozone)(:(\\d+))?", Pattern.CASE_INSENSITIVE);

  protected RunContext context;

  @Spec
  protected CommandSpec spec;

  @Option(names = "--embedded", paramLabel = "KIND[:N]",
      description = "Start a cluster for the run: hdfs (MiniDFSCluster) or ozone (MiniOzoneCluster, volume "
          + "vol1 and bucket bucket1; relative paths go under /vol1/bucket1), N datanodes (default 3). It runs "
          + "in its own JVM on the harness's server class path (not Spark's) and is stopped, its data "
          + "removed, when the run ends.")
  protected String embedded;

  @Option(names = "--master", paramLabel = "URL",
      description = "Spark master: local[*] (default), local[N], spark://host:port, yarn, k8s://... "
          + "Under spark-submit the default is spark-submit's.")
  protected String master;

  @Option(names = {"-c", "--spark-conf"}, paramLabel = "KEY=VALUE",
      description = "A Spark setting, as spark-submit's -c / --conf (repeatable; --conf itself is Hadoop's -conf "
          + "FILE here); spark.hadoop.KEY sets a Hadoop one, as -D KEY=VALUE does.")
  protected Map<String, String> sparkConf = new LinkedHashMap<>();

  /**
   * --json, --run-dir, --instrument, --profile: the same options, agent, profiler and figures as every other
   * workload (harness-core's WorkloadCommand has them from the same mixin).
   */
  @Mixin
  protected RunRecording recording;

  /** A path argument: its option or parameter name, as typed, and where it is once resolved. */
  protected static final class Location {
    final String argument;
    final String text;
    Path path;
    FileSystem fs;
    Target target;

    Location(String argument, String text) {
      this.argument = argument;
      this.text = text;
    }

    /** The fully qualified path, as Spark gets it. */
    String uri() {
      return path.toString();
    }
  }

  private ClusterProcess cluster;
  private io.harness.core.run.RunFolder folder;
  private int exit;
  private URI defaultFs;
  private String startedAt;

  @Override
  public void init(RunContext runContext) {
    this.context = runContext;
  }

  @Override
  public RunContext context() {
    return context;
  }

  /** generate, count, copy. */
  protected abstract String operation();

  /** Checks the command's own options; throws {@link UsageException}. Nothing may be touched. */
  protected abstract void validate();

  /** The command's path arguments, in the order they are resolved. */
  protected abstract List<Location> locations();

  /** Checks the paths on their file systems (exist, must not exist ...); nothing may be created yet. */
  protected abstract void validateLocations() throws IOException;

  /** Runs the Spark job(s) and returns the exit code. */
  protected abstract int execute(SparkRunner spark) throws Exception;

  @Override
  public final Integer call() throws Exception {
    if (context == null && spec.parent() != null
        && spec.parent().userObject() instanceof HarnessSubcommand parent) {
      context = parent.context();
    }
    validate();
    validateSparkOptions();
    registerOzone(context.conf());
    List<Location> locs = locations();
    String kind = null;
    int datanodes = EmbeddedSpec.DEFAULT_DATANODES;
    List<String> clusterClassPath = null;
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
      for (Location l : locs) {
        if (Roots.fileSystemOf(l.text) != null) {
          throw new UsageException(l.argument, "'" + l.text + "' names a file system; with --embedded give a "
              + "path on the embedded cluster (e.g. /data/set)");
        }
      }
      clusterClassPath = ClusterProcess.classPath(System.getenv());
    } else {
      for (Location l : locs) {
        URI own = Roots.fileSystemOf(l.text);
        if (own != null) {
          Target.check(context.conf(), own, l.argument);
        } else if (defaultFs == null) {
          defaultFs = Target.checkConfigured(context.conf(),
              context.genericOptions().fs() != null ? "-fs" : "fs.defaultFS");
        }
      }
    }
    // the last checks of bad input (--profile's event, --instrument's rule sets), then the agent is loaded:
    // before Spark starts, so the rules are in place when its executors (threads of this JVM in local mode)
    // open their files
    recording.begin(context.err());
    if (!sparkAvailable()) {
      throw new RunFailedException("Spark is not on this class path: run 'harness spark' through bin/harness "
          + "(lib/spark) or spark-submit");
    }
    startedAt = Instant.now().toString();
    folder = recording.open(RunRecording.runId("spark", operation()), context.err(), true);
    exit = io.harness.core.cli.ExitCodes.FAILED;
    Deque<AutoCloseable> open = new ArrayDeque<>();
    try {
      Configuration conf = context.conf();
      if (kind != null) {
        cluster = ClusterProcess.start(kind, datanodes, clusterClassPath, clusterSettings(), context.err());
        open.push(cluster);
        conf = new Configuration(context.conf());
        for (Map.Entry<String, String> e : cluster.configuration()) {
          conf.set(e.getKey(), e.getValue(), "embedded cluster");
        }
        defaultFs = cluster.fileSystemUri();
      }
      Map<URI, Target> targets = new LinkedHashMap<>();
      for (Location l : locs) {
        URI own = Roots.fileSystemOf(l.text);
        URI fsUri = own != null ? own : defaultFs;
        Target t = targets.get(fsUri);
        if (t == null) {
          t = Target.configured(conf, fsUri);
          open.push(t);
          targets.put(fsUri, t);
        }
        Path p = new Path(l.text);
        if (own == null && cluster != null && !cluster.rootPrefix().isEmpty()) {
          p = new Path(cluster.rootPrefix() + (l.text.startsWith("/") ? l.text : "/" + l.text));
        }
        Roots.check(t, p, l.argument);
        l.target = t;
        l.fs = t.fs();
        l.path = l.fs.makeQualified(p);
      }
      validateLocations();
      long t0 = System.nanoTime();
      SparkRunner spark = SparkRunner.open("harness spark " + operation(), master, sparkSettings(conf));
      open.push(spark);
      context.out().printf(Locale.ROOT, "spark %s: Spark %s, master %s (session started in %.1f s)%n", operation(),
          spark.version(), spark.master(), (System.nanoTime() - t0) / 1e9);
      // local, local[N]: the executors are threads of this JVM; local-cluster[...] and the rest: JVMs of their own
      if (recording.observesThisJvm() && !(spark.master().equals("local") || spark.master().startsWith("local["))) {
        context.err().println("spark " + operation() + ": --instrument / --profile see this JVM only (the driver): "
            + "the executors of master " + spark.master() + " run in JVMs of their own");
      }
      exit = execute(spark);
      return exit;
    } catch (UsageException e) {
      folder.discard();
      throw e;
    } finally {
      while (!open.isEmpty()) {
        try {
          open.pop().close();
        } catch (Exception e) {
          context.err().println("spark " + operation() + ": while closing: " + e);
        }
      }
      folder.close(context.err(), exit == io.harness.core.cli.ExitCodes.OK);
    }
  }

  private void validateSparkOptions() {
    if (master != null && !master.isBlank()) {
      String m = master.trim();
      if (m.startsWith("local") ? !LOCAL_MASTER.matcher(m).matches() : !(m.equals("yarn") || m.contains("://"))) {
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
          ? Thread.currentThread().getContextClassLoader() : SparkWorkload.class.getClassLoader();
      try {
        Class.forName(s[1], false, cl);
        conf.set("fs." + s[0] + ".impl", s[1], "harness: Ozone's client is on the class path");
      } catch (ClassNotFoundException | LinkageError e) {
        // no Ozone client here
      }
    }
  }

  /** Settings for the embedded cluster's configuration: the -D options of the command line. */
  private Map<String, String> clusterSettings() {
    Map<String, String> out = new LinkedHashMap<>();
    List<String> g = context.genericOptions().generic();
    for (int i = 0; i + 1 < g.size(); i += 2) {
      if (g.get(i).equals("-D")) {
        String kv = g.get(i + 1);
        int eq = kv.indexOf('=');
        out.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
    }
    return out;
  }

  /**
   * Spark's settings: the Hadoop keys of the run's configuration that were set anywhere but in a
   * {@code *-default.xml} ({@code $HADOOP_CONF_DIR}, -D, the embedded cluster), as {@code spark.hadoop.*},
   * then {@code --conf}.
   */
  private Map<String, String> sparkSettings(Configuration conf) {
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
    out.putAll(sparkConf);
    return out;
  }

  /** Whether {@code inner} is {@code outer} or lies under it (both qualified). */
  protected static boolean within(Path inner, Path outer) {
    String i = inner.toString();
    String o = outer.toString();
    return i.equals(o) || i.startsWith(o.endsWith("/") ? o : o + "/");
  }

  /** "embedded MiniOzoneCluster, 1 datanode(s) (in its own JVM)", or the scheme. */
  protected String targetDescription(Location l) {
    return cluster != null ? "embedded " + cluster.description() : l.path.toUri().getScheme();
  }

  /**
   * The run's task records from Spark's own: one per task attempt, its executor's launch and finish
   * times, and the bytes its file system counted (written, or read when {@code written} is false), put
   * in the second the task finished; its duration is the {@code task} latency.
   */
  protected static List<TaskRecord> taskRecords(List<TaskCollector.SparkTask> tasks, String prefix, boolean written,
      int firstIndex) {
    List<TaskRecord> out = new java.util.ArrayList<>();
    int i = firstIndex;
    for (TaskCollector.SparkTask t : tasks) {
      long start = t.launchMillis() * 1_000_000L;
      long end = Math.max(start + 1, t.finishMillis() * 1_000_000L);
      long bytes = written ? t.bytesWritten() : t.bytesRead();
      SortedMap<Long, Long> perTick = new TreeMap<>();
      perTick.put(t.finishMillis() / TaskRecord.TICK_MILLIS, bytes);
      Histogram h = new Histogram(3);
      h.recordValue(end - start);
      String name = prefix + "stage-" + t.stageId() + "/part-" + t.partition()
          + (t.attempt() > 0 ? "/attempt-" + t.attempt() : "");
      out.add(new TaskRecord(i++, name, bytes, start, end, Map.of("task", h), perTick, t.error()));
    }
    return out;
  }

  /** Sum of the Spark tasks' bytes, written or read. */
  protected static long taskBytes(List<TaskCollector.SparkTask> tasks, boolean written) {
    return tasks.stream().mapToLong(t -> written ? t.bytesWritten() : t.bytesRead()).sum();
  }

  /** MB/s: bytes (2^20 per MB) over seconds; 0 for no time. */
  protected static double mbPerSec(long bytes, double seconds) {
    return seconds > 0 ? bytes / (double) Sizes.MB / seconds : 0;
  }

  protected static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.2f MB", bytes / (double) Sizes.MB);
  }

  /**
   * Runs the measured phase of the command (its Spark jobs, not the session's start or the checks after them),
   * under async-profiler when {@code --profile} asked for it. Once per run.
   */
  protected <T> T measured(Callable<T> phase) throws Exception {
    return recording.measured(phase);
  }

  /**
   * Writes the run's JSON (run dir and --json), with the figures of --instrument and --profile, and prints
   * where.
   */
  protected void writeResult(int exitCode, Location root, List<TaskRecord> records, Map<String, Object> figures,
      List<String> failed) throws IOException {
    Aggregate agg = Aggregate.of(records);
    RunResult run = new RunResult("spark", operation(), context.commandLine(), RunRecording.optionValues(spec),
        Versions.detect(), RunRecording.hostName(), root.target.uri().toString(), targetDescription(root),
        root.uri(), startedAt, Instant.now().toString(), exitCode, failed, agg, figures,
        records.stream().map(TaskResult::of).toList());
    java.nio.file.Path file = recording.save(folder, run, context.err());
    context.out().println("Result JSON: " + file);
  }

  /** Figures every operation has: Spark's version and master, the target. */
  protected Map<String, Object> baseFigures(SparkRunner spark) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("sparkVersion", spark.version());
    f.put("master", spark.master());
    f.put("defaultParallelism", spark.defaultParallelism());
    return f;
  }

  /**
   * Whether Spark's classes are on this class path; asked here, not in SparkRunner, whose verification
   * would load them.
   */
  static boolean sparkAvailable() {
    try {
      Class.forName("org.apache.spark.sql.SparkSession", false, SparkWorkload.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
