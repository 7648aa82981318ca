package io.harness.teragen.bench;

import io.harness.testkit.Rounds;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.ToolRunner;

/**
 * A benchmark, not a test: on one MiniDFSCluster, in one run, Hadoop's TeraGen against
 * {@code harness teragen} with the same rows, maps and target. Hadoop's TeraGen on the local job runner
 * always runs one map, so the like-for-like pair is one map each: TeraGen (local runner) against the
 * harness's MapReduce engine on the same runner and against its local engine. The harness's local engine
 * with more maps (threads) is printed beside them. Rounds alternate the order; the medians with the rounds' range
 * and the ratios last ("within noise" where the rounds' spread exceeds the gap: {@link Rounds}).
 *
 * <p>Arguments: rows maps rounds (default 2000000 2 3).
 */
public final class TeragenBench {
  private TeragenBench() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000L;
    int maps = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    Path work = Files.createTempDirectory("harness-bench-");
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(new Configuration(), work.resolve("dfs").toFile())
        .numDataNodes(3).build();
    try {
      cluster.waitActive();
      Configuration c = new Configuration(cluster.getConfiguration(0));
      c.set("fs.defaultFS", cluster.getURI().toString());
      c.set("mapreduce.framework.name", "local");
      c.set("hadoop.tmp.dir", work.resolve("tmp").toString());
      Path site = work.resolve("cluster-site.xml");
      try (var out = Files.newOutputStream(site)) {
        c.writeXml(out);
      }
      FileSystem fs = FileSystem.newInstance(c);
      System.out.printf(Locale.ROOT, "teragen bench on MiniDFSCluster (3 datanodes): %d rows (%.1f MB), %d rounds%n",
          rows, rows * 100 / 1048576.0, rounds);
      double[] peer = new double[rounds];
      double[] mr1 = new double[rounds];
      double[] local1 = new double[rounds];
      double[] localN = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        boolean peerFirst = r % 2 == 0;
        if (peerFirst) {
          peer[r] = teraGen(c, fs, rows);
        }
        mr1[r] = harness(fs, site, work, rows, 1, "mapreduce");
        local1[r] = harness(fs, site, work, rows, 1, "local");
        localN[r] = harness(fs, site, work, rows, maps, "local");
        if (!peerFirst) {
          peer[r] = teraGen(c, fs, rows);
        }
        System.out.printf(Locale.ROOT, "round %d: TeraGen %.2f s  harness mapreduce (1 map) %.2f s  harness local "
            + "(1 map) %.2f s  harness local (%d maps) %.2f s%n", r + 1, peer[r], mr1[r], local1[r], maps, localN[r]);
      }
      Rounds p = Rounds.of(peer);
      double mb = rows * 100 / 1048576.0;
      System.out.println("medians (min - max) of the rounds");
      System.out.printf(Locale.ROOT, "%-42s %s  %7.1f MB/s%n", "TeraGen (local MapReduce runner, 1 map)",
          p.format("%.2f s"), mb / p.median());
      line("harness teragen --engine mapreduce -m 1", Rounds.of(mr1), p, mb, "same runner, like for like");
      line("harness teragen --engine local -m 1", Rounds.of(local1), p, mb, "one thread");
      line("harness teragen --engine local -m " + maps, Rounds.of(localN), p, mb, maps + " threads");
      System.out.println("note: wall time of the whole command or Tool.run (job set-up included); TeraGen hsyncs "
          + "each file before close by default, and so does the harness.");
      fs.close();
    } finally {
      cluster.shutdown(true);
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }

  private static void line(String what, Rounds s, Rounds peer, double mb, String note) {
    System.out.printf(Locale.ROOT, "%-42s %s  %7.1f MB/s   %s (%s)%n", what, s.format("%.2f s"), mb / s.median(),
        s.ratioTo(peer, "harness/TeraGen time", "%.2f s"), note);
  }

  private static double teraGen(Configuration c, FileSystem fs, long rows) throws Exception {
    fs.delete(new org.apache.hadoop.fs.Path("/bench/peer"), true);
    long t0 = System.nanoTime();
    int rc = ToolRunner.run(new Configuration(c), new TeraGen(), new String[] {String.valueOf(rows), "/bench/peer"});
    double s = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException("TeraGen exited " + rc);
    }
    return s;
  }

  private static double harness(FileSystem fs, Path site, Path work, long rows, int maps, String engine)
      throws Exception {
    String out = "/bench/harness-" + engine + "-" + maps;
    fs.delete(new org.apache.hadoop.fs.Path(out), true);
    long t0 = System.nanoTime();
    Run run = Cli.run("teragen", String.valueOf(rows), out, "-m", String.valueOf(maps),
        "--engine", engine, "-conf", site.toString(), "-D", "hadoop.tmp.dir=" + work.resolve("tmp-" + engine),
        "--run-dir", work.resolve("runs").toString());
    double s = (System.nanoTime() - t0) / 1e9;
    if (run.code() != 0) {
      throw new IllegalStateException("harness exited " + run.code() + ": " + run.all());
    }
    return s;
  }
}
