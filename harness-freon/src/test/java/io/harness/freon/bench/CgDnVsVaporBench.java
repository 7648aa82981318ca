package io.harness.freon.bench;

import io.harness.core.cli.Harness;
import io.harness.core.base.SeededData;
import io.harness.core.result.ResultWriter;
import io.harness.testkit.Rounds;
import io.harness.core.base.Sizes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import io.harness.freon.embedded.MiniOzoneProvider;
import io.harness.freon.peer.DatanodeVolumes;
import org.apache.hadoop.ozone.freon.Vapor;

/**
 * A benchmark, not a test: {@code harness freon cgdn} against Ozone's own offline datanode generator
 * ({@code ozone vapor cgdn}, {@code GeneratorDatanode} of ozone-vapor 2.2.0), and both against a plain
 * sequential write of the same bytes to the same disk.
 *
 * <p>A MiniOzoneCluster is started once and stopped, so its first datanode's volume holds what a real
 * datanode leaves (VERSION files, the cluster directory, the schema v3 volume DB). Every generator run
 * gets a fresh copy of that volume: both write the same containers (every container of a 3-datanode
 * placement lands on each node), keys of {@code --key-size} in 4 MB chunks, FILE_PER_BLOCK, with the
 * same thread count, random and zero data. Each run is timed from the command's start until its bytes
 * are on disk ({@code sync} included; the page cache is flushed, untimed, before each run); the bytes
 * counted are those of the chunk files found on disk afterwards. Who goes first alternates from pair to
 * pair. The plain write runs right before each pair; its median is the disk's limit, and each harness run is also
 * divided by the plain write just before it (paired by round: a slow minute of the shared disk hits both). Each figure
 * is printed as its median with the rounds' range, and a ratio whose gap the rounds' spread exceeds is "within
 * noise" instead ({@link Rounds}).
 *
 * <p>Arguments: total size per run, containers, threads, rounds of each pair (default 1GB 4 1 1).
 */
public final class CgDnVsVaporBench {
  private static final long KEY_SIZE = 16L << 20;

  private CgDnVsVaporBench() {}

