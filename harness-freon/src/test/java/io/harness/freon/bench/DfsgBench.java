package io.harness.freon.bench;

import io.harness.core.cli.Harness;
import io.harness.core.target.EmbeddedCluster;
import io.harness.core.target.MiniDfsProvider;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ozone.freon.Freon;

/**
 * A benchmark, not a test: the seed's "HDFS vs Ozone with Freon HCFS write" table, shrunk to this machine.
 * One MiniDFSCluster and one MiniOzoneCluster in this JVM; on each, {@code harness freon dfsg} and Ozone's
 * own {@code freon dfsg} (the peer) with the same -n, -s and -t (1 and 10), after a short warm-up of both
 * on each cluster, one after the other (alternating which goes first); prints
 * each one's wall time and files/s, the harness/Freon ratio, and Ozone/HDFS.
 *
 * <p>Arguments: files size (default 500 1MB).
 */
public final class DfsgBench {
  private DfsgBench() {}

  public static void main(String[] args) throws Exception {
    String n = args.length > 0 ? args[0] : "500";
    String size = args.length > 1 ? args[1] : "1MB";
    Path work = Files.createTempDirectory("harness-bench-");
    EmbeddedCluster hdfs = new MiniDfsProvider().start(new Configuration(), 3);
    EmbeddedCluster ozone = new MiniOzoneProvider().start(new Configuration(), 3);
    try {
      System.out.printf(Locale.ROOT, "dfsg bench: %s files x %s, MiniDFSCluster and MiniOzoneCluster with 3 datanodes "
          + "each, in one JVM%n", n, size);
      System.out.printf(Locale.ROOT, "%-6s %7s %12s %10s %12s %10s %15s%n", "fs", "threads", "harness s", "files/s",
          "Freon s", "files/s", "harness/Freon");
      double[][] harnessSecs = new double[2][2];
      EmbeddedCluster[] clusters = {hdfs, ozone};
      String[] names = {"hdfs", "ozone"};
      int[] threads = {1, 10};
      for (int c = 0; c < 2; c++) {
        Path site = work.resolve(names[c] + "-site.xml");
        try (var out = Files.newOutputStream(site)) {
          clusters[c].configuration().writeXml(out);
        }
        String base = clusters[c].fileSystemUri().toString().replaceAll("/$", "") + clusters[c].rootPrefix() + "/bench";
        // warm both up on this cluster (JIT, client pools, pipelines), then alternate who goes first
        harness(site, work, base, "warmup-harness", "20", size, 2);
        freon(site, base, "warmup-freon", "20", size, 2);
        for (int t = 0; t < 2; t++) {
          String tag = "t" + threads[t];
          double h;
          double f;
          if (t % 2 == 0) {
            h = harness(site, work, base, "harness-" + tag, n, size, threads[t]);
            f = freon(site, base, "freon-" + tag, n, size, threads[t]);
          } else {
            f = freon(site, base, "freon-" + tag, n, size, threads[t]);
            h = harness(site, work, base, "harness-" + tag, n, size, threads[t]);
          }
          harnessSecs[c][t] = h;
          double files = Double.parseDouble(n);
          System.out.printf(Locale.ROOT, "%-6s %7d %12.2f %10.1f %12.2f %10.1f %15.2f%n", names[c], threads[t], h,
              files / h, f, files / f, h / f);
        }
      }
      for (int t = 0; t < 2; t++) {
        System.out.printf(Locale.ROOT, "ozone/hdfs time with -t %d (harness): %.2f%n", threads[t],
            harnessSecs[1][t] / harnessSecs[0][t]);
      }
      System.out.println("note: wall time of each whole command (the harness's includes its JSON; Freon's its "
          + "metrics reporter); both write the same bytes per file through the same FileSystem client.");
    } finally {
      ozone.close();
      hdfs.close();
      io.harness.core.util.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }

  private static double harness(Path site, Path work, String base, String prefix, String n, String size, int threads) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    PrintStream quiet = new PrintStream(sink, true, StandardCharsets.UTF_8);
    long t0 = System.nanoTime();
    int rc = Harness.run(Map.of(), quiet, quiet, "freon", "dfsg", "-n", n, "-s", size, "-t", String.valueOf(threads),
        "--path", base, "-p", prefix, "-conf", site.toString(), "--run-dir", work.resolve("runs").toString());
    double s = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException("harness exited " + rc + ": " + sink.toString(StandardCharsets.UTF_8));
    }
    return s;
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
