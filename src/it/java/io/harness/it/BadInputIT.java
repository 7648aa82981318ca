package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.FileTree;
import io.harness.testkit.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the shipped bin/harness: exit 2, one line naming the argument, nothing created. */
class BadInputIT {
  @TempDir
  Path work;

  private void expectUsage(String expected, String... args) throws Exception {
    expectUsage(Map.of(), expected, args);
  }

  /** Exit 2, one line on stderr holding {@code expected}, and the work folder exactly as it was. */
  private void expectUsage(Map<String, String> env, String expected, String... args) throws Exception {
    FileTree before = FileTree.of(work);
    assertUsageError(Cli.process(work, 120, env, args), expected);
    before.assertUnchanged("nothing may be created or deleted by: " + String.join(" ", args));
  }

  @Test
  void everyBadArgumentExitsTwo() throws Exception {
    String root = work.resolve("root").toString();
    expectUsage("-fileSize: 'abc' is not a size", "dfsio", "-write", "-fileSize", "abc", "--root", root);
    expectUsage("-fileSize: must be positive, was -1MB", "dfsio", "-write", "-fileSize", "-1MB", "--root", root);
    expectUsage("-nrFiles: must be at least 1, was 0", "dfsio", "-write", "-nrFiles", "0", "--root", root);
    expectUsage("-nrFiles: must be at least 1, was -3", "dfsio", "-write", "-nrFiles", "-3", "--root", root);
    expectUsage("-bufferSize: must be positive, was 0", "dfsio", "-write", "-bufferSize", "0", "--root", root);
    expectUsage("no operation given", "dfsio", "-nrFiles", "2", "--root", root);
    expectUsage("give one operation, not both", "dfsio", "-write", "-read", "--root", root);
    expectUsage("-fs: no file system for scheme 'gopher'", "dfsio", "-write", "-fs", "gopher://x/", "--root", root);
  }

  @Test
  void malformedConfigurationFilesExitTwoBeforeHadoopReadsThem() throws Exception {
    Files.writeString(work.resolve("bad.xml"), "<configuration><property><name>a</name>");
    expectUsage("harness: -conf: bad.xml is not a well-formed Hadoop configuration: line 1, column ",
        "dfsio", "-write", "-conf", "bad.xml", "--root", work.resolve("root").toString());
    Path conf = Files.createDirectories(work.resolve("conf"));
    Path site = Files.writeString(conf.resolve("core-site.xml"), "<configuration><property></configuration>");
    expectUsage(Map.of("HADOOP_CONF_DIR", conf.toString()),
        "harness: $HADOOP_CONF_DIR: " + site + " is not a well-formed Hadoop configuration: line 1, column ",
        "dfsio", "-write", "--root", work.resolve("root").toString());
  }

  @Test
  void fileSystemUriWithoutAuthorityExitsTwo() throws Exception {
    String root = work.resolve("root").toString();
    expectUsage("harness: -fs: 'hdfs://' is not a file system URI: Expected authority", "dfsio", "-write",
        "-fs", "hdfs://", "--root", root);
    expectUsage("harness: -fs: 'hdfs:///' is not a file system URI: hdfs:// needs a host", "dfsio", "-write",
        "-fs", "hdfs:///", "--root", root);
    expectUsage("harness: -fs: 'o3fs:///' is not a file system URI: o3fs:// needs a bucket", "teragen", "10", "out",
        "-fs", "o3fs:///");
    expectUsage("harness: -D fs.defaultFS: 'hdfs://' is not a file system URI: Expected authority", "dfsio",
        "-write", "-D", "fs.defaultFS=hdfs://", "--root", root);
  }

