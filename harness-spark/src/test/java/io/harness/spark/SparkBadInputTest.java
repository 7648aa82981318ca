package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.spark.embedded.ClusterProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input exits 2 with one line on stderr naming the argument, before anything is started, created or
 * deleted: no Spark session, no cluster, no run folder, the file system as it was.
 */
class SparkBadInputTest {
  @TempDir
  Path tmp;

  private Path runs;
  private Path existing;
  private Path foreign;
  private List<String> before;

  @BeforeEach
  void setUp() throws IOException {
    runs = tmp.resolve("runs");
    // a data set as Spark leaves one (its file only looks like Parquet: the magic number at both ends, an
    // empty footer), and a directory that holds something else
    existing = Files.createDirectories(tmp.resolve("existing"));
    Files.write(existing.resolve("part-00000-1234-c000.snappy.parquet"),
        "PAR1\0\0\0\0PAR1".getBytes(StandardCharsets.US_ASCII));
    Files.createFile(existing.resolve("_SUCCESS"));
    foreign = Files.createDirectories(tmp.resolve("foreign"));
    Files.writeString(foreign.resolve("notes.txt"), "keep me");
    Files.createDirectories(tmp.resolve("empty"));
    before = tree();
  }

  private List<String> tree() throws IOException {
    try (Stream<Path> s = Files.walk(tmp)) {
      List<String> out = new ArrayList<>();
      s.forEach(p -> {
        try {
          out.add(tmp.relativize(p) + (Files.isRegularFile(p) ? " " + Files.size(p) : ""));
        } catch (IOException e) {
          throw new RuntimeException(e);
        }
      });
      return out;
    }
  }

  private String url(String name) {
    return tmp.resolve(name).toUri().toString();
  }

  /** Runs the command, checks exit 2, one line naming {@code argument}, and that nothing changed. */
  private String bad(String argument, String... args) throws IOException {
    List<String> line = new ArrayList<>(Arrays.asList(args));
    line.add("--run-dir");
    line.add(runs.toString());
    io.harness.testkit.Run r = io.harness.testkit.Cli.run(line.toArray(new String[0]));
    assertEquals(2, r.code(), r.toString());
    assertEquals(1, r.errLines().size(), "one line on stderr: " + r.err());
    String err = r.errLines().get(0);
    assertTrue(err.startsWith("harness spark " + args[1] + ": " + argument), err);
    assertEquals("", r.out(), "nothing on stdout");
    assertFalse(Files.exists(runs), "no run folder");
    assertEquals(before, tree(), "the file system is as it was");
    return err;
  }

  @Test
  void missingSource() throws IOException {
    assertTrue(bad("DIR", "spark", "count", url("missing")).contains("no such file or directory"));
    assertTrue(bad("SRC", "spark", "copy", url("missing"), url("out")).contains("no such file or directory"));
    assertTrue(bad("SRC", "spark", "copy", url("empty"), url("out")).contains("holds no Parquet data files"));
  }

  /** Files that are not Parquet are found before Spark starts: by the magic number at their start and end. */
  @Test
  void sourceWithFilesThatAreNotParquet() throws IOException {
    Path text = Files.createDirectories(tmp.resolve("text"));
    Files.writeString(text.resolve("x.txt"), "hello\n");
    Path mixed = Files.createDirectories(tmp.resolve("mixed"));
    Files.copy(existing.resolve("part-00000-1234-c000.snappy.parquet"), mixed.resolve("part-00000.parquet"));
    Files.write(mixed.resolve("part-00001.parquet"),
        "PAR1 cut off before its footer".getBytes(StandardCharsets.US_ASCII));
    Path empty = Files.createDirectories(tmp.resolve("only-empty"));
    Files.createFile(empty.resolve("part-00000.parquet"));
    before = tree();
    String notParquet = "x.txt is not a Parquet file";
    assertTrue(bad("DIR", "spark", "count", url("text")).contains(notParquet + " (6 bytes; the shortest"));
    assertTrue(bad("SRC", "spark", "copy", url("text"), url("out")).contains(notParquet));
    assertTrue(bad("DIR", "spark", "count", url("mixed")).contains("part-00001.parquet is not a Parquet file (it does "
        + "not start and end with the magic number PAR1)"));
    assertTrue(bad("DIR", "spark", "count", url("only-empty")).contains("part-00000.parquet is empty, as is every "
        + "data file of the set"));
  }

