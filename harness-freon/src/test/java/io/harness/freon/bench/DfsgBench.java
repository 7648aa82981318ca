package io.harness.freon.bench;

import io.harness.core.cli.Harness;
import io.harness.core.result.ResultWriter;
import io.harness.core.records.RecordsFile;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.fs.MiniDfsProvider;
import io.harness.testkit.Rounds;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ozone.freon.Freon;

/**
 * A benchmark, not a test: the seed's "HDFS vs Ozone with Freon HCFS write" table, shrunk to this machine.
 * One MiniDFSCluster and one MiniOzoneCluster in this JVM; on each, {@code harness freon dfsg} and Ozone's
 * own {@code freon dfsg} (the peer) with the same -n, -s and -t (1 and 10), after a short warm-up of both
 * on each cluster, one after the other, for some rounds (the one going first alternating from pair to
 * pair); prints each run, then the medians with the rounds' range: wall time, the harness's measured phase,
 * files/s, the harness/Freon ratio of the medians and the median (range) of each round's own ratio (the pair ran back
 * to back, so a slow minute of the machine hits both), and Ozone/HDFS ("within noise" where the rounds' spread exceeds the gap:
 * {@link Rounds}).
 *
 * <p>Arguments: files size rounds (default 500 1MB 2).
 */
public final class DfsgBench {
  private DfsgBench() {}

  public static void main(String[] args) throws Exception {
    String n = args.length > 0 ? args[0] : "500";
    String size = args.length > 1 ? args[1] : "1MB";
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    Path work = Files.createTempDirectory("harness-bench-");
    EmbeddedCluster hdfs = new MiniDfsProvider().start(new Configuration(), 3);
    EmbeddedCluster ozone = new MiniOzoneProvider().start(new Configuration(), 3);
    try {
      System.out.printf(Locale.ROOT, "dfsg bench: %s files x %s, MiniDFSCluster and MiniOzoneCluster with 3 datanodes "
          + "each, in one JVM, %d round(s) per pair, the order alternating%n", n, size, rounds);
      Rounds[][] ours = new Rounds[2][2];
      List<String> table = new ArrayList<>();
      List<String> cpu = new ArrayList<>();
      EmbeddedCluster[] clusters = {hdfs, ozone};
      String[] names = {"hdfs", "ozone"};
      int[] threads = {1, 10};
      int pair = 0;
      for (int c = 0; c < 2; c++) {
        Path site = work.resolve(names[c] + "-site.xml");
        try (var out = Files.newOutputStream(site)) {
          clusters[c].configuration().writeXml(out);
        }
        String base = clusters[c].fileSystemUri().toString().replaceAll("/$", "") + clusters[c].rootPrefix() + "/bench";
        // warm both up on this cluster (JIT, client pools, pipelines)
        harness(site, work, base, "warmup-harness", "20", size, 2);
        freon(site, base, "warmup-freon", "20", size, 2);
        for (int t = 0; t < 2; t++) {
          List<Double> h = new ArrayList<>();
          List<Double> phase = new ArrayList<>();
          List<Double> f = new ArrayList<>();
          List<Double> hCpu = new ArrayList<>();
          List<Double> fCpu = new ArrayList<>();
          List<Double> paired = new ArrayList<>();
          for (int r = 0; r < rounds; r++, pair++) {
            String tag = "t" + threads[t] + "-r" + r;
            double[] one = null;
            for (int side = 0; side < 2; side++) {
              double cpu0 = processCpuSeconds();
              if ((side + pair) % 2 == 0) {
                one = harness(site, work, base, "harness-" + tag, n, size, threads[t]);
                hCpu.add(processCpuSeconds() - cpu0);
              } else {
                f.add(freon(site, base, "freon-" + tag, n, size, threads[t]));
                fCpu.add(processCpuSeconds() - cpu0);
              }
            }
            h.add(one[0]);
            phase.add(one[1]);
            paired.add(one[0] / f.get(r));
            System.out.printf(Locale.ROOT, "%s -t %d round %d (%s first): harness %.2f s (writing %.2f s, cpu %.2f s, "
                + "%.0f files of %s took 0.4 s or more), Freon %.2f s (cpu %.2f s)%n", names[c], threads[t], r + 1,
                pair % 2 == 0 ? "harness" : "Freon", one[0], one[1], hCpu.get(r), one[2], n, f.get(r), fCpu.get(r));
          }
          Rounds hr = Rounds.of(h);
          Rounds fr = Rounds.of(f);
          ours[c][t] = hr;
          double files = Double.parseDouble(n);
          table.add(String.format(Locale.ROOT, "%-6s %7d %22s %10.2f %10.1f %22s %10.1f   %s", names[c], threads[t],
              hr.format("%.2f"), Rounds.of(phase).median(), files / hr.median(), fr.format("%.2f"),
              files / fr.median(), hr.ratioTo(fr, "harness/Freon", "%.2f s")
              + "; paired by round " + Rounds.of(paired).format("%.2f")));
          cpu.add(String.format(Locale.ROOT, "%-6s %7d %22s %22s   %s", names[c], threads[t],
              Rounds.of(hCpu).format("%.2f"), Rounds.of(fCpu).format("%.2f"),
              Rounds.of(hCpu).ratioTo(Rounds.of(fCpu), "harness/Freon", "%.2f s")));
        }
      }
      System.out.printf(Locale.ROOT, "%nmedians (min - max) of %d round(s)%n%-6s %7s %22s %10s %10s %22s %10s   %s%n",
          rounds, "fs", "threads", "harness s", "writing s", "files/s", "Freon s", "files/s", "harness/Freon");
      table.forEach(System.out::println);
      System.out.printf(Locale.ROOT, "%nthis JVM's CPU seconds during each command (the clusters' included), medians (min - max)"
          + "%n%-6s %7s %22s %22s   %s%n", "fs", "threads", "harness cpu s", "Freon cpu s", "harness/Freon");
      cpu.forEach(System.out::println);
      for (int t = 0; t < 2; t++) {
        System.out.printf(Locale.ROOT, "with -t %d (harness): %s%n", threads[t],
            ours[1][t].ratioTo(ours[0][t], "ozone/hdfs time", "%.2f s"));
      }
      System.out.println("note: wall time of each whole command in this JVM (the harness's includes its set-up and "
          + "JSON, 'writing' is its measured phase; Freon's includes its metrics reporter); both write the same bytes "
          + "per file through the same FileSystem client.");
    } finally {
      ozone.close();
      hdfs.close();
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }


  /** User + system CPU seconds of this whole JVM so far (the embedded clusters' threads too). */
  private static double processCpuSeconds() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
  }

