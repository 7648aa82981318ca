package io.harness.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.length;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.base.SeededData;
import io.harness.core.result.ResultWriter;
import io.harness.spark.embedded.ClusterClassPath;
import io.harness.spark.embedded.ClusterProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * generate -> count -> copy -> count through the harness's command line, on an embedded cluster that
 * runs in its own JVM (as {@code --embedded} starts it), then every row checked by a Spark session of
 * the test's own: row counts, ids unique and complete, payload sizes and bytes, the copy's rows equal to
 * the source's, and the MB/s figures' bytes against the files' lengths on the file system.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ParquetChainTestBase {
  static final long RECORDS = 1000;
  static final long ITERATIONS = 3;
  static final int RECORD_SIZE = 1024;
  static final long SEED = 777;

  @TempDir
  static Path tmp;

  ClusterProcess cluster;
  Path clientXml;

  /** hdfs or ozone. */
  abstract String kind();

  /** Where generate writes (a full URI on the cluster). */
  abstract String source();

  /** Where copy writes (a full URI on the cluster). */
  abstract String destination();

  @BeforeAll
  void startCluster() throws IOException {
    cluster = ClusterProcess.start(kind(), 1, ClusterClassPath.of(System.getenv()), Map.of(), System.out);
    clientXml = tmp.resolve("client.xml");
    try (OutputStream o = Files.newOutputStream(clientXml)) {
      cluster.configuration().writeXml(o);
    }
  }

  @AfterAll
  void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  Configuration conf() {
    Configuration c = new Configuration();
    for (Map.Entry<String, String> e : cluster.configuration()) {
      c.set(e.getKey(), e.getValue());
    }
    return c;
  }

  private io.harness.testkit.Run harness(String... args) {
    return harnessIn(tmp.resolve("runs"), args);
  }

  /** The command line on the cluster, its run folders under {@code runs}. */
  io.harness.testkit.Run harnessIn(Path runs, String... args) {
    String[] line = Stream.concat(Stream.of(args),
        Stream.of("-conf", clientXml.toString(), "--run-dir", runs.toString())).toArray(String[]::new);
    return io.harness.testkit.Cli.run(line);
  }

  /** The one run folder under {@code runs}. */
  static Path onlyRun(Path runs) throws IOException {
    try (Stream<Path> s = Files.list(runs)) {
      List<Path> all = s.toList();
      assertEquals(1, all.size(), all.toString());
      return all.get(0);
    }
  }

  private static double figure(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertTrue(m.find(), "no '" + regex + "' in\n" + out);
    return Double.parseDouble(m.group(1));
  }

  private JsonNode lastResult(String operation) throws IOException {
    try (Stream<Path> s = Files.list(tmp.resolve("runs"))) {
      Path dir = s.filter(p -> p.getFileName().toString().endsWith("-spark-" + operation)).sorted()
          .reduce((a, b) -> b).orElseThrow();
      return ResultWriter.mapper().readTree(dir.resolve("result.json").toFile());
    }
  }

  private int partFiles(String uri) throws IOException {
    FileSystem fs = FileSystem.newInstance(URI.create(uri), conf());
    try {
      int n = 0;
      for (FileStatus st : fs.listStatus(new org.apache.hadoop.fs.Path(uri))) {
        n += st.getPath().getName().startsWith("part-") ? 1 : 0;
      }
      return n;
    } finally {
      fs.close();
    }
  }

  private long parquetBytes(String uri) throws IOException {
    FileSystem fs = FileSystem.newInstance(URI.create(uri), conf());
    try {
      long total = 0;
      for (FileStatus st : fs.listStatus(new org.apache.hadoop.fs.Path(uri))) {
        String n = st.getPath().getName();
        if (st.isFile() && n.startsWith("part-") && n.endsWith(".parquet")) {
          total += st.getLen();
        }
      }
      return total;
    } finally {
      fs.close();
    }
  }

  @Test
  void generateCountCopyCount() throws Exception {
    long rows = RECORDS * ITERATIONS;
    io.harness.testkit.Run gen = harness("spark", "generate", source(), "--records", "" + RECORDS, "--iteration",
        "" + ITERATIONS, "--record-size", "1KB", "--seed", "" + SEED);
    assertEquals(0, gen.code(), gen.toString());
    assertTrue(gen.out().contains("spark generate: " + rows + " rows, " + rows * RECORD_SIZE + " payload bytes"),
        gen.out());
    long written = parquetBytes(source());
    assertTrue(written > rows * RECORD_SIZE, "Parquet holds at least the payloads: " + written);
    assertEquals(written / (double) (1 << 20), figure(gen.out(), "([0-9.]+) MB of Parquet"), 0.006);
    JsonNode genJson = lastResult("generate");
    assertEquals(0, genJson.get("exitCode").asInt());
    assertEquals(written, genJson.at("/figures/bytesWritten").asLong());
    assertEquals(rows, genJson.at("/figures/rows").asLong());
    assertEquals(ITERATIONS, genJson.at("/figures/batches").size(), "batches");
    assertEquals(partFiles(source()), genJson.get("tasks").size(), "one Spark task per file written");
    assertEquals(genJson.at("/figures/taskBytesWritten").asLong(), genJson.at("/aggregate/bytes").asLong());
    assertEquals(written, genJson.at("/figures/taskBytesWritten").asLong(),
        "Spark's output metrics count exactly the Parquet files' bytes");
    double genSeconds = genJson.at("/figures/elapsedSeconds").asDouble();
    assertEquals(written / (double) (1 << 20) / genSeconds, genJson.at("/figures/mbPerSec").asDouble(), 1e-9);

    io.harness.testkit.Run count = harness("spark", "count", source());
    assertEquals(0, count.code(), count.toString());
    assertTrue(count.out().contains("spark count: " + rows + " rows"), count.out());
    assertEquals(written, lastResult("count").at("/figures/bytesRead").asLong());

    io.harness.testkit.Run copy = harness("spark", "copy", source(), destination());
    assertEquals(0, copy.code(), copy.toString());
    long copied = parquetBytes(destination());
    JsonNode copyJson = lastResult("copy");
    assertEquals(written, copyJson.at("/figures/bytesRead").asLong());
    assertEquals(copied, copyJson.at("/figures/bytesWritten").asLong());
    assertTrue(copy.out().contains("MB/s read"), copy.out());

    io.harness.testkit.Run count2 = harness("spark", "count", destination(), "--verify", "--expect-rows", "" + rows);
    assertEquals(0, count2.code(), count2.toString());
    assertTrue(count2.out().contains("spark count: " + rows + " rows"), count2.out());
    assertTrue(count2.out().contains("spark count --verify: OK"), count2.out());

    // and the rows themselves, read by a Spark session of the test's own
    SparkSession.Builder b = SparkSession.builder().master("local[2]").appName("check")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1");
    for (Map.Entry<String, String> e : cluster.configuration()) {
      b.config("spark.hadoop." + e.getKey(), e.getValue());
    }
    SparkSession spark = b.getOrCreate();
    try {
      Dataset<Row> src = spark.read().parquet(source());
      Dataset<Row> dst = spark.read().parquet(destination());
      assertEquals("struct<id:bigint,payload:binary>", src.schema().simpleString());
      Row r = src.agg(org.apache.spark.sql.functions.count(col("id")), countDistinct(col("id")), min("id"),
          max("id"), min(length(col("payload"))), max(length(col("payload")))).first();
      assertEquals(rows, r.getLong(0), "rows");
      assertEquals(rows, r.getLong(1), "ids unique (count distinct == count)");
      assertEquals(0L, r.getLong(2));
      assertEquals(rows - 1, r.getLong(3), "ids 0 .. N x I - 1: unique across batches");
      assertEquals(RECORD_SIZE, r.getInt(4), "payload size");
      assertEquals(RECORD_SIZE, r.getInt(5), "payload size");
      // every payload is the seeded data of its id (3000 x 1 KB: small enough to look at here)
      List<Row> all = src.select("id", "payload").collectAsList();
      byte[] expected = new byte[RECORD_SIZE];
      for (Row row : all) {
        new SeededData(SEED, row.getLong(0)).fill(expected, 0, RECORD_SIZE, 0);
        assertArrayEquals(expected, (byte[]) row.get(1), "payload of id " + row.getLong(0));
      }
      assertEquals(rows, dst.count(), "the copy's rows");
      assertEquals(0, src.except(dst).count(), "every source row is in the copy");
      assertEquals(0, dst.except(src).count(), "every copied row is in the source");
    } finally {
      spark.stop();
    }

    // generate refuses the existing data set; --overwrite replaces it
    io.harness.testkit.Run again = harness("spark", "generate", source(), "--records", "10");
    assertEquals(2, again.code(), again.toString());
    assertFalse(again.out().contains("rows"), again.out());
    io.harness.testkit.Run over = harness("spark", "generate", source(), "--records", "10", "--overwrite", "--verify");
    assertEquals(0, over.code(), over.toString());
    assertTrue(over.out().contains("spark count --verify: OK"), over.out());
    io.harness.testkit.Run count3 = harness("spark", "count", source());
    assertTrue(count3.out().contains("spark count: 10 rows"), count3.out());
  }
}