  @Test
  void existingDestinationWithoutOverwrite() throws IOException {
    assertTrue(bad("DST", "spark", "copy", url("existing"), url("foreign")).contains("already exists"));
    assertTrue(bad("DIR", "spark", "generate", url("existing"), "--records", "10").contains("already exists"));
    // --overwrite replaces Spark output only
    assertTrue(bad("--overwrite", "spark", "generate", url("foreign"), "--records", "10", "--overwrite")
        .contains("notes.txt"));
    assertTrue(bad("--overwrite", "spark", "copy", url("existing"), url("foreign"), "--overwrite")
        .contains("notes.txt"));
    assertTrue(bad("DST", "spark", "copy", url("existing"), url("existing") + "/sub").contains("overlaps"));
  }

  /** A local output of the line in a data set the run reads or writes would be read as data, or written over it. */
  @Test
  void aLocalOutputInTheDataSet() throws IOException {
    assertTrue(bad("--json", "spark", "count", url("existing"), "--json", existing.resolve("_SUCCESS").toString())
        .contains(" is in DIR (" + existing + ")"));
    assertTrue(bad("--live-csv", "spark", "copy", url("existing"), url("out"), "--live-csv",
        tmp.resolve("out/live.csv").toString()).contains(" is in DST (" + tmp.resolve("out") + ")"));
    assertTrue(bad("--json", "spark", "copy", url("existing"), url("out"), "--json",
        existing.resolve("r.json").toString()).contains(" is in SRC"));
    assertTrue(bad("--json", "spark", "generate", url("new"), "--records", "10", "--json",
        tmp.resolve("new/_harness-spark-generate.json").toString()).contains(" is in DIR"));
  }

  @Test
  void badNumbers() throws IOException {
    assertTrue(bad("--records", "spark", "generate", url("new"), "--records", "0").contains("at least 1, was 0"));
    bad("--iteration", "spark", "generate", url("new"), "--records", "10", "--iteration", "0");
    bad("--record-size", "spark", "generate", url("new"), "--records", "10", "--record-size", "0");
    bad("--record-size", "spark", "generate", url("new"), "--records", "10", "--record-size", "12X");
    bad("--records", "spark", "generate", url("new"), "--records", "9223372036854775807", "--iteration", "2");
    bad("--partitions", "spark", "generate", url("new"), "--records", "10", "--partitions", "0");
    // the payloads' bytes: more than a long is refused, and more than the local disk has free without --force
    assertTrue(bad("--records x --iteration x --record-size", "spark", "generate", url("new"), "--records",
        "9223372036854775807").contains("is more bytes than a run can count"));
    assertTrue(bad("--force", "spark", "generate", url("new"), "--records", "100000000", "--iteration", "1000")
        .contains("to the local disk under " + url("new").replaceFirst("^file:/+", "file:/")));
    bad("--compression", "spark", "generate", url("new"), "--records", "10", "--compression", "rar");
  }

  /** Spark's own settings read as Spark reads them, before its session starts: not a failure minutes in. */
  @Test
  void sparkSettingsOfTheWrongKind() throws IOException {
    assertTrue(bad("-c spark.sql.shuffle.partitions", "spark", "count", url("existing"), "-c",
        "spark.sql.shuffle.partitions=abc").contains("'abc' is not what Spark reads it as"));
    bad("-c spark.executor.memory", "spark", "generate", url("new"), "--records", "10", "-c",
        "spark.executor.memory=lots");
    bad("-c spark.sql.adaptive.enabled", "spark", "copy", url("existing"), url("out"), "-c",
        "spark.sql.adaptive.enabled=maybe");
    bad("DIR", "spark", "count", "file:");
  }

