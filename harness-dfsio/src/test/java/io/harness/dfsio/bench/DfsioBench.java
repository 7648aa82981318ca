package io.harness.dfsio.bench;

import io.harness.core.engine.LocalEngine;
import io.harness.testkit.Rounds;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.ToolRunner;

/**
 * A benchmark, not a test: on one MiniDFSCluster, in one run, Hadoop's TestDFSIO against
 * {@code harness dfsio -write --engine mapreduce}, both on the local MapReduce runner with the same
 * files, sizes and buffers (like for like); the harness's local engine too; and that engine against a
 * bare FileSystem write loop with the same threads and buffers (the harness's overhead). Rounds
 * alternate the order; every round is printed, then the medians with the rounds' range and their ratios ("within
 * noise" where the rounds' spread exceeds the gap: {@link Rounds}).
 *
 * <p>Arguments: nrFiles fileSizeMB bufferSize rounds (default 4 64 1000000 3).
 */
public final class DfsioBench {
  private DfsioBench() {}

  public static void main(String[] args) throws Exception {
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 4;
    long sizeMb = args.length > 1 ? Long.parseLong(args[1]) : 64;
    int buffer = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    int threads = LocalEngine.defaultThreads(files);
    Path work = Files.createTempDirectory("harness-bench-");
    Configuration conf = new Configuration();
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, work.resolve("dfs").toFile()).numDataNodes(3).build();
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
      System.out.printf(Locale.ROOT, "dfsio bench on MiniDFSCluster (3 datanodes): %d files x %d MB, buffer %d B,"
          + " %d threads for the local engine and the bare loop, %d rounds%n", files, sizeMb, buffer, threads, rounds);
      double[] peer = new double[rounds];
      double[] harness = new double[rounds];
      double[] harnessMr = new double[rounds];
      double[] engine = new double[rounds];
      double[] bare = new double[rounds];
      // phases: the harness's MapReduce run (before the job, the job, its maps, after the job) and TestDFSIO's job
      double[][] mrPhases = new double[4][rounds];
      double[] peerJob = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        boolean peerFirst = r % 2 == 0;
        if (peerFirst) {
          peer[r] = testDfsio(c, files, sizeMb, buffer, work);
          peerJob[r] = peerExecSeconds(work);
        }
        long mrStart = System.currentTimeMillis();
        harnessMr[r] = harnessWrite(site, "mapreduce", files, sizeMb, buffer, threads, work);
        double[] ph = phases(work.resolve("last.json"), mrStart, harnessMr[r]);
        for (int i = 0; i < 4; i++) {
          mrPhases[i][r] = ph[i];
        }
        harness[r] = harnessWrite(site, "local", files, sizeMb, buffer, threads, work);
        engine[r] = io.harness.core.result.ResultWriter.mapper().readTree(work.resolve("last.json").toFile())
            .get("figures").get("legacy").get("execTimeSec").asDouble();
        if (!peerFirst) {
          peer[r] = testDfsio(c, files, sizeMb, buffer, work);
          peerJob[r] = peerExecSeconds(work);
        }
        bare[r] = bareLoop(c, files, sizeMb << 20, buffer, threads);
        System.out.printf(Locale.ROOT, "round %d: TestDFSIO %.2f s  harness mapreduce %.2f s  harness local %.2f s"
            + " (its engine %.2f s)  bare loop %.2f s%n", r + 1, peer[r], harnessMr[r], harness[r], engine[r], bare[r]);
      }
      Rounds p = Rounds.of(peer);
      Rounds m = Rounds.of(harnessMr);
      Rounds h = Rounds.of(harness);
      Rounds b = Rounds.of(bare);
      Rounds e = Rounds.of(engine);
      System.out.println("medians (min - max) of the rounds; a ratio whose gap the rounds' spread exceeds is within noise");
      System.out.printf(Locale.ROOT, "TestDFSIO -write (local MapReduce runner)  %s%n", p.format("%.2f s"));
      System.out.printf(Locale.ROOT, "harness dfsio -write --engine mapreduce    %s   %s (same runner, like for like)%n",
          m.format("%.2f s"), m.ratioTo(p, "harness/TestDFSIO", "%.2f s"));
      System.out.printf(Locale.ROOT, "harness dfsio -write (local engine)        %s   %s%n", h.format("%.2f s"),
          h.ratioTo(p, "harness/TestDFSIO", "%.2f s"));
      System.out.printf(Locale.ROOT, "harness local engine alone (exec time)     %s%n", e.format("%.2f s"));
      System.out.printf(Locale.ROOT, "bare FileSystem write loop                 %s   %s (engine overhead), %s%n",
          b.format("%.2f s"), e.ratioTo(b, "harness engine/bare", "%.2f s"), h.ratioTo(b, "whole command/bare", "%.2f s"));
      Rounds pj = Rounds.of(peerJob);
      System.out.printf(Locale.ROOT, "phases, medians (min - max):%n"
          + "  harness --engine mapreduce: set-up until its engine starts %s, the job %s (its maps, first start to "
          + "last end, %s), the rest (control files, the records read back, figures, JSON, report) %s%n  TestDFSIO: the job %s (its 'Test exec time'), outside it (control files, "
          + "the result's analysis) %s%n  the jobs: %s%n", Rounds.of(mrPhases[0]).format("%.2f s"),
          Rounds.of(mrPhases[1]).format("%.2f s"), Rounds.of(mrPhases[2]).format("%.2f s"),
          Rounds.of(mrPhases[3]).format("%.2f s"), pj.format("%.2f s"), Rounds.of(minus(peer, peerJob))
              .format("%.2f s"), Rounds.of(mrPhases[1]).ratioTo(pj, "harness job/TestDFSIO job", "%.2f s"));
      System.out.println("note: the local MapReduce runner runs one map at a time (mapreduce.local.map.tasks"
          + ".maximum=1) for both; the bare loop writes one fixed buffer, the harness seeded non-repeating data.");
    } finally {
      cluster.shutdown(true);
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }

  /**
   * A harness MapReduce run's phases from its JSON, the command having started at {@code startMillis} and taken
   * {@code wall} s: the set-up until the engine starts, the job (submission to completion), its maps (first start to
   * last end), and the rest (the control files before the job; the records read back, figures, JSON and report).
   */
  private static double[] phases(Path json, long startMillis, double wall) throws Exception {
    com.fasterxml.jackson.databind.JsonNode j = io.harness.core.result.ResultWriter.mapper().readTree(json.toFile());
    double job = j.at("/figures/legacy/execTimeSec").asDouble();
    long first = Long.MAX_VALUE;
    long last = 0;
    for (com.fasterxml.jackson.databind.JsonNode t : j.get("tasks")) {
      first = Math.min(first, t.get("startEpochNanos").asLong());
      last = Math.max(last, t.get("endEpochNanos").asLong());
    }
    double before = (java.time.Instant.parse(j.get("startedAt").asText()).toEpochMilli() - startMillis) / 1e3;
    return new double[] {before, job, (last - first) / 1e9, wall - before - job};
  }

  /** The last 'Test exec time sec' TestDFSIO wrote to its result file: its job's time. */
  private static double peerExecSeconds(Path work) throws Exception {
    double s = Double.NaN;
    for (String line : Files.readAllLines(work.resolve("peer-results.log"))) {
      if (line.contains("Test exec time sec:")) {
        s = Double.parseDouble(line.substring(line.lastIndexOf(':') + 1).trim());
      }
    }
    return s;
  }

  private static double[] minus(double[] a, double[] b) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i] - b[i];
    }
    return d;
  }

  private static double testDfsio(Configuration c, int files, long sizeMb, int buffer, Path work) throws Exception {
    Configuration conf = new Configuration(c);
    conf.set("test.build.data", "/bench/peer");
    File res = work.resolve("peer-results.log").toFile();
    long t0 = System.nanoTime();
    int rc = ToolRunner.run(conf, new TestDFSIO(), new String[] {"-write", "-nrFiles", "" + files,
        "-fileSize", sizeMb + "MB", "-bufferSize", "" + buffer, "-resFile", res.getPath()});
    double s = (System.nanoTime() - t0) / 1e9;
    if (rc != 0) {
      throw new IllegalStateException("TestDFSIO exited " + rc);
    }
    return s;
  }

  private static double harnessWrite(Path site, String engine, int files, long sizeMb, int buffer, int threads,
      Path work) {
    long t0 = System.nanoTime();
    Run run = Cli.run("dfsio", "-write", "--engine", engine, "-nrFiles", "" + files,
        "-fileSize", sizeMb + "MB", "-bufferSize", "" + buffer, "-t", "" + threads, "-conf", site.toString(),
        "--root", "/bench/harness", "--run-dir", work.resolve("runs").toString(),
        "-D", "hadoop.tmp.dir=" + work.resolve("tmp-" + engine),
        "-resFile", work.resolve("harness-results.log").toString(), "--json", work.resolve("last.json").toString());
    double s = (System.nanoTime() - t0) / 1e9;
    if (run.code() != 0) {
      throw new IllegalStateException("harness exited " + run.code() + ": " + run.all());
    }
    return s;
  }

  private static double bareLoop(Configuration c, int files, long size, int buffer, int threads) throws Exception {
    FileSystem fs = FileSystem.newInstance(c);
    byte[] buf = new byte[buffer];
    Arrays.fill(buf, (byte) 'x');
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path("/bench/bare");
    fs.delete(dir, true);
    long t0 = System.nanoTime();
    LocalEngine.Result r = LocalEngine.run(files, threads, i -> "bare_" + i, (i, rec) -> {
      try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(dir, "f" + i), true, buffer)) {
        for (long pos = 0; pos < size; pos += buffer) {
          out.write(buf, 0, (int) Math.min(buffer, size - pos));
        }
      }
    });
    double s = (System.nanoTime() - t0) / 1e9;
    fs.close();
    if (!r.failed().isEmpty()) {
      throw new IllegalStateException("bare loop failed: " + r.failed());
    }
    return s;
  }
}
