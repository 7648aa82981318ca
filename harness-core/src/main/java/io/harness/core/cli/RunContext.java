package io.harness.core.cli;

import io.harness.core.base.ExitCodes;

import java.io.File;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** What every command gets: the command line as typed, the Hadoop configuration, and where to print. */
public final class RunContext {
  private static final String[] SITE_FILES = {
      "core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml", "ozone-site.xml"};

  /**
   * Hadoop's configuration classes that add their stack's {@code *-default.xml} and {@code *-site.xml}
   * (and key deprecations) to every Configuration when they are loaded. Loaded up front, in Hadoop's
   * order, so a {@code mapred-site.xml} or {@code yarn-site.xml} on the class path (where {@code hadoop
   * jar} puts {@code $HADOOP_CONF_DIR}) counts from the start, whichever class a command touches first.
   */
  private static final String[] STACK_CONFIGURATIONS = {
      "org.apache.hadoop.hdfs.HdfsConfiguration", "org.apache.hadoop.mapred.JobConf",
      "org.apache.hadoop.yarn.conf.YarnConfiguration"};

  static {
    for (String name : STACK_CONFIGURATIONS) {
      try {
        Class.forName(name, true, RunContext.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        // that stack is not on the class path: nothing of it to configure
      }
    }
  }

  private final List<String> commandLine;
  private final GenericOptions genericOptions;
  private final Configuration conf;
  private final PrintStream out;
  private final PrintStream err;
  private final io.harness.core.base.StopRequest stop;
  private final io.harness.core.base.LocalInputs inputs;
  private Host host;

  /**
   * How a command line runs inside another command ({@code harness experiment}): on a cluster that command
   * started and keeps ({@code cluster}, null for the command line's own target), or checked and planned only
   * ({@code planned} gets the workload the line describes, and nothing runs); its runs' live views go to the host's
   * {@code live} (null: the line's own options say); the files the host reads ({@code inputs}: an experiment's file,
   * its own -conf) are the line's inputs too, which no output of the line may be.
   */
  public record Host(io.harness.core.fs.EmbeddedCluster cluster,
      java.util.function.Consumer<io.harness.core.workload.Workload<?>> planned, java.util.function.Consumer<io.harness.core.experiment.Lines.Ended> ended,
      io.harness.core.live.Live live, io.harness.core.base.LocalInputs inputs) {
    public Host {
      inputs = inputs == null ? io.harness.core.base.LocalInputs.none() : inputs;
    }

    public Host(io.harness.core.fs.EmbeddedCluster cluster,
        java.util.function.Consumer<io.harness.core.workload.Workload<?>> planned) {
      this(cluster, planned, null, null, null);
    }

    public Host(io.harness.core.fs.EmbeddedCluster cluster,
        java.util.function.Consumer<io.harness.core.workload.Workload<?>> planned, java.util.function.Consumer<io.harness.core.experiment.Lines.Ended> ended) {
      this(cluster, planned, ended, null, null);
    }
  }

  public RunContext(List<String> commandLine, GenericOptions genericOptions, Configuration conf,
      PrintStream out, PrintStream err, io.harness.core.base.StopRequest stop) {
    this(commandLine, genericOptions, conf, io.harness.core.base.LocalInputs.none(), out, err, stop);
  }

  public RunContext(List<String> commandLine, GenericOptions genericOptions, Configuration conf,
      io.harness.core.base.LocalInputs inputs, PrintStream out, PrintStream err,
      io.harness.core.base.StopRequest stop) {
    this.inputs = inputs;
    this.stop = stop;
    this.commandLine = List.copyOf(commandLine);
    this.genericOptions = genericOptions;
    this.conf = conf;
    this.out = out;
    this.err = err;
  }

  /**
   * The configuration a run starts from: Hadoop's defaults and the {@code *-site.xml} files on the
   * class path, then those in {@code $HADOOP_CONF_DIR} and {@code $OZONE_CONF_DIR}, then the generic
   * options of the command line.
   */
  public static Configuration baseConfiguration(Map<String, String> env, GenericOptions generic) {
    Configuration conf = new Configuration();
    for (String var : new String[] {"HADOOP_CONF_DIR", "OZONE_CONF_DIR"}) {
      String dir = env.get(var);
      if (dir == null || dir.isBlank()) {
        continue;
      }
      for (String site : SITE_FILES) {
        File f = new File(dir, site);
        if (f.isFile()) {
          ConfigFiles.check("$" + var, f.getPath(), f);
          conf.addResource(new Path(f.toURI()));
        }
      }
    }
    generic.applyTo(conf);
    generic.checkValues();
    return conf;
  }

  /**
   * The local files the line reads besides its data ({@link io.harness.core.base.LocalInputs}): the site files of
   * {@code $HADOOP_CONF_DIR} and {@code $OZONE_CONF_DIR} and of the class path (where {@code hadoop jar} puts the
   * configuration directory), {@code -conf} files, what these include, and the files of {@code -files},
   * {@code -libjars}, {@code -archives} and {@code -tokenCacheFile}. Checked files only: call after
   * {@link #baseConfiguration}.
   */
  public static io.harness.core.base.LocalInputs localInputs(Map<String, String> env, GenericOptions generic) {
    List<io.harness.core.base.LocalInputs.Input> inputs = new java.util.ArrayList<>();
    for (String var : new String[] {"HADOOP_CONF_DIR", "OZONE_CONF_DIR"}) {
      String dir = env.get(var);
      for (String site : SITE_FILES) {
        File f = dir == null || dir.isBlank() ? null : new File(dir, site);
        if (f != null && f.isFile()) {
          for (java.nio.file.Path p : ConfigFiles.check("$" + var, f.getPath(), f)) {
            inputs.add(new io.harness.core.base.LocalInputs.Input("$" + var + "'s " + site
                + (p.equals(f.toPath()) ? "" : " (included: " + p + ")"), p));
          }
        }
      }
    }
    for (String site : SITE_FILES) {
      try {
        for (java.net.URL url : java.util.Collections.list(RunContext.class.getClassLoader().getResources(site))) {
          if ("file".equals(url.getProtocol())) {
            inputs.add(new io.harness.core.base.LocalInputs.Input("the class path's " + site,
                java.nio.file.Path.of(url.toURI())));
          }
        }
      } catch (java.io.IOException | java.net.URISyntaxException | RuntimeException e) {
        // a class path entry that names no local file: nothing here to write over
      }
    }
    List<String> g = generic.generic();
    for (int i = 0; i + 1 < g.size(); i += 2) {
      String option = g.get(i);
      String value = g.get(i + 1);
      if (option.equals("-conf")) {
        for (java.nio.file.Path p : ConfigFiles.check("-conf", value, new File(value))) {
          inputs.add(new io.harness.core.base.LocalInputs.Input("-conf's " + value
              + (p.equals(new File(value).toPath()) ? "" : " (included: " + p + ")"), p));
        }
      } else if (!option.equals("-D") && !option.equals("-fs") && !option.equals("-jt")) {
        for (String entry : value.split(",")) {
          java.nio.file.Path p = localFile(entry.replaceFirst("#.*$", "").trim());
          if (p != null) {
            inputs.add(new io.harness.core.base.LocalInputs.Input(option + "'s " + entry.trim(), p));
          }
        }
      }
    }
    return new io.harness.core.base.LocalInputs(inputs);
  }

  /** The local file a {@code -files} entry names (no scheme, or {@code file:}); null for another file system's. */
  private static java.nio.file.Path localFile(String entry) {
    if (entry.isEmpty()) {
      return null;
    }
    try {
      java.net.URI u = new java.net.URI(entry);
      if (u.getScheme() == null || u.getScheme().length() == 1) {
        return java.nio.file.Path.of(entry);
      }
      return "file".equals(u.getScheme()) ? java.nio.file.Path.of(u) : null;
    } catch (java.net.URISyntaxException | RuntimeException e) {
      try {
        return java.nio.file.Path.of(entry);
      } catch (RuntimeException again) {
        return null;
      }
    }
  }

  /** The local files the line reads besides its data: no output of the line may be one of them. */
  public io.harness.core.base.LocalInputs inputs() {
    return inputs;
  }

  /**
   * Refuses the line's local outputs ({@code options}' {@code paths}, in order; null: not given) when two of them name
   * one file, or one is a file the line reads ({@link #inputs}): bad input naming the option.
   */
  public void checkOutputs(String[] options, java.nio.file.Path... paths) {
    io.harness.core.base.LocalOutputs.distinct(options, paths);
    inputs.refuseOver(options, paths);
  }

  public List<String> commandLine() {
    return commandLine;
  }

  public GenericOptions genericOptions() {
    return genericOptions;
  }

  public Configuration conf() {
    return conf;
  }

  /** The command that hosts this command line, or null when it runs on its own. */
  public Host host() {
    return host;
  }

  /** Runs the command line inside {@code host} (see {@link Host}). */
  public RunContext hostedBy(Host host) {
    this.host = host;
    return this;
  }

  public PrintStream out() {
    return out;
  }

  public PrintStream err() {
    return err;
  }

  /** The run of this command line ended with {@code outcome}: its host (an experiment) learns it. */
  public void ended(io.harness.core.workload.RunOutcome outcome) {
    if (host != null && host.ended() != null) {
      java.util.List<String> failed = outcome.result().failedTasks();
      java.util.List<String> failures = outcome.figures().failures();
      String reason = outcome.exitCode() == ExitCodes.OK ? null
          : !failed.isEmpty() ? failed.size() + " task(s) failed, the first: " + failed.get(0)
          : !failures.isEmpty() ? failures.get(0)
          : outcome.result().interrupted() != null ? "stopped by " + outcome.result().interrupted() : null;
      host.ended().accept(new io.harness.core.experiment.Lines.Ended(outcome.folder(), outcome.exitCode(), reason));
    }
  }

  /** The command line ended without a run's outcome: {@code line} says why (bad input, a failure). */
  public void failed(int exitCode, String line) {
    if (host != null && host.ended() != null) {
      host.ended().accept(new io.harness.core.experiment.Lines.Ended(null, exitCode, line));
    }
  }

  /** This command line's stop request: its runs stop when it is asked, and its exit code follows. */
  public io.harness.core.base.StopRequest stop() {
    return stop;
  }
}
