package io.harness.core.cli;

import io.harness.core.fs.ClientSite;
import io.harness.core.fs.DataFolder;

import io.harness.core.base.ExitCodes;
import io.harness.core.base.RunFailedException;
import io.harness.core.fs.BadSetting;
import io.harness.core.run.RunLog;
import io.harness.core.base.UsageException;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.EmbeddedSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness cluster KIND[:N]}: an embedded cluster in the foreground that outlives the commands run against
 * it (a write, then its read), until Ctrl-C or SIGTERM. It writes a client site file for {@code -conf} once the
 * cluster takes writes, prints the next command lines, and at the end stops the cluster and removes its data
 * (or keeps it: {@code --keep-data}).
 */
@Command(name = "cluster", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Runs an embedded HDFS or Ozone cluster until Ctrl-C, for other commands to use with -conf FILE.",
    description = {
        "Starts an in-process hdfs (MiniDFSCluster) or ozone (MiniOzoneCluster, volume vol1 and bucket bucket1) "
            + "cluster with N datanodes (default 3), prints its URI and the command lines to try, and runs until "
            + "Ctrl-C (exit 130) or SIGTERM (exit 143). Unlike --embedded, whose cluster lives for one command, "
            + "its data outlives every command run against it: write, then read back.",
        "Server settings: -D key=value (and -conf FILE), as for --embedded."})
public final class ClusterCommand extends BaseSubcommand implements Callable<Integer> {
  /** The name of the positional argument, for bad input. */
  static final String KIND = "KIND[:N]";
  private static final String PREFIX_KIND = ClientSite.PREFIX + "kind";

  @Parameters(index = "0", paramLabel = KIND,
      description = "hdfs or ozone, with N datanodes (1 to 16; default " + EmbeddedSpec.DEFAULT_DATANODES + ").")
  String kind;

  @Option(names = "--write-config", paramLabel = "FILE",
      description = "Write the client configuration (fs.defaultFS and what else a client needs) to FILE, atomically, "
          + "once the cluster takes writes: give it to any command with -conf FILE. Removed when the cluster stops "
          + "(kept with --keep-data). A copy is always in the data folder as client-site.xml.")
  String writeConfig;

  @Option(names = "--data", paramLabel = "DIR",
      description = "Keep the cluster's data (and its log, cluster.log) in DIR, which must be missing or empty "
          + "(default: a new folder harness-cluster-KIND-<time> in the current directory).")
  String data;

  @Option(names = "--keep-data",
      description = "Keep the data folder (and the client file) when the cluster stops; by default both are removed.")
  boolean keepData;

  @Option(names = "--verbose",
      description = "Show the servers' log lines on the terminal as they come (they always go to cluster.log).")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    PrintStream out = context.out();
    if (context.genericOptions().fs() != null) {
      throw new UsageException("-fs", "the cluster is its own file system: give -fs to the commands run against it");
    }
    EmbeddedSpec spec = EmbeddedSpec.parse(kind, KIND);
    String name = spec.provider().name();
    if (!spec.provider().startsInFolder()) {
      throw new UsageException(KIND, "'" + name + "' clusters cannot run as harness cluster (use --embedded " + name
          + ")");
    }
    Path cwd = Path.of("").toAbsolutePath();
    ClientSite site = writeConfig == null ? null : ClientSite.check(writeConfig, cwd);
    DataFolder folder = DataFolder.check(data, name, cwd);
    if (site != null) {
      site.outside(folder.dir());
      context.inputs().refuseOver("--write-config", site.file());
    }

