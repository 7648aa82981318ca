package io.harness.freon.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.core.target.EmbeddedCluster;
import io.harness.core.util.Stats;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * A benchmark, not a test: the same {@code dfsio -write} on one embedded MiniOzoneCluster, run by the
 * shipped {@code bin/harness} as separate processes: plain, with {@code --instrument} (the Byteman rules)
 * and with {@code --profile cpu} (async-profiler), in rotating order over the rounds. Prints each run's
 * aggregate throughput (from its JSON), the medians and the throughput ratios against the plain run.
 *
 * <p>Arguments: launcher nrFiles fileSize rounds (default: - 4 64MB 3; the launcher is bin/harness).
 */
public final class InstrumentationOverheadBench {
  private InstrumentationOverheadBench() {}

  public static void main(String[] args) throws Exception {
    String launcher = args[0];
    String files = args.length > 1 ? args[1] : "4";
    String size = args.length > 2 ? args[2] : "64MB";
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    Path work = Files.createTempDirectory("harness-bench-");
    EmbeddedCluster ozone = new MiniOzoneProvider().start(new Configuration(), 3);
    try {
      Path site = work.resolve("ozone-site.xml");
      try (var out = Files.newOutputStream(site)) {
        ozone.configuration().writeXml(out);
      }
      String[][] variants = {{"plain"}, {"--instrument", "--instrument"}, {"--profile cpu", "--profile", "cpu"}};
      double[][] mbs = new double[variants.length][rounds];
      System.out.printf(Locale.ROOT, "instrumentation overhead: dfsio -write %s x %s on MiniOzoneCluster (3 datanodes),"
          + " %d rounds, each run its own bin/harness process%n", files, size, rounds);
      for (int r = 0; r < rounds; r++) {
        StringBuilder line = new StringBuilder("round " + (r + 1) + ":");
        for (int k = 0; k < variants.length; k++) {
          int v = (k + r) % variants.length;
          mbs[v][r] = run(launcher, work, site, ozone.rootPrefix() + "/bench/overhead", files, size,
              Arrays.copyOfRange(variants[v], 1, variants[v].length));
          line.append(String.format(Locale.ROOT, "  %s %.1f MB/s", variants[v][0], mbs[v][r]));
        }
        System.out.println(line);
      }
      double plain = Stats.median(mbs[0]);
      System.out.printf(Locale.ROOT, "%-14s median %7.1f MB/s%n", "plain", plain);
      for (int v = 1; v < variants.length; v++) {
        double m = Stats.median(mbs[v]);
        System.out.printf(Locale.ROOT, "%-14s median %7.1f MB/s   throughput ratio to plain = %.3f (loss %.1f%%)%n",
            variants[v][0], m, m / plain, 100 * (1 - m / plain));
      }
      System.out.println("note: aggregate throughput of each run (bytes / first task start to last task end), "
          + "from its result.json; goal: a loss below 5%.");
    } finally {
      ozone.close();
      io.harness.core.util.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }

  private static double run(String launcher, Path work, Path site, String root, String files, String size,
      String[] extra) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(launcher, "dfsio", "-write", "-nrFiles", files, "-fileSize", size,
        "--root", root, "-conf", site.toString(), "--run-dir", work.resolve("runs").toString(),
        "-resFile", work.resolve("res.log").toString(), "--json", work.resolve("last.json").toString()));
    cmd.addAll(Arrays.asList(extra));
    File log = work.resolve("run.log").toFile();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
    if (!p.waitFor(900, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + Files.readString(log.toPath()));
    }
    JsonNode j = ResultWriter.mapper().readTree(work.resolve("last.json").toFile());
    return j.get("aggregate").get("mbPerSec").asDouble();
  }
}