  /** Runs harness freon dfsg; returns its wall time and its measured phase (the JSON's figures.seconds). */
  private static double[] harness(Path site, Path work, String base, String prefix, String n, String size,
      int threads) throws java.io.IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    PrintStream quiet = new PrintStream(sink, true, StandardCharsets.UTF_8);
    Path json = work.resolve(prefix + ".json");
    long t0 = System.nanoTime();
    int rc = Harness.run(Map.of(), quiet, quiet, "freon", "dfsg", "-n", n, "-s", size, "-t", String.valueOf(threads),
        "--path", base, "-p", prefix, "-conf", site.toString(), "--run-dir", work.resolve("runs").toString(),
        "--json", json.toString());
    double s = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException("harness exited " + rc + ": " + sink.toString(StandardCharsets.UTF_8));
    }
    double phase = ((Number) ResultWriter.read(json).figures().get("seconds")).doubleValue();
    return new double[] {s, phase, slowFiles(work.resolve("runs"))};
  }

  /**
   * How many files of the newest run under {@code runs} took 0.4 s or more: on HDFS, a file whose close asked the
   * NameNode to complete it before a datanode had reported the block waits the client's completeFile retry
   * (dfs.client.block.write.locateFollowingBlock.initial.delay.ms, 400 ms), the same wait for any client.
   */
  private static double slowFiles(Path runs) throws java.io.IOException {
    Path newest;
    try (var list = Files.list(runs)) {
      newest = list.filter(Files::isDirectory).max(java.util.Comparator.comparing(Path::toString)).orElseThrow();
    }
    long slow = 0;
    for (var interval : RecordsFile.read(newest).intervals()) {
      if (!interval.kind().equals("file")) {
        continue;
      }
      var h = interval.histogram();
      slow += h.getCountBetweenValues(400_000_000L, h.getMaxValue());
    }
    return slow;
  }

  private static double freon(Path site, String base, String prefix, String n, String size, int threads) {
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    long t0 = System.nanoTime();
    int rc;
    try {
      System.setOut(quiet);
      System.setErr(quiet);
      rc = new Freon().execute(new String[] {"-conf", site.toString(), "dfsg", "-n", n, "-s", size, "-t",
          String.valueOf(threads), "--path", base, "-p", prefix});
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    double s = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException("Freon dfsg exited " + rc);
    }
    return s;
  }
}
