package io.harness.containers.bench;

import io.harness.containers.ClusterImage;
import io.harness.containers.HdfsContainers;
import io.harness.containers.YarnContainers;
import io.harness.testkit.Rounds;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.TestDFSIO;

/**
 * A benchmark, not a test: Hadoop's TestDFSIO against {@code harness dfsio -write --engine mapreduce}, both as
 * YARN jobs on the same multi-process cluster (HDFS: a namenode and 3 datanodes; YARN: a ResourceManager, a
 * JobHistoryServer and 3 NodeManagers; every service in a container of its own), each submitted from a client
 * JVM of its own with the cluster's client configuration directory and Hadoop's client class path: the harness as
 * {@code hadoop jar harness.jar dfsio ...}, TestDFSIO as {@code hadoop org.apache.hadoop.fs.TestDFSIO ...} with its
 * test jar. Rounds alternate the order; every round is printed, then the medians with the rounds' range and their
 * ratio ("within noise" where the rounds' spread exceeds the gap: {@link Rounds}).
 *
 * <p>Arguments: JOB_JAR CLIENT_CLASSPATH_FILE [nrFiles fileSizeMB rounds] (default 6 16 1).
 */
public final class DfsioYarnBench {
  private static final Pattern EXEC = Pattern.compile("Test exec time sec: ([0-9.]+)");

  private DfsioYarnBench() {}

  public static void main(String[] args) throws Exception {
    Path jobJar = Path.of(args[0]).toAbsolutePath();
    List<String> clientJars = List.of(Files.readString(Path.of(args[1])).trim().split(File.pathSeparator));
    int files = args.length > 2 ? Integer.parseInt(args[2]) : 6;
    int sizeMb = args.length > 3 ? Integer.parseInt(args[3]) : 16;
    int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 1;
    Path work = Files.createTempDirectory("harness-bench-yarn-");
    int code = 1;
    try (HdfsContainers hdfs = HdfsContainers.start(work.resolve("hdfs"), 3, ClusterImage.project(), Map.of(),
            Duration.ofMinutes(5));
        YarnContainers yarn = YarnContainers.start(work.resolve("yarn"), hdfs, 3, ClusterImage.project(), Map.of(),
            Duration.ofMinutes(5))) {
      System.out.printf(Locale.ROOT, "dfsio bench on YARN in containers (3 NodeManagers, HDFS of 3 datanodes; started "
          + "in %.1f s + %.1f s): %d files x %d MB, %d round(s)%n", hdfs.startSeconds(), yarn.startSeconds(), files,
          sizeMb, rounds);
      Client client = new Client(yarn.clientConfDir(), clientJars, work);
      String peerJar = Path.of(TestDFSIO.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
      double[][] peer = new double[2][rounds];
      double[][] ours = new double[2][rounds];
      for (int r = 0; r < rounds; r++) {
        for (int side = 0; side < 2; side++) {
          boolean peerTurn = (side == 0) == (r % 2 == 0);
          double[] t = peerTurn
              ? client.run(List.of(peerJar), List.of(TestDFSIO.class.getName(), "-Dtest.build.data=/bench/peer",
                  "-write", "-nrFiles", "" + files, "-fileSize", sizeMb + "MB", "-bufferSize", "1000000", "-resFile",
                  work.resolve("peer.log").toString()))
              : client.run(List.of(), List.of("org.apache.hadoop.util.RunJar", jobJar.toString(), "dfsio", "-write",
                  "--engine", "mapreduce", "-nrFiles", "" + files, "-fileSize", sizeMb + "MB", "-bufferSize", "1000000",
                  "--root", "/bench/harness", "-resFile", work.resolve("harness.log").toString(),
                  "--run-dir", work.resolve("runs").toString()));
          double[][] into = peerTurn ? peer : ours;
          into[0][r] = t[0];
          into[1][r] = t[1];
        }
        System.out.printf(Locale.ROOT, "round %d: TestDFSIO %.2f s (its exec time %.2f s)  harness mapreduce %.2f s"
            + " (its exec time %.2f s)%n", r + 1, peer[0][r], peer[1][r], ours[0][r], ours[1][r]);
      }
      Rounds p = Rounds.of(peer[0]);
      Rounds h = Rounds.of(ours[0]);
      Rounds pe = Rounds.of(peer[1]);
      Rounds he = Rounds.of(ours[1]);
      System.out.println("medians (min - max) of the rounds");
      System.out.printf(Locale.ROOT, "TestDFSIO -write (YARN)                   %s  exec time %s%n",
          p.format("%.2f s"), pe.format("%.2f s"));
      System.out.printf(Locale.ROOT, "harness dfsio -write --engine mapreduce   %s  exec time %s%n",
          h.format("%.2f s"), he.format("%.2f s"));
      System.out.printf(Locale.ROOT, "%s (client process, submission to exit), %s (each one's 'Test exec time sec')%n",
          h.ratioTo(p, "harness/TestDFSIO", "%.2f s"), he.ratioTo(pe, "harness/TestDFSIO", "%.2f s"));
      code = 0;
    } finally {
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(code);
    }
  }

  /** A Hadoop client JVM: the cluster's configuration directory and Hadoop's client jars on its class path. */
  private record Client(Path confDir, List<String> jars, Path work) {
    /** Runs {@code mainAndArgs} with {@code moreJars}; returns its wall seconds and the exec time it printed. */
    double[] run(List<String> moreJars, List<String> mainAndArgs) throws Exception {
      List<String> cp = new ArrayList<>(List.of(confDir.toString()));
      cp.addAll(moreJars);
      cp.addAll(jars);
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx512m", "-cp", String.join(File.pathSeparator, cp)));
      cmd.addAll(mainAndArgs);
      Path log = Files.createTempFile(work, "client-", ".log");
      long t0 = System.nanoTime();
      int code = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
      double seconds = (System.nanoTime() - t0) / 1e9;
      String out = Files.readString(log, StandardCharsets.UTF_8);
      if (code != 0) {
        throw new IllegalStateException(mainAndArgs.get(0) + " exited " + code + ":\n" + out);
      }
      Matcher m = EXEC.matcher(out);
      return new double[] {seconds, m.find() ? Double.parseDouble(m.group(1)) : Double.NaN};
    }
  }
}
