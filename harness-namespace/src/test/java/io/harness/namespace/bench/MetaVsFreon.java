package io.harness.namespace.bench;

import com.codahale.metrics.Timer;
import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.testkit.Rounds;
import io.harness.testkit.Stats;
import io.harness.freon.embedded.MiniOzoneProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.client.OzoneVolume;
import org.apache.hadoop.ozone.freon.BaseFreonGenerator;
import org.apache.hadoop.ozone.freon.Freon;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;

/**
 * A benchmark, not a test: on one MiniOzoneCluster (1 datanode), in one run, Ozone's Freon against {@code harness
 * namespace} through {@code ofs://}, every run in a new FILE_SYSTEM_OPTIMIZED bucket of its own, T threads, empty
 * files, rounds alternating which side goes first (after a small warm-up of both). Four pairs:
 *
 * <ul>
 *   <li>create: {@code freon ommg -o CREATE_FILE -n N -t T} (the Ozone client's createFile, the write of 0 bytes and
 *       the close, N files in the bucket's root) against the harness's {@code create} phase of {@code --phases
 *       create,stat,list -n N -t T} (FileSystem.create and close, N/T files in each thread's own directory);</li>
 *   <li>stat: {@code ommg -o LOOKUP_FILE -n N} (the OM's lookupFile of each of those files) against the harness's
 *       {@code stat} (FileSystem.getFileStatus: the OM's getFileStatus);</li>
 *   <li>list: {@code ommg -o LIST_STATUS -n T*L --batch-size N/T} (one listStatus call of N/T entries, each thread
 *       from its own start) against the harness's {@code list}, {@code --lists L} (each thread lists its own
 *       directory of N/T files);</li>
 *   <li>tree: {@code freon dtsg -d 2 -s S -c C -g 0 -n T -t T} (one tree per thread: a directory, S directories
 *       under it, C files in each of the S+1) against {@code --phases create -n T*C*(S+1) -t T --depth 1 --span S}
 *       (each thread's directory and its S leaves, the same T*C*(S+1) files in the leaves).</li>
 * </ul>
 *
 * <p>What each side times: Freon's ops/s is the calls its own timer timed (Freon times each call it makes: the
 * createFile, write and close; the lookupFile; the listStatus; dtsg's create, write and close of a file) over the
 * span from the first timed call's start to the last one's end; dtsg makes its directories between its files, so
 * its span holds its mkdirs too (S+1 per tree, C files each). The harness's ops/s is a phase's calls over its
 * barrier's release to its last thread's end; its tree's directories are made before the phase, not in it. Both
 * sides' median call (Freon's timer, the harness's latency histogram) is printed beside: one call, mkdirs left out on
 * both sides. So is Freon's timer's Dropwizard mean rate read as Freon returns (calls over the time from the timer's
 * making to then), which also counts Freon's own stop: its progress bar, which sleeps a second between prints, is
 * joined before it returns.
 *
 * <p>Arguments: items threads rounds (default 500 4 3); items is rounded to a multiple of threads x (S+1).
 */
public final class MetaVsFreon {
  private static final int SPAN = 4;
  private static final int LISTS = 10;
  private static final String VOLUME = MiniOzoneProvider.VOLUME;
  /** The pairs: the harness's phase (the tree's create is "tree"), Freon's command and its timer. */
  private static final List<String> PAIRS = List.of("create", "stat", "list", "tree");
  private static final Map<String, String> FREON = Map.of("create", "ommg CREATE_FILE", "stat", "ommg LOOKUP_FILE",
      "list", "ommg LIST_STATUS", "tree", "dtsg file-create");

  /** One side's figures of one pair in one round. */
  private record Side(double opsPerSec, double p50Millis, double meanRate) {}

  private final Path work;
  private final Path site;
  private final String ofs;
  private final OzoneVolume volume;
  private final long items;
  private final int threads;
  private final int perDir;
  private static int buckets;

  private MetaVsFreon(Path work, Path site, String ofs, OzoneVolume volume, long items, int threads) {
    this.work = work;
    this.site = site;
    this.ofs = ofs;
    this.volume = volume;
    this.threads = threads;
    this.perDir = (int) Math.max(1, items / ((long) threads * (SPAN + 1)));
    this.items = (long) perDir * threads * (SPAN + 1);
  }

