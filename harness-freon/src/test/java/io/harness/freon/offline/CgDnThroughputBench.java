package io.harness.freon.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.harness.core.data.SeededData;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.container.metadata.DatanodeStoreSchemaThreeImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test: how fast cgdn writes, random and zero data, next to a plain sequential write of the same
 * bytes to the same disk (the disk's limit, as far as one process sees it). Runs only when asked:
 * {@code mvn -o -pl harness-freon test -Dtest=CgDnThroughputBench -Dharness.bench.cgdn=2G}
 * (the value is the bytes per run; 8 containers of 8 keys each).
 */
@EnabledIfSystemProperty(named = "harness.bench.cgdn", matches = ".+")
class CgDnThroughputBench {
  @TempDir
  Path dir;

  @Test
  void cgdnAgainstAPlainWrite() throws Exception {
    long total = io.harness.core.util.Sizes.parse(System.getProperty("harness.bench.cgdn"), 1);
    int containers = 8;
    int keys = 8;
    long keySize = total / containers / keys;
    int threads = Integer.getInteger("harness.bench.threads", 2);
    // each phase starts with no dirty pages of the one before (sync), the plain write before and after
    sync();
    double plainBefore = plainWrite(dir.resolve("plain1"), containers * keys, keySize);
    sync();
    double random = cgdn("random", containers, keys, keySize, threads);
    sync();
    double zero = cgdn("zero", containers, keys, keySize, threads);
    sync();
    double plainAfter = plainWrite(dir.resolve("plain2"), containers * keys, keySize);
    double plain = (plainBefore + plainAfter) / 2;
    System.out.printf(Locale.ROOT, "BENCH cgdn %d x %d keys of %d bytes, %d threads: plain write %.1f MB/s, "
        + "cgdn --random %.1f MB/s (%.2f of plain), cgdn --zero %.1f MB/s (%.2f of plain)%n",
        containers, keys, keySize, threads, plain, random, random / plain, zero, zero / plain);
  }

  private double cgdn(String data, int containers, int keys, long keySize, int threads) throws Exception {
    Path root = dir.resolve(data);
    OzoneConfiguration conf = datanode(root);
    Cli.Result r = Cli.run(conf, new CgDnCommand(), "--index", "0", "--datanodes", "3", "--from", "1",
        "-n", Integer.toString(containers), "--keys-per-container", Integer.toString(keys),
        "--key-size", Long.toString(keySize), "--size", "64G", "-t", Integer.toString(threads), "--" + data,
        "--run-dir", root.resolve("runs").toString());
    assertEquals(0, r.code(), r.err());
    List<Path> results;
    try (Stream<Path> s = Files.list(root.resolve("runs"))) {
      results = s.map(p -> p.resolve("result.json")).toList();
    }
    RunResult run = ResultWriter.read(results.get(0));
    System.out.printf(Locale.ROOT, "BENCH cgdn --%s: %.1f MB/s, checksums %.1f%% of worker time%n", data,
        ((Number) run.figures().get("mbPerSec")).doubleValue(),
        100 * ((Number) run.figures().get("checksumShare")).doubleValue());
    return ((Number) run.figures().get("mbPerSec")).doubleValue();
  }

  private static void sync() throws IOException, InterruptedException {
    new ProcessBuilder("sync").inheritIO().start().waitFor();
  }

  /** A datanode volume as a started-then-stopped datanode leaves it: VERSION, cluster dir, schema v3 DB. */
  static OzoneConfiguration datanode(Path root) throws IOException {
    String cluster = "CID-" + UUID.randomUUID();
    String storage = "DS-" + UUID.randomUUID();
    Path hdds = Files.createDirectories(root.resolve("data").resolve("hdds"));
    Properties v = new Properties();
    v.setProperty("storageID", storage);
    v.setProperty("clusterID", cluster);
    v.setProperty("datanodeUuid", UUID.randomUUID().toString());
    v.setProperty("cTime", "0");
    v.setProperty("layOutVersion", "1");
    v.setProperty("nodeType", "DATANODE");
    try (OutputStream out = Files.newOutputStream(hdds.resolve("VERSION"))) {
      v.store(out, null);
    }
    Path db = Files.createDirectories(hdds.resolve(cluster).resolve(storage)).resolve("container.db");
    Files.createDirectories(root.resolve("meta"));
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("hdds.datanode.dir", root.resolve("data").toString());
    conf.set("ozone.metadata.dirs", root.resolve("meta").toString());
    new DatanodeStoreSchemaThreeImpl(conf, db.toString(), false).stop();
    return conf;
  }

  /** Writes the same number of files and bytes as cgdn from one ready buffer, 4 MB per write; returns MB/s. */
  private static double plainWrite(Path root, int files, long size) throws IOException {
    Files.createDirectories(root);
    byte[] buf = new byte[4 << 20];
    new SeededData(1, 1).fill(buf, 0, buf.length, 0);
    long t0 = System.nanoTime();
    for (int f = 0; f < files; f++) {
      try (FileChannel ch = FileChannel.open(root.resolve("f" + f), StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE)) {
        for (long off = 0; off < size; off += buf.length) {
          int len = (int) Math.min(buf.length, size - off);
          ByteBuffer b = ByteBuffer.wrap(buf, 0, len);
          while (b.hasRemaining()) {
            ch.write(b);
          }
        }
      }
    }
    double secs = (System.nanoTime() - t0) / 1e9;
    double mbs = files * size / (double) (1 << 20) / secs;
    System.out.printf(Locale.ROOT, "BENCH plain write: %.1f MB/s%n", mbs);
    return mbs;
  }
}
