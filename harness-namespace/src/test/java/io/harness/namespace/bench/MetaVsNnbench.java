package io.harness.namespace.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Rounds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.NNBench;
import org.apache.hadoop.util.ToolRunner;

/**
 * A benchmark, not a test: on one MiniDFSCluster, in one run, Hadoop's NNBench ({@code create_write},
 * {@code open_read} with {@code -readFileAfterOpen}, {@code rename}, {@code delete}; M maps of F files each, the
 * local job runner running the M maps at once, as a cluster would) against {@code harness namespace --phases
 * create,read,rename,delete -n M*F -t M --shared} (NNBench's maps share one data directory too). Rounds alternate
 * which goes first; each round and then the medians are printed, in files per second, with their ratio.
 *
 * <p>What each side times: NNBench's TPS is its successful operations over the time from the first map's start to
 * the last map's end (its maps wait for a common start time first), and counts a create_write as two operations
 * (create and close): this prints it halved, files per second. The harness's ops/s is a phase's calls over the time
 * from its barrier's release to the last thread's end. Neither counts the job's or the run's set-up.
 *
 * <p>Arguments: maps filesPerMap rounds (default 4 250 3).
 */
public final class MetaVsNnbench {
  private static final List<String> NNBENCH = List.of("create_write", "open_read", "rename", "delete");
  private static final List<String> HARNESS = List.of("create", "read", "rename", "delete");
  private static final Pattern TPS = Pattern.compile("TPS: [A-Za-z/]+: (\\d+)");

  private MetaVsNnbench() {}

  public static void main(String[] args) throws Exception {
    int maps = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    int files = args.length > 1 ? Integer.parseInt(args[1]) : 250;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    Path work = Files.createTempDirectory("harness-bench-");
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(new Configuration(), work.resolve("dfs").toFile())
        .numDataNodes(1).build();
    try {
      cluster.waitActive();
      Configuration c = new Configuration(cluster.getConfiguration(0));
      c.set("fs.defaultFS", cluster.getURI().toString());
      c.set("mapreduce.framework.name", "local");
      c.setInt("mapreduce.local.map.tasks.maximum", maps);
      c.set("hadoop.tmp.dir", work.resolve("tmp").toString());
      System.out.printf(Locale.ROOT, "namespace bench on MiniDFSCluster (1 datanode): %d maps / threads x %d files, "
          + "empty files, one shared directory, %d rounds%n", maps, files, rounds);
      Map<String, double[]> peer = new LinkedHashMap<>();
      Map<String, double[]> harness = new LinkedHashMap<>();
      for (String op : HARNESS) {
        peer.put(op, new double[rounds]);
        harness.put(op, new double[rounds]);
      }
      for (int r = 0; r < rounds; r++) {
        boolean peerFirst = r % 2 == 0;
        if (peerFirst) {
          nnbench(c, maps, files, peer, r);
        }
        harness(c, maps, files, work, harness, r);
        if (!peerFirst) {
          nnbench(c, maps, files, peer, r);
        }
        StringBuilder line = new StringBuilder("round " + (r + 1) + ":");
        for (String op : HARNESS) {
          line.append(String.format(Locale.ROOT, "  %s NNBench %.0f harness %.0f", op, peer.get(op)[r],
              harness.get(op)[r]));
        }
        System.out.println(line + "  (files/s)");
      }
      for (int i = 0; i < HARNESS.size(); i++) {
        String op = HARNESS.get(i);
        Rounds p = Rounds.of(peer.get(op));
        Rounds h = Rounds.of(harness.get(op));
        System.out.printf(Locale.ROOT, "%-6s NNBench %-12s %s   harness %-6s %s   %s%n", op, NNBENCH.get(i),
            p.format("%.1f files/s"), op, h.format("%.1f files/s"), h.ratioTo(p, "harness/NNBench", "%.1f files/s"));
      }
      System.out.println("note: NNBench's create_write TPS counts create and close as two operations; shown here "
          + "halved. Both run the maps / threads at once on the local job runner / in one JVM.");
    } finally {
      cluster.shutdown(true);
      Files.deleteIfExists(Path.of("NNBench_results.log"));
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }

  /** NNBench's four operations in order, each its own job; its TPS per operation (files per second). */
  private static void nnbench(Configuration c, int maps, int files, Map<String, double[]> out, int round)
      throws Exception {
    for (int i = 0; i < NNBENCH.size(); i++) {
      String op = NNBENCH.get(i);
      if (op.equals("delete")) {
        // NNBench's delete takes the names create_write made, which its rename moved: make them again (not counted)
        run(c, maps, files, "create_write");
      }
      double tps = run(c, maps, files, op);
      out.get(HARNESS.get(i))[round] = op.equals("create_write") ? tps / 2 : tps;
    }
  }

  /** One NNBench job of {@code op}; its TPS. */
  private static double run(Configuration c, int maps, int files, String op) throws Exception {
    Path results = Path.of("NNBench_results.log");
    Files.deleteIfExists(results);
    long start = System.currentTimeMillis() / 1000 + 3;
    int rc = ToolRunner.run(new Configuration(c), new NNBench(), new String[] {"-operation", op, "-maps",
        String.valueOf(maps), "-numberOfFiles", String.valueOf(files), "-baseDir", "/bench/nnbench",
        "-readFileAfterOpen", "true", "-blockSize", "1048576", "-bytesPerChecksum", "512",
        "-replicationFactorPerFile", "1", "-startTime", String.valueOf(start)});
    if (rc != 0) {
      throw new IllegalStateException("NNBench " + op + " exited " + rc);
    }
    Matcher m = TPS.matcher(Files.readString(results));
    if (!m.find()) {
      throw new IllegalStateException("no TPS line in NNBench's results for " + op);
    }
    return Double.parseDouble(m.group(1));
  }

  /** One namespace run of the four phases; each phase's ops/s. */
  private static void harness(Configuration c, int maps, int files, Path work, Map<String, double[]> out, int round)
      throws Exception {
    Path site = BenchNamespace.site(c, work.resolve("cluster-site.xml"));
    JsonNode result = BenchNamespace.run(work, List.of("-conf", site.toString(), "--phases",
        "create,read,rename,delete", "-n", String.valueOf((long) maps * files), "-t", String.valueOf(maps),
        "--shared", "--path", "/bench/harness"));
    for (String op : HARNESS) {
      out.get(op)[round] = BenchNamespace.opsPerSec(result, op);
    }
  }
}