  public static void main(String[] args) throws Exception {
    long items = args.length > 0 ? Long.parseLong(args[0]) : 500;
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    Path work = Files.createTempDirectory("harness-bench-");
    EmbeddedCluster cluster = new MiniOzoneProvider().start(new Configuration(), 1);
    try (OzoneClient client = MiniOzoneProvider.miniCluster(cluster).newClient()) {
      Path site = BenchNamespace.site(cluster.configuration(), work.resolve("ozone-site.xml"));
      String ofs = cluster.fileSystemUri().toString().replaceAll("/$", "");
      MetaVsFreon bench = new MetaVsFreon(work, site, ofs, client.getObjectStore().getVolume(VOLUME), items, threads);
      bench.run(rounds);
    } finally {
      cluster.close();
      io.harness.core.base.LocalDirs.deleteOwnTempDir(work);
      System.exit(0);
    }
  }

  private void run(int rounds) throws Exception {
    System.out.printf(Locale.ROOT, "namespace bench on MiniOzoneCluster (1 datanode), FSO buckets through ofs://: "
        + "%d empty files, %d threads, lists %d x %d per thread, trees of span %d with %d files per directory, "
        + "%d rounds%n", items, threads, LISTS, items / threads, SPAN, perDir, rounds);
    // a small warm-up of both sides (JIT, the client's connections), not counted
    new MetaVsFreon(work, site, ofs, volume, (long) threads * (SPAN + 1), threads).round(true);
    Map<String, List<Side>> peer = new LinkedHashMap<>();
    Map<String, List<Side>> harness = new LinkedHashMap<>();
    for (String p : PAIRS) {
      peer.put(p, new ArrayList<>());
      harness.put(p, new ArrayList<>());
    }
    for (int r = 0; r < rounds; r++) {
      boolean freonFirst = r % 2 == 0;
      Map<String, Side[]> sides = round(freonFirst);
      StringBuilder line = new StringBuilder("round " + (r + 1) + " (" + (freonFirst ? "Freon" : "harness")
          + " first):");
      for (String p : PAIRS) {
        peer.get(p).add(sides.get(p)[0]);
        harness.get(p).add(sides.get(p)[1]);
        line.append(String.format(Locale.ROOT, "  %s Freon %.0f harness %.0f", p, sides.get(p)[0].opsPerSec(),
            sides.get(p)[1].opsPerSec()));
      }
      System.out.println(line + "  (ops/s)");
    }
    System.out.printf(Locale.ROOT, "%n%-6s %-18s %24s %24s %13s %15s %17s   %s%n", "pair", "Freon", "Freon ops/s",
        "harness ops/s", "Freon p50 ms", "harness p50 ms", "Freon mean rate", "harness/Freon");
    for (String p : PAIRS) {
      Rounds f = Rounds.of(peer.get(p).stream().mapToDouble(Side::opsPerSec).toArray());
      Rounds h = Rounds.of(harness.get(p).stream().mapToDouble(Side::opsPerSec).toArray());
      System.out.printf(Locale.ROOT, "%-6s %-18s %24s %24s %13.2f %15.2f %17.1f   %s%n", p, FREON.get(p),
          f.format("%.1f"), h.format("%.1f"), median(peer.get(p), Side::p50Millis),
          median(harness.get(p), Side::p50Millis), median(peer.get(p), Side::meanRate),
          h.ratioTo(f, "harness/Freon", "%.1f ops/s"));
    }
    System.out.println("medians (min - max) of the rounds; a ratio whose gap the rounds' spread exceeds is within "
        + "noise. Freon ops/s: the calls its timer timed over the span from the first "
        + "one's start to the last one's end (dtsg's span holds its mkdirs); harness ops/s: a phase's calls over its "
        + "wall time (its tree made before the phase); p50: one call, on both sides; Freon mean rate: its timer's "
        + "Dropwizard mean rate as Freon returns (its stop, up to 1 s of its progress bar, counted in).");
  }

  private static double median(List<Side> sides, java.util.function.ToDoubleFunction<Side> figure) {
    return Stats.median(sides.stream().mapToDouble(figure).toArray());
  }

  /** One round: each pair's Freon side and harness side, the given side first. */
  private Map<String, Side[]> round(boolean freonFirst) throws Exception {
    Map<String, Side[]> out = new LinkedHashMap<>();
    for (String p : PAIRS) {
      out.put(p, new Side[2]);
    }
    for (int i = 0; i < 2; i++) {
      if ((i == 0) == freonFirst) {
        Map<String, Side> flat = freonFlat();
        flat.forEach((p, s) -> out.get(p)[0] = s);
        out.get("tree")[0] = freonTree();
      } else {
        JsonNode flat = BenchNamespace.run(work, List.of("-conf", site.toString(), "--phases", "create,stat,list",
            "-n", String.valueOf(items), "-t", String.valueOf(threads), "--lists", String.valueOf(LISTS),
            "--path", bucket("harness")));
        for (String p : List.of("create", "stat", "list")) {
          out.get(p)[1] = new Side(BenchNamespace.opsPerSec(flat, p), BenchNamespace.p50Millis(flat, p), 0);
        }
        JsonNode tree = BenchNamespace.run(work, List.of("-conf", site.toString(), "--phases", "create",
            "-n", String.valueOf(items), "-t", String.valueOf(threads), "--depth", "1", "--span",
            String.valueOf(SPAN), "--path", bucket("tree")));
        out.get("tree")[1] = new Side(BenchNamespace.opsPerSec(tree, "create"),
            BenchNamespace.p50Millis(tree, "create"), 0);
      }
    }
    return out;
  }

