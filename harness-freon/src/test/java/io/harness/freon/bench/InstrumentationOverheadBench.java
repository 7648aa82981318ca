package io.harness.freon.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.testkit.Rounds;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A benchmark, not a test: the same {@code dfsio -write}, run by the shipped {@code bin/harness} as separate
 * processes, plain and with {@code --instrument} (the timing agent), on each target: the local file system, an
 * HDFS MiniDFSCluster (1 datanode) and a MiniOzoneCluster (3 datanodes), both clusters started once in this JVM.
 * Each round runs every target's variants back to back, the order of the variants alternating from round to
 * round. Prints each run's aggregate throughput (from its JSON), and per target the medians and the throughput
 * ratio of each variant to the plain run; "within noise" when the gap between the medians is smaller than the
 * spread (max - min) of the rounds of either side ({@link Rounds}). Also each run's CPU time (the client process's, start to exit)
 * and its ratio to the plain run's: on a machine other work shares, steadier than the throughput.
 *
 * <p>Arguments: launcher [nrFiles] [fileSize] [rounds] [targets] [variants] (default: - 4 64MB 3 local,hdfs,ozone
 * instrument; the launcher is bin/harness; variants: instrument, profile (--profile cpu), metrics (--metrics-port,
 * scraped every second by a thread of the bench as Prometheus would), comma-separated).
 */
public final class InstrumentationOverheadBench {
  private InstrumentationOverheadBench() {}

  /** A target: where the runs write and the client configuration they get. */
  private record Target(String name, String description, String root, Path site) {}

