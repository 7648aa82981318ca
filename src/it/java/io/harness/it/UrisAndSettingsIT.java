package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Refusals;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * URIs, classes and settings the run could not use, tried on every command: a path Hadoop cannot read, a file
 * system URI read the wrong way, a file system whose class is not on the class path, a setting Hadoop would read as
 * a number, a size, a time, a boolean or a class. Each is one line, exit 2, before anything is created or started.
 */
class UrisAndSettingsIT {
  @TempDir
  Path work;

  private Refusals refusals;
  private String runs;

  @BeforeEach
  void setUp() {
    refusals = new Refusals(work);
    runs = work.resolve("runs").toString();
  }

  /** Each workload on the file system, its path argument (by the name that refusals give it) set to {@code path}. */
  private Map<String, String[]> workloads(String path) {
    return Map.of(
        "--root", new String[] {"dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", path, "--run-dir",
            runs},
        "OUT_DIR", new String[] {"teragen", "10", path, "--run-dir", runs},
        "DIR", new String[] {"teravalidate", path, "--run-dir", runs},
        "--path", new String[] {"freon", "dfsg", "-n", "1", "--path", path, "--run-dir", runs},
        "--path ", new String[] {"namespace", "-n", "2", "--path", path, "--run-dir", runs});
  }

  @Test
  void pathsHadoopCannotRead() throws Exception {
    for (String bad : new String[] {"file:", "hdfs:", "a:b"}) {
      for (Map.Entry<String, String[]> w : workloads(bad).entrySet()) {
        refusals.refused(w.getKey().trim() + ": '" + bad + "' is not a path", w.getValue());
      }
      refusals.refused("PATH: '" + bad + "' is not a path", "dfsio", "analyze", bad);
    }
  }

  @Test
  void fileSystemsThatCannotLoad() throws Exception {
    String local = work.resolve("data").toString();
    for (String bad : new String[] {"file:", "hdfs:", "ofs:", "nn:port"}) {
      for (String[] line : workloads(local).values()) {
        refusals.refused("-fs: '" + bad + "' is not a file system URI", Cli.concat(line, "-fs", bad));
      }
    }
    for (String[] line : workloads(local).values()) {
      refusals.refused("-D fs.defaultFS: 'file:' is not a file system URI", Cli.concat(line, "-D", "fs.defaultFS=file:"));
      refusals.refused("-fs: 'hdfs://nn:abc' names port 'abc'", Cli.concat(line, "-fs", "hdfs://nn:abc"));
      refusals.refused("-fs: 'hdfs://nn:99999' names port '99999'", Cli.concat(line, "-fs", "hdfs://nn:99999"));
    }
    refusals.refused("--root: 'hdfs://nn:x/' names port 'x'", "dfsio", "-write", "--root", "hdfs://nn:x/d",
        "--run-dir", runs);
    // a scheme Hadoop's defaults map to a class that is not on this class path
    for (Map.Entry<String, String[]> w : workloads("wasb://c@a.blob.core.windows.net/x").entrySet()) {
      refusals.refused(w.getKey().trim() + ": no file system for scheme 'wasb' on this class path", w.getValue());
    }
    for (String[] line : workloads("/x").values()) {
      refusals.refused("-fs: no file system for scheme 'abfs' on this class path",
          Cli.concat(line, "-fs", "abfs://c@a.dfs.core.windows.net/"));
      refusals.refused("-D fs.file.impl: class no.such.Class cannot be loaded",
          Cli.concat(line, "-D", "fs.file.impl=no.such.Class"));
      refusals.refused("-fs: given twice", Cli.concat(line, "-fs", "file:///", "-fs", "hdfs://nn:8020"));
      refusals.refused("-libjars: given twice", Cli.concat(line, "-libjars", "a.jar", "-libjars", "b.jar"));
    }
    Path saved = savedRun();
    refusals.refused("-D fs.nofs.impl: class org.example.NoFs cannot be loaded", "analyze", saved.toString(), "-D",
        "fs.nofs.impl=org.example.NoFs");
  }