  /**
   * Rows the heap cannot hold while Spark and Parquet write them (measured: 64 MB rows fit a 4 GB heap with two
   * tasks at once, 100 MB rows ran it out of memory, Spark's exit 52) are refused before anything is made.
   */
  @Test
  void rowsTheHeapCannotHold() throws IOException {
    long heap = Runtime.getRuntime().maxMemory();
    // one task at a time; rows so large that 20 copies of one exceed any heap this test runs with
    long rowBytes = Math.min(1L << 30, Math.max(64L << 20, heap / 10));
    String err = bad("--record-size", "spark", "generate", url("new"), "--records", "10", "--partitions", "1",
        "--record-size", rowBytes + "B");
    assertTrue(err.contains("each of the 1 task(s) that write at once") && err.contains("this JVM's heap"), err);
    // on a cluster master: an executor's heap, spark.executor.memory
    assertTrue(bad("--record-size", "spark", "generate", url("new"), "--records", "10", "--master",
        "spark://127.0.0.1:7", "-c", "spark.executor.memory=1g", "--record-size", "100MB")
        .contains("spark.executor.memory"));
  }

  @Test
  void unknownScheme() throws IOException {
    assertTrue(bad("DIR", "spark", "generate", "nofs://host/data", "--records", "10")
        .contains("no file system for scheme 'nofs'"));
    assertTrue(bad("DST", "spark", "copy", url("existing"), "nofs://host/copy")
        .contains("no file system for scheme 'nofs'"));
    assertTrue(bad("DIR", "spark", "count", "nofs://host/data").contains("nofs"));
  }

  @Test
  void sparkAndClusterOptions() throws IOException {
    bad("--master", "spark", "count", url("existing"), "--master", "local[x]");
    bad("--master", "spark", "count", url("existing"), "--master", "nowhere");
    assertTrue(bad("--spark-conf", "spark", "count", url("existing"), "-c", "fs.defaultFS=x")
        .contains("-D fs.defaultFS"));
    bad("--spark-conf", "spark", "count", url("existing"), "--spark-conf", "dfs.replication=1");
    bad("--embedded", "spark", "count", "/data", "--embedded", "cassandra");
    bad("--embedded", "spark", "count", "/data", "--embedded", "hdfs:0");
    assertTrue(bad("DIR", "spark", "count", url("existing"), "--embedded", "hdfs").contains("names a file system"));
    assertTrue(bad("--embedded", "spark", "count", "/data", "--embedded", "hdfs", "-fs", "hdfs://nn:8020")
        .contains("-fs"));
  }

  /** --profile and --instrument are checked with the rest: an unknown event or rule set creates nothing. */
  @Test
  void unknownProfileEventOrRuleSet() throws IOException {
    String err = bad("--profile", "spark", "generate", url("new"), "--records", "10", "--profile", "cycles");
    assertTrue(err.contains("unknown event 'cycles'") && err.contains("cpu, wall, alloc, lock"), err);
    bad("--profile", "spark", "count", url("existing"), "--profile", "cycles");
    bad("--profile", "spark", "copy", url("existing"), url("new"), "--profile", "cycles");
    bad("--instrument", "spark", "generate", url("new"), "--records", "10", "--instrument=everything");
    assertFalse(Files.exists(tmp.resolve("new")));
  }

  @Test
  void embeddedWithoutServerClassPath() throws IOException {
    String[] keys = {ClusterProcess.CLASSPATH_PROPERTY, ClusterProcess.CLASSPATH_FILE_PROPERTY};
    String[] saved = new String[keys.length];
    for (int i = 0; i < keys.length; i++) {
      saved[i] = System.getProperty(keys[i]);
      System.clearProperty(keys[i]);
    }
    try {
      assertTrue(bad("--embedded", "spark", "generate", "/data", "--records", "10", "--embedded", "ozone")
          .contains(ClusterProcess.CLASSPATH_ENV));
    } finally {
      for (int i = 0; i < keys.length; i++) {
        if (saved[i] != null) {
          System.setProperty(keys[i], saved[i]);
        }
      }
    }
  }
}