  public static void main(String[] args) throws Exception {
    long total = Sizes.parse(args.length > 0 ? args[0] : "1GB", 1);
    int containers = Integer.parseInt(args.length > 1 ? args[1] : "4");
    int threads = Integer.parseInt(args.length > 2 ? args[2] : "1");
    int rounds = Integer.parseInt(args.length > 3 ? args[3] : "1");
    int keys = (int) Math.max(1, total / containers / KEY_SIZE);
    long bytes = (long) containers * keys * KEY_SIZE;
    Path work = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "bench-cgdn-");
    // removed at exit after the OM's own hook, which writes its metrics file into the stopped cluster's dirs
    org.apache.hadoop.util.ShutdownHookManager.get().addShutdownHook(() -> {
      try {
        deleteTree(work);
      } catch (IOException e) {
        System.err.println("bench: could not remove " + work + ": " + e);
      }
    }, MiniOzoneProvider.EXIT_CLEANUP_PRIORITY);
    int rc = 0;
    try {
      Path pristine = stoppedClusterVolume(work);
      System.out.printf(Locale.ROOT, "cgdn bench: %d containers x %d keys x %s = %s per run, %d thread(s), "
          + "FILE_PER_BLOCK, copies of one datanode volume of a stopped MiniOzoneCluster, under %s%n",
          containers, keys, Sizes.format(KEY_SIZE), Sizes.format(bytes), threads, work);
      Run run = new Run(work, pristine, containers, keys, threads, bytes);
      List<Double> plain = new ArrayList<>();
      Map<String, List<Double>> pairedPlain = new LinkedHashMap<>();
      // schema v3 (a 2.2 datanode's default, one DB per volume), then v2 (one DB per container)
      Map<String, List<Double>> harness = new LinkedHashMap<>();
      Map<String, List<Double>> vapor = new LinkedHashMap<>();
      String[] schemas = {"v3", "v2"};
      String[] data = {"random", "zero"};
      int pair = 0;
      for (int v = 0; v < 2; v++) {
        for (int d = 0; d < 2; d++) {
          String cell = schemas[v] + " " + data[d];
          List<Double> h = harness.computeIfAbsent(cell, k -> new ArrayList<>());
          List<Double> p = vapor.computeIfAbsent(cell, k -> new ArrayList<>());
          List<Double> paired = pairedPlain.computeIfAbsent(cell, k -> new ArrayList<>());
          for (int r = 0; r < rounds; r++, pair++) {
            // the disk's speed of this minute, right before the pair: a slow minute of the shared disk hits all three
            double disk = plain(work.resolve("plain-" + pair), containers * keys);
            plain.add(disk);
            if (pair % 2 == 0) {
              h.add(run.harness(schemas[v], data[d]));
              p.add(run.vapor(schemas[v], data[d]));
            } else {
              p.add(run.vapor(schemas[v], data[d]));
              h.add(run.harness(schemas[v], data[d]));
            }
            paired.add(h.get(r) / disk);
          }
        }
      }
      Rounds disk = Rounds.of(plain);
      System.out.println();
      System.out.printf(Locale.ROOT, "medians (min - max), MB/s; plain sequential write: %s%n", disk.format("%.1f"));
      harness.forEach((cell, h) -> row(cell, Rounds.of(h), Rounds.of(vapor.get(cell)), disk,
          Rounds.of(pairedPlain.get(cell))));
      run.notes.forEach(System.out::println);
    } catch (RuntimeException e) {
      System.out.println("bench failed: " + e.getMessage());
      rc = 1;
    }
    System.exit(rc);
  }

  /**
   * One schema and data's line: each side's MB/s, the ratios harness/vapor, harness/plain and vapor/plain of the
   * medians, and harness/plain paired by round (each round's harness run against the plain write just before it).
   */
  private static void row(String cell, Rounds harness, Rounds vapor, Rounds disk, Rounds paired) {
    // a failed run is NaN, which sorts last
    boolean failed = Double.isNaN(vapor.max());
    System.out.printf(Locale.ROOT, "%-9s harness %s  vapor %s  %s  %s  %s%n", cell, harness.format("%.1f"),
        failed ? "failed" : vapor.format("%.1f"),
        failed ? "" : harness.ratioTo(vapor, "harness/vapor", "%.1f MB/s"),
        harness.ratioTo(disk, "harness/plain", "%.1f MB/s"), failed ? "" : vapor.ratioTo(disk, "vapor/plain",
        "%.1f MB/s"));
    System.out.printf(Locale.ROOT, "%-9s harness/plain paired by round: %s%n", "", paired.format("%.2f"));
  }

  /** Starts a 3-datanode MiniOzoneCluster, stops it, and returns a copy of datanode 0's data directory. */
  private static Path stoppedClusterVolume(Path work) throws Exception {
    long t0 = System.nanoTime();
    Path copy = DatanodeVolumes.stoppedClusterVolume(work);
    System.out.printf(Locale.ROOT, "cluster started and stopped in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    return copy;
  }

  /** The generator runs of one bench: each on a fresh copy of the pristine volume. */
  private static final class Run {
    final Path work;
    final Path pristine;
    final int containers;
    final int keys;
    final int threads;
    final long bytes;
    final List<String> notes = new ArrayList<>();

    Run(Path work, Path pristine, int containers, int keys, int threads, long bytes) {
      this.work = work;
      this.pristine = pristine;
      this.containers = containers;
      this.keys = keys;
      this.threads = threads;
      this.bytes = bytes;
    }

    /** A fresh copy of the pristine volume and a site file pointing a datanode at it, with the schema. */
    private Path volume(String name, String schema) throws IOException {
      return DatanodeVolumes.volume(pristine, work.resolve(name), schema);
    }

    double harness(String schema, String data) throws Exception {
      Path root = volume("harness-" + schema + "-" + data, schema);
      ByteArrayOutputStream sink = new ByteArrayOutputStream();
      PrintStream quiet = new PrintStream(sink, true, StandardCharsets.UTF_8);
      sync();
      long t0 = System.nanoTime();
      int rc = Harness.run(Map.of(), quiet, quiet, "freon", "cgdn", "-conf", root.resolve("site.xml").toString(),
          "--index", "0", "--datanodes", "3", "--from", "1", "-n", Integer.toString(containers),
          "--keys-per-container", Integer.toString(keys), "--key-size", Long.toString(KEY_SIZE),
          "--size", Long.toString(keys * KEY_SIZE), "-t", Integer.toString(threads), "--" + data,
          "--run-dir", root.resolve("runs").toString());
      double returned = (System.nanoTime() - t0) / 1e9;
      sync();
      double synced = (System.nanoTime() - t0) / 1e9;
      if (rc != 0) {
        throw new IllegalStateException("harness cgdn exited " + rc + ": " + sink.toString(StandardCharsets.UTF_8));
      }
      Map<String, Object> f;
      try (Stream<Path> runs = Files.list(root.resolve("runs"))) {
        f = ResultWriter.read(runs.findFirst().orElseThrow().resolve("result.json")).figures();
      }
      System.out.printf(Locale.ROOT, "harness %s %-6s its own account, seconds: generating %.2f, checksums %.2f, "
          + "chunk writes %.2f, DB %.2f (worker time %.2f, wall %.2f)%n", schema, data, f.get("fillSeconds"),
          f.get("checksumSeconds"), f.get("writeSeconds"), f.get("dbSeconds"), f.get("workerSeconds"),
          f.get("elapsedSeconds"));
      return report("harness", schema, data, root, returned, synced);
    }

    /** Runs vapor's cgdn; NaN (and the first error it logged, in {@code notes}) when it fails. */
    double vapor(String schema, String data) throws Exception {
      Path root = volume("vapor-" + schema + "-" + data, schema);
      List<String> args = new ArrayList<>(List.of("-conf", root.resolve("site.xml").toString(), "cgdn",
          "--datanodes", "3", "--index", "1", "-n", Integer.toString(containers), "-t", Integer.toString(threads),
          "--key-size", Long.toString(KEY_SIZE), "--size", Long.toString(keys * KEY_SIZE), "-p", "bench"));
      if (data.equals("zero")) {
        args.add("--zero");
      }
      PrintStream stdout = System.out;
      PrintStream stderr = System.err;
      PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
      FirstError error = new FirstError();
      org.apache.log4j.Logger.getRootLogger().addAppender(error);
      sync();
      long t0 = System.nanoTime();
      int rc;
      try {
        System.setOut(quiet);
        System.setErr(quiet);
        rc = new Vapor().execute(args.toArray(new String[0]));
      } finally {
        System.setOut(stdout);
        System.setErr(stderr);
        org.apache.log4j.Logger.getRootLogger().removeAppender(error);
      }
      double returned = (System.nanoTime() - t0) / 1e9;
      sync();
      double synced = (System.nanoTime() - t0) / 1e9;
      // vapor leaves its containers' databases open in the datanode's JVM-wide caches, keyed by path: the next
      // round's fresh copy under the same path would get a closed one ("Failed to create RDB")
      org.apache.hadoop.ozone.container.common.utils.ContainerCache.getInstance(
          new org.apache.hadoop.hdds.conf.OzoneConfiguration()).shutdownCache();
      org.apache.hadoop.ozone.container.common.utils.DatanodeStoreCache.getInstance().shutdownCache();
      long found = chunkBytes(root.resolve("data"));
      if (rc != 0 || found != bytes) {
        notes.add(String.format(Locale.ROOT, "vapor cgdn, schema %s, --%s: exit %d, %d of %d bytes written; first "
            + "error: %s", schema, data, rc, found, bytes, error.text == null ? "none logged" : error.text));
        stdout.printf(Locale.ROOT, "vapor   %s %-6s failed (exit %d)%n", schema, data, rc);
        deleteTree(root);
        return Double.NaN;
      }
      return report("vapor", schema, data, root, returned, synced);
    }

    private double report(String who, String schema, String data, Path root, double returned, double synced)
        throws IOException {
      long found = chunkBytes(root.resolve("data"));
      if (found != bytes) {
        throw new IllegalStateException(who + " --" + data + " left " + found + " chunk bytes, expected " + bytes);
      }
      double mbs = bytes / (double) (1 << 20) / synced;
      System.out.printf(Locale.ROOT, "%-7s %s %-6s %s of chunk files: returned after %.2f s, on disk after %.2f s: "
          + "%.1f MB/s%n", who, schema, data, Sizes.format(bytes), returned, synced, mbs);
      deleteTree(root);
      return mbs;
    }
  }

  /** Keeps the first ERROR event logged (its message and its exception, with where it was thrown). */
  private static final class FirstError extends org.apache.log4j.AppenderSkeleton {
    volatile String text;

    @Override
    protected synchronized void append(org.apache.log4j.spi.LoggingEvent event) {
      if (text != null || !event.getLevel().isGreaterOrEqual(org.apache.log4j.Level.ERROR)) {
        return;
      }
      Throwable t = event.getThrowableInformation() == null ? null : event.getThrowableInformation().getThrowable();
      StringBuilder b = new StringBuilder(String.valueOf(event.getMessage()));
      if (t != null) {
        b.append(": ").append(t);
        StackTraceElement[] at = t.getStackTrace();
        for (int i = 0; i < Math.min(5, at.length); i++) {
          b.append(i == 0 ? " at " : " < ").append(at[i].getClassName().replaceAll(".*\\.", "")).append('.')
              .append(at[i].getMethodName()).append(':').append(at[i].getLineNumber());
        }
      }
      text = b.toString();
    }

    @Override
    public void close() {}

    @Override
    public boolean requiresLayout() {
      return false;
    }
  }

  /** The same number of files and bytes as the generators, 4 MB per write from one ready buffer. */
  private static double plain(Path dir, int files) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    byte[] buf = new byte[4 << 20];
    new SeededData(1, 1).fill(buf, 0, buf.length, 0);
    sync();
    long t0 = System.nanoTime();
    for (int f = 0; f < files; f++) {
      try (FileChannel ch = FileChannel.open(dir.resolve("f" + f), StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE)) {
        for (long off = 0; off < KEY_SIZE; off += buf.length) {
          ByteBuffer b = ByteBuffer.wrap(buf, 0, (int) Math.min(buf.length, KEY_SIZE - off));
          while (b.hasRemaining()) {
            ch.write(b);
          }
        }
      }
    }
    sync();
    double secs = (System.nanoTime() - t0) / 1e9;
    double mbs = files * KEY_SIZE / (double) (1 << 20) / secs;
    System.out.printf(Locale.ROOT, "plain   write  %s in %d files, on disk after %.2f s: %.1f MB/s%n",
        Sizes.format(files * KEY_SIZE), files, secs, mbs);
    deleteTree(dir);
    return mbs;
  }

  private static long chunkBytes(Path data) throws IOException {
    return DatanodeVolumes.chunkBytes(data);
  }

  private static void sync() throws IOException, InterruptedException {
    new ProcessBuilder("sync").inheritIO().start().waitFor();
  }

  private static void deleteTree(Path dir) throws IOException {
    DatanodeVolumes.deleteTree(dir);
  }
}