  /** --run-dir, --json and -resFile are checked before the run: it never fails at its end for want of them. */
  @Test
  void localOutputsThatCannotBeWrittenExitTwo() throws Exception {
    Path file = Files.writeString(work.resolve("f"), "x");
    Files.createDirectories(work.resolve("d"));
    String root = work.resolve("root").toString();
    String runs = work.resolve("runs").toString();
    expectUsage("harness dfsio: --run-dir: must not be empty", "dfsio", "-write", "--root", root, "--run-dir", "");
    expectUsage("harness dfsio: --run-dir: " + file + " is a file, not a directory",
        "dfsio", "-write", "--root", root, "--run-dir", file.toString());
    expectUsage("harness dfsio: --run-dir: cannot create " + file.resolve("runs") + ": " + file
        + " is a file, not a directory", "dfsio", "-write", "--root", root,
        "--run-dir", file.resolve("runs").toString());
    expectUsage("harness dfsio: --json: cannot create " + file.resolve("x.json") + ": " + file
        + " is a file, not a directory", "dfsio", "-write", "--root", root, "--run-dir", runs,
        "--json", file.resolve("x.json").toString());
    expectUsage("harness dfsio: --json: " + work.resolve("d") + " is a directory, not a file",
        "dfsio", "-write", "--root", root, "--run-dir", runs, "--json", work.resolve("d").toString());
    expectUsage("harness dfsio: -resFile: cannot create " + file.resolve("res.log") + ": " + file
        + " is a file, not a directory", "dfsio", "-write", "--root", root, "--run-dir", runs,
        "-resFile", file.resolve("res.log").toString());
    expectUsage("harness dfsio: -resFile: " + work.resolve("d") + " is a directory, not a file",
        "dfsio", "-write", "--root", root, "--run-dir", runs, "-resFile", work.resolve("d").toString());
    // every workload records its run the same way
    expectUsage("harness teragen: --run-dir: " + file + " is a file, not a directory",
        "teragen", "10", work.resolve("out").toString(), "--run-dir", file.toString());
    expectUsage("harness freon dfsg: --json: " + work.resolve("d") + " is a directory, not a file",
        "freon", "dfsg", "-n", "1", "--path", work.resolve("p").toString(), "--json", work.resolve("d").toString());
  }

  /** A run root below a regular file on the target cannot be created: found before the run. */
  @Test
  void rootsUnderARegularFileExitTwo() throws Exception {
    Path file = Files.writeString(work.resolve("f"), "x");
    String runs = work.resolve("runs").toString();
    String under = "file:" + file + "/r cannot be created: file:" + file + " is a file, not a directory";
    expectUsage("harness dfsio: --root: " + under, "dfsio", "-write", "--root", file.resolve("r").toString(),
        "--run-dir", runs, "-resFile", work.resolve("res.log").toString());
    expectUsage("harness dfsio: --root: " + under, "dfsio", "-read", "--root", file.resolve("r").toString(),
        "--run-dir", runs, "-resFile", work.resolve("res.log").toString());
    expectUsage("harness teragen: OUT_DIR: " + under, "teragen", "10", file.resolve("r").toString(), "--run-dir", runs);
    expectUsage("harness freon dfsg: --path: " + under, "freon", "dfsg", "-n", "1", "--path",
        file.resolve("r").toString(), "--run-dir", runs);
  }

  /** The README's promise: a source that is not Parquet is bad input, found before Spark starts. */
  @Test
  void sparkSourceWithoutParquetExitsTwo() throws Exception {
    Path dir = Files.createDirectories(work.resolve("text"));
    Files.writeString(dir.resolve("x.txt"), "hi\n");
    String runs = work.resolve("runs").toString();
    String notParquet = dir.resolve("x.txt") + " is not a Parquet file (3 bytes; the shortest Parquet file has 12)";
    expectUsage("harness spark count: DIR: file:" + notParquet, "spark", "count", dir.toString(), "--run-dir", runs);
    expectUsage("harness spark copy: SRC: file:" + notParquet, "spark", "copy", dir.toString(),
        work.resolve("copy").toString(), "--run-dir", runs);
    expectUsage("harness spark generate: --master: 'nonsense://x' is not a Spark master URL", "spark", "generate",
        "--master", "nonsense://x", "--records", "10", work.resolve("sp").toString(), "--run-dir", runs);
    // the live options on Spark's class path (its Dropwizard metrics are version 4, Hadoop's 3)
    expectUsage("harness spark generate: --metrics-port: 'x' is not a port number (0 to 65535)", "spark", "generate",
        "--records", "10", work.resolve("sp").toString(), "--run-dir", runs, "--metrics-port", "x");
    expectUsage("harness spark count: --live-every: must be positive, was 0", "spark", "count", dir.toString(),
        "--run-dir", runs, "--live-csv", work.resolve("l.csv").toString(), "--live-every", "0");
  }

  @Test
  void readWithoutDataExitsOneAfterChecking() throws Exception {
    Run r = Cli.process(work, 120, "dfsio", "-read", "-nrFiles", "3", "--root",
        work.resolve("nothing").toString());
    assertExit(r, 1);
    assertTrue(r.err().contains("-read: 3 of 3 data file(s) missing"), r.err());
    assertTrue(Files.notExists(work.resolve("nothing")));
  }

  /** The time limit guards against a hang (the probe gives up after 45 s); it is not a speed check. */
  @Test
  void unreachableNamenodeFailsWithAClearMessage() throws Exception {
    Run r = Cli.process(work, 90, "dfsio", "-write", "-fs", "hdfs://127.0.0.1:1");
    assertExit(r, 1);
    assertTrue(r.err().contains("cannot reach hdfs://127.0.0.1:1"), r.err());
  }
}