    Signals.stopping("stopping the cluster");
    if (site != null && site.removeStale()) {
      out.println("cluster: removed " + site.file() + ", left by an earlier harness cluster that has ended");
    }
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put(PREFIX_KIND, name);
    facts.put(ClientSite.PREFIX + "datanodes", Integer.toString(spec.datanodes()));
    facts.put(ClientSite.PID, Long.toString(ProcessHandle.current().pid()));
    facts.put(ClientSite.DATA, folder.dir().toString());
    folder.create(name, facts);
    out.printf("cluster: starting %s with %d datanode(s), data in %s ...%n", name, spec.datanodes(), folder.dir());
    RunLog log = RunLog.start(folder.log(), context.err(), verbose);
    // the servers log only warnings, and an empty log is removed: this first line keeps cluster.log with the data
    System.out.printf("harness cluster: %s with %d datanode(s), data in %s, started %s%n", name, spec.datanodes(),
        folder.dir(), java.time.OffsetDateTime.now());
    EmbeddedCluster cluster = null;
    try {
      long t0 = System.nanoTime();
      try {
        cluster = spec.provider().start(context.conf(), spec.datanodes(), folder.servers(name));
      } catch (Exception | LinkageError e) {
        UsageException bad = BadSetting.of(e, context.commandLine());
        if (bad != null) {
          keepData = false; // a cluster a setting kept from starting leaves nothing
          throw bad;
        }
        throw new RunFailedException("could not start the " + name + " cluster: " + e, e);
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      if (!context.stop().requested()) {
        facts.put(ClientSite.PREFIX + "uri", cluster.fileSystemUri().toString());
        facts.put(ClientSite.PREFIX + "root", cluster.rootPrefix());
        Configuration client = ClientSite.clientConfiguration(cluster, facts);
        ClientSite.write(client, folder.clientSite());
        ready(out, cluster, seconds, site != null ? site.file() : folder.clientSite(), folder);
        if (site != null) {
          // last: a script that waits for this file finds the cluster ready and the lines above printed
          ClientSite.write(client, site.file());
        }
        while (!context.stop().requested()) {
          Thread.sleep(100);
        }
      }
      out.println("cluster: " + context.stop().signal() + ": stopping " + cluster.description());
      return ExitCodes.OK;
    } finally {
      if (site != null && !keepData) {
        site.remove();
      }
      try {
        if (cluster != null) {
          cluster.close();
        }
      } finally {
        log.close();
        if (keepData || cluster == null) {
          // the log stays (or the start failed): its warnings and errors are worth a look
          log.summary().forEach(out::println);
        }
        end(out, cluster, folder, site);
      }
    }
  }

  private void ready(PrintStream out, EmbeddedCluster cluster, double seconds, Path conf, DataFolder folder) {
    long pid = ProcessHandle.current().pid();
    out.printf("cluster: %s at %s, ready in %.1f s (pid %d)%n", cluster.description(), cluster.fileSystemUri(),
        seconds, pid);
    out.println("  data:   " + folder.dir() + (keepData ? " (kept when the cluster stops)"
        : " (removed when the cluster stops; --keep-data keeps it)"));
    out.println("  logs:   " + folder.log());
    out.println("  client: " + conf + " (give it to any command: -conf " + NextCommands.quote(conf.toString()) + ")");
    out.println("Try, from another terminal:");
    for (String line : NextCommands.lines(conf.toString(), cluster.rootPrefix())) {
      out.println("  " + line);
    }
    out.println("Stop it with Ctrl-C, or kill " + pid + " (SIGTERM).");
    out.flush();
  }

  /** The last lines: what became of the data and the client file. */
  private void end(PrintStream out, EmbeddedCluster cluster, DataFolder folder, ClientSite site) {
    if (keepData) {
      out.println("cluster: " + (cluster != null ? "stopped; " : "") + "data kept in " + folder.dir()
          + (site != null ? ", client file kept: " + site.file() : ""));
      return;
    }
    boolean removed = folder.remove();
    if (cluster != null) {
      // the servers' exit hooks may write into the folder once more (Ozone's OM saves its metrics file)
      cluster.atExit(folder::remove);
    }
    out.println("cluster: " + (cluster != null ? "stopped; " : "") + (removed ? "data removed: " + folder.dir()
        : "could not remove all of " + folder.dir()) + (site != null ? ", client file removed: " + site.file() : ""));
  }

  /** The command lines printed once the cluster is ready (and shown in the README). */
  static final class NextCommands {
    private NextCommands() {}

    static List<String> lines(String conf, String rootPrefix) {
      String c = " -conf " + quote(conf);
      String root = rootPrefix.isEmpty() ? "" : " --root " + rootPrefix + "/dfsio";
      String teragen = rootPrefix + "/teragen";
      return List.of(
          "harness dfsio -write -nrFiles 2 -fileSize 8MB" + root + c,
          "harness dfsio -read --verify -nrFiles 2 -fileSize 8MB" + root + c,
          "harness teragen 10000 " + teragen + c,
          "harness teravalidate " + teragen + " --checksum-only --expect-rows 10000" + c);
    }

    /** {@code s} as one shell word. */
    static String quote(String s) {
      return s.matches("[A-Za-z0-9_./:@%+=,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
  }
}