  public static void main(String[] args) throws Exception {
    String launcher = args[0];
    String files = args.length > 1 ? args[1] : "4";
    String size = args.length > 2 ? args[2] : "64MB";
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    List<String> targetNames = List.of((args.length > 4 ? args[4] : "local,hdfs,ozone").split(","));
    List<String[]> variants = new ArrayList<>();
    variants.add(new String[] {"plain"});
    for (String v : (args.length > 5 ? args[5] : "instrument").split(",")) {
      switch (v) {
        case "instrument" -> variants.add(new String[] {"--instrument", "--instrument"});
        case "profile" -> variants.add(new String[] {"--profile cpu", "--profile", "cpu"});
        case "metrics" -> variants.add(new String[] {"--metrics-port (scraped every 1 s)", "--metrics-port", PORT});
        default -> throw new IllegalArgumentException("variants: instrument, profile, metrics; not " + v);
      }
    }
    Path work = Files.createTempDirectory("harness-bench-");
    List<AutoCloseable> clusters = new ArrayList<>();
    try {
      List<Target> targets = new ArrayList<>();
      for (String t : targetNames) {
        switch (t) {
          case "local" -> targets.add(new Target("local", "local file system",
              work.resolve("local").toUri().toString().replaceAll("/$", "") + "/bench/overhead", null));
          case "hdfs" -> {
            Configuration conf = new Configuration();
            MiniDFSCluster hdfs = new MiniDFSCluster.Builder(conf, work.resolve("dfs").toFile()).numDataNodes(1)
                .build();
            clusters.add(hdfs::shutdown);
            hdfs.waitActive();
            Configuration c = new Configuration(hdfs.getConfiguration(0));
            c.set("fs.defaultFS", hdfs.getURI().toString());
            targets.add(new Target("hdfs", "MiniDFSCluster, 1 datanode", hdfs.getURI() + "/bench/overhead",
                site(work, "hdfs-site-client.xml", c)));
          }
          case "ozone" -> {
            EmbeddedCluster ozone = new MiniOzoneProvider().start(new Configuration(), 3);
            clusters.add(ozone);
            targets.add(new Target("ozone", "MiniOzoneCluster, 3 datanodes", ozone.rootPrefix() + "/bench/overhead",
                site(work, "ozone-site-client.xml", ozone.configuration())));
          }
          default -> throw new IllegalArgumentException("targets: local, hdfs, ozone; not " + t);
        }
      }
      System.out.printf(Locale.ROOT, "instrumentation overhead: dfsio -write %s x %s, %d rounds, each run its own"
          + " bin/harness process; variants alternate their order from round to round%n", files, size, rounds);
      Map<String, double[][]> mbs = new LinkedHashMap<>();
      Map<String, double[][]> cpus = new LinkedHashMap<>();
      for (Target t : targets) {
        mbs.put(t.name(), new double[variants.size()][rounds]);
        cpus.put(t.name(), new double[variants.size()][rounds]);
      }
      for (int r = 0; r < rounds; r++) {
        for (Target t : targets) {
          StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "round %d %-6s:", r + 1, t.name()));
          for (int k = 0; k < variants.size(); k++) {
            int v = (k + r) % variants.size();
            String[] variant = variants.get(v);
            double cpu0 = childrenCpuSeconds();
            double m = run(launcher, work, t, files, size, Arrays.copyOfRange(variant, 1, variant.length));
            double cpu = childrenCpuSeconds() - cpu0;
            mbs.get(t.name())[v][r] = m;
            cpus.get(t.name())[v][r] = cpu;
            line.append(String.format(Locale.ROOT, "  %s %.1f MB/s (cpu %.2f s)", variant[0], m, cpu));
          }
          System.out.println(line);
        }
      }
      for (Target t : targets) {
        double[][] m = mbs.get(t.name());
        double[][] c = cpus.get(t.name());
        Rounds plain = Rounds.of(m[0]);
        Rounds plainCpu = Rounds.of(c[0]);
        System.out.printf(Locale.ROOT, "%s (%s):%n  %-14s %s  rounds %s%n", t.name(), t.description(),
            "plain", plain.format("%.1f MB/s"), rounds(m[0]));
        System.out.printf(Locale.ROOT, "  %-14s %s CPU  rounds %s%n", "plain", plainCpu.format("%.2f s"), rounds(c[0]));
        for (int v = 1; v < variants.size(); v++) {
          Rounds med = Rounds.of(m[v]);
          System.out.printf(Locale.ROOT, "  %-14s %s  rounds %s  %s%s%n", variants.get(v)[0], med.format("%.1f MB/s"),
              rounds(m[v]), med.ratioTo(plain, "ratio to plain", "%.1f MB/s"), med.beyondNoise(plain)
                  ? String.format(Locale.ROOT, " (loss %.1f%%)", 100 * (1 - med.median() / plain.median())) : "");
          Rounds cpu = Rounds.of(c[v]);
          System.out.printf(Locale.ROOT, "  %-14s %s CPU  rounds %s  %s (%+.2f s)%n", variants.get(v)[0],
              cpu.format("%.2f s"), rounds(c[v]), cpu.ratioTo(plainCpu, "CPU ratio to plain", "%.2f s"),
              cpu.median() - plainCpu.median());
        }
      }
      System.out.println("note: aggregate throughput of each run (bytes / first task start to last task end), from"
          + " its result.json; spread: max - min of a side's rounds; goal: a loss below 5% on HDFS and Ozone, below"
          + " 10% on the local file system. CPU: the bin/harness process's user + system time, JVM start to exit"
          + " (the agent's start included; the clusters run in the bench's JVM, not counted), from this JVM's"
          + " cutime/cstime: steadier than throughput on a machine that other work shares.");
    } finally {
      for (int i = clusters.size() - 1; i >= 0; i--) {
        try {
          clusters.get(i).close();
        } catch (Exception e) {
          System.err.println("bench: stopping a cluster: " + e);
        }
      }
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }

  /** Where a variant's free port goes on its command line. */
  private static final String PORT = "<port>";

  /** A scraper of the run's {@code /metrics} every second, as Prometheus would, until the process ends. */
  private static Thread scraper(int port, Process p) {
    Thread t = new Thread(() -> {
      java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
      java.net.http.HttpRequest get = java.net.http.HttpRequest.newBuilder(
          java.net.URI.create("http://127.0.0.1:" + port + "/metrics")).build();
      while (p.isAlive()) {
        try {
          http.send(get, java.net.http.HttpResponse.BodyHandlers.discarding());
        } catch (java.io.IOException e) {
          // not listening yet, or no more
        } catch (InterruptedException e) {
          return;
        }
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "bench-scraper");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** User + system CPU seconds of this JVM's finished (waited-for) child processes: /proc/self/stat cutime, cstime. */
  private static double childrenCpuSeconds() throws Exception {
    String stat = Files.readString(Path.of("/proc/self/stat"));
    // the fields after the command's closing parenthesis: state is field 3, cutime 16, cstime 17
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / (double) CLOCK_TICKS;
  }

  /** USER_HZ: 100 on Linux (x86-64 and arm64). */
  private static final long CLOCK_TICKS = 100;

  private static Path site(Path work, String name, Configuration conf) throws Exception {
    Path site = work.resolve(name);
    try (var out = Files.newOutputStream(site)) {
      conf.writeXml(out);
    }
    return site;
  }

  private static String rounds(double[] v) {
    StringBuilder b = new StringBuilder();
    for (double x : v) {
      b.append(b.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f", x));
    }
    return b.toString();
  }

  private static double run(String launcher, Path work, Target t, String files, String size, String[] extra)
      throws Exception {
    List<String> cmd = new ArrayList<>(List.of(launcher, "dfsio", "-write", "-nrFiles", files, "-fileSize", size,
        "--root", t.root(), "--run-dir", work.resolve("runs").toString(), "--no-report",
        "-resFile", work.resolve("res.log").toString(), "--json", work.resolve("last.json").toString()));
    if (t.site() != null) {
      cmd.addAll(List.of("-conf", t.site().toString()));
    }
    int port = -1;
    for (String e : extra) {
      if (e.equals(PORT)) {
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
          port = free.getLocalPort();
        }
        cmd.add(String.valueOf(port));
      } else {
        cmd.add(e);
      }
    }
    File log = work.resolve("run.log").toFile();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
    Thread scraper = port < 0 ? null : scraper(port, p);
    if (!p.waitFor(900, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + Files.readString(log.toPath()));
    }
    if (scraper != null) {
      scraper.join();
    }
    JsonNode j = ResultWriter.mapper().readTree(work.resolve("last.json").toFile());
    return j.get("aggregate").get("mbPerSec").asDouble();
  }
}