  /** ommg's CREATE_FILE, LOOKUP_FILE and LIST_STATUS, in that order, in a new bucket. */
  private Map<String, Side> freonFlat() throws Exception {
    String bucket = bucket("ommg");
    String name = bucket.substring(bucket.lastIndexOf('/') + 1);
    List<String> common = List.of("-t", String.valueOf(threads), "-v", VOLUME, "-b", name);
    Map<String, Side> out = new LinkedHashMap<>();
    out.put("create", freon("ommg", "CREATE_FILE", common, "-o", "CREATE_FILE", "-n", String.valueOf(items)));
    out.put("stat", freon("ommg", "LOOKUP_FILE", common, "-o", "LOOKUP_FILE", "-n", String.valueOf(items)));
    out.put("list", freon("ommg", "LIST_STATUS", common, "-o", "LIST_STATUS", "-n",
        String.valueOf((long) threads * LISTS), "--batch-size", String.valueOf(items / threads)));
    return out;
  }

  /** dtsg: one tree per thread, in a new bucket. */
  private Side freonTree() throws Exception {
    return freon("dtsg", "file-create", List.of("-t", String.valueOf(threads)), "-r", bucket("dtsg"), "-d", "2",
        "-s", String.valueOf(SPAN), "-c", String.valueOf(perDir), "-g", "0", "-n", String.valueOf(threads));
  }

  /**
   * Runs Freon's {@code command} in this JVM (its progress output dropped), with {@code common} and {@code args}; its
   * timer {@code timer}'s calls over their span, its median call, and its mean rate as Freon returns.
   */
  private Side freon(String command, String timer, List<String> common, String... args) {
    List<String> all = new ArrayList<>(List.of("-conf", site.toString(), command));
    all.addAll(common);
    all.addAll(List.of(args));
    Freon freon = new Freon();
    BaseFreonGenerator generator = (BaseFreonGenerator) freon.getCmd().getSubcommands().get(command).getCommand();
    // the generator asks its registry for this timer by name when it times its first call: it gets this one
    SpanTimer t = generator.getMetrics().register(timer, new SpanTimer());
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    int rc;
    double meanRate;
    try {
      System.setOut(quiet);
      System.setErr(quiet);
      rc = freon.execute(all.toArray(new String[0]));
      meanRate = t.getMeanRate();
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    if (rc != 0 || generator.getFailureCount() > 0 || t.getCount() == 0) {
      throw new IllegalStateException("Freon " + String.join(" ", all) + " exited " + rc + " with "
          + generator.getFailureCount() + " failure(s) and " + t.getCount() + " timed call(s)");
    }
    return new Side(t.spanRate(), t.getSnapshot().getMedian() / 1e6, meanRate);
  }

  /**
   * Freon's timer as Freon uses it ({@code time(Callable)} around each call), keeping also the first timed call's
   * start and the last one's end.
   */
  private static final class SpanTimer extends Timer {
    private final AtomicLong first = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong last = new AtomicLong(Long.MIN_VALUE);

    @Override
    public <T> T time(Callable<T> call) throws Exception {
      first.accumulateAndGet(System.nanoTime(), Math::min);
      try {
        return super.time(call);
      } finally {
        last.accumulateAndGet(System.nanoTime(), Math::max);
      }
    }

    /** The timed calls over the time from the first one's start to the last one's end. */
    double spanRate() {
      return getCount() / ((last.get() - first.get()) / 1e9);
    }
  }

  /** A new FSO bucket of the volume; its ofs:// path. */
  private String bucket(String what) throws Exception {
    String name = what + "-" + (++buckets) + "-" + Long.toString(System.nanoTime() % 1_000_000, 36);
    volume.createBucket(name, BucketArgs.newBuilder().setBucketLayout(BucketLayout.FILE_SYSTEM_OPTIMIZED).build());
    return ofs + "/" + VOLUME + "/" + name;
  }
}