  @Test
  void settingsHadoopCannotRead() throws Exception {
    Object[][] cases = {
        {"io.file.buffer.size=abc", "-D io.file.buffer.size: 'abc' is not a whole number"},
        {"io.file.buffer.size=-1", "-D io.file.buffer.size: must be positive, was -1"},
        {"io.file.buffer.size=0", "-D io.file.buffer.size: must be positive, was 0"},
        {"dfs.replication=three", "-D dfs.replication: 'three' is not a whole number"},
        {"dfs.blocksize=xyz", "-D dfs.blocksize: 'xyz' is not a size"},
        {"dfs.permissions.enabled=yes", "-D dfs.permissions.enabled: 'yes' is not true or false"},
        {"ozone.scm.chunk.size=big", "-D ozone.scm.chunk.size: 'big' is not a size"},
        {"fs.s3a.connection.timeout=soon", "-D fs.s3a.connection.timeout: 'soon' is not a time span"}};
    List<String[]> commands = new ArrayList<>(workloads(work.resolve("data").toString()).values());
    commands.add(new String[] {"analyze", savedRun().toString()});
    commands.add(new String[] {"cluster", "hdfs:1", "--data", work.resolve("c").toString()});
    Path experiment = Files.writeString(work.resolve("e.yaml"), "targets:\n  local: {fs: \"file:///\", root: "
        + work.resolve("e-root") + "}\nworkloads:\n  - run: dfsio -write -nrFiles 1 -fileSize 1MB --root "
        + "${root}/w\n");
    commands.add(new String[] {"experiment", experiment.toString(), "-o", work.resolve("e").toString()});
    for (String[] line : commands) {
      for (Object[] c : cases) {
        refusals.refused((String) c[1], Cli.concat(line, "-D", (String) c[0]));
      }
    }
    // a -conf file's properties, read the same way
    Path conf = Files.writeString(work.resolve("site.xml"), "<configuration><property><name>io.file.buffer.size"
        + "</name><value>4k</value></property></configuration>\n");
    refusals.refused("-conf " + conf + " (io.file.buffer.size): '4k' is not a whole number",
        Cli.concat(commands.get(0), "-conf", conf.toString()));
    // the forms Hadoop reads pass; a cluster's -conf file may name what only its servers read
    Path cluster = Files.writeString(work.resolve("cluster-site.xml"), "<configuration><property><name>"
        + "dfs.net.topology.impl</name><value>org.example.ServersOnly</value></property><property><name>"
        + "ozone.server.default.replication</name><value>ONE</value></property></configuration>\n");
    Run ok = Cli.run("dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", work.resolve("ok").toString(),
        "--run-dir", runs, "-resFile", work.resolve("res.log").toString(), "-D", "dfs.blocksize=128m", "-D",
        "io.file.buffer.size=8192", "-D", "dfs.permissions.enabled=FALSE", "-D", "fs.s3a.multipart.size=64M", "-D",
        "ozone.replication=ONE", "-conf", cluster.toString());
    assertExit(ok, 0);
  }

  private Path savedRun() throws Exception {
    Run r = Cli.run("dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", work.resolve("s").toString(),
        "--run-dir", runs, "-resFile", work.resolve("res.log").toString());
    assertExit(r, 0);
    return Runs.latest(Path.of(runs));
  }

  /** The current folder as an output directory is not "the root of the file system"; nothing of a user's goes. */
  @Test
  void theCurrentFolderAsAnOutput() throws Exception {
    Path here = Files.createDirectories(work.resolve("here"));
    Files.writeString(here.resolve("notes.txt"), "keep");
    Run r = Cli.process(here, 120, "teragen", "100", ".", "--overwrite", "--run-dir", runs);
    assertExit(r, 2);
    assertTrue(r.err().contains("holds notes.txt, which teragen did not write; nothing deleted"), r.toString());
    assertFalse(r.err().contains("root of the file system"), r.toString());
    assertEquals("keep", Files.readString(here.resolve("notes.txt")));
  }

  /** A fully qualified root with --embedded is refused before the cluster starts. */
  @Test
  void aQualifiedRootWithEmbedded() throws Exception {
    Run r = refusals.refused("--root: 'ofs://x/vol/b/d' names a file system; with --embedded give a path on the "
        + "embedded cluster", "dfsio", "-write", "--embedded", "hdfs:1", "--root", "ofs://x/vol/b/d", "--run-dir", runs);
    assertFalse(r.err().contains("Starting embedded"), r.toString());
    refusals.refused("--path: 'hdfs://nn:8020/x' names a file system", "namespace", "--embedded", "hdfs:1", "--path",
        "hdfs://nn:8020/x", "--run-dir", runs);
  }

  /**
   * What a run makes outside its own directory goes again: namespace's default parent folder, the local job runner's
   * staging and local folders (under /tmp/hadoop* by default).
   */
  @Test
  void nothingLeftOutsideTheRun() throws Exception {
    Path parent = Path.of("/harness-namespace");
    boolean existed = Files.exists(parent);
    assertExit(Cli.run("namespace", "-n", "4", "--run-dir", runs), 0);
    assertEquals(existed, Files.exists(parent), "/harness-namespace left as it was");
    String user = System.getProperty("user.name");
    List<Path> hadoop = List.of(Path.of("/tmp/hadoop/mapred/staging"),
        Path.of("/tmp/hadoop-" + user + "/mapred/local/localRunner/" + user));
    List<List<String>> before = new ArrayList<>();
    for (Path p : hadoop) {
      before.add(list(p));
    }
    assertExit(Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "--engine", "mapreduce", "--root",
        work.resolve("mr").toString(), "--run-dir", runs, "-resFile", work.resolve("res.log").toString()), 0);
    for (int i = 0; i < hadoop.size(); i++) {
      assertEquals(before.get(i), list(hadoop.get(i)), hadoop.get(i) + " as it was");
    }
  }

  private static List<String> list(Path dir) throws java.io.IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
