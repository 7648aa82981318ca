package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.FileTree;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Careless and hostile input to every command that takes it, run in this JVM through the real entry point: exit
 * 2, one line on stderr naming the argument and why, no stack trace, and nothing created or written (the work
 * folder, where every output of these lines points, is exactly as it was).
 */
class CarelessInputIT {
  /** A place where root passes every permission check and nothing can be created. */
  private static final Path VIRTUAL = Path.of("/proc/harness-careless/out");

  @TempDir
  Path work;

  private Path run;
  private String runs;
  private String root;

  /** One saved run for the commands that read runs (analyze, report, compare). */
  @BeforeEach
  void saveOneRun() throws Exception {
    runs = work.resolve("runs").toString();
    root = work.resolve("root").toString();
    Run r = Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "--root", root,
        "--run-dir", runs, "-resFile", work.resolve("res.log").toString());
    assertExit(r, 0);
    run = Runs.latest(work.resolve("runs"));
  }

  private void refused(String expected, String... args) throws IOException {
    refused(Map.of(), expected, args);
  }

  /** Exit 2, one line holding {@code expected}, no stack trace, nothing created or changed under the work folder. */
  private void refused(Map<String, String> env, String expected, String... args) throws IOException {
    FileTree before = FileTree.of(work);
    Run r = Cli.run(env, args);
    String line = String.join(" ", args);
    assertExit(r, 2);
    List<String> lines = r.err().strip().lines().filter(l -> !l.startsWith("Starting embedded")).toList();
    assertEquals(1, lines.size(), line + ": one line: " + r.err());
    assertTrue(lines.get(0).contains(expected), line + ": expected '" + expected + "' in: " + r.err());
    assertNoStackTrace(r);
    before.assertUnchanged("nothing may be created or changed by: " + line);
    assertFalse(Files.exists(VIRTUAL.getParent()), VIRTUAL.getParent() + " exists");
  }

  /** Every local output of every command, placed where the file system refuses it: found before the run. */
  @Test
  void localOutputsTheFileSystemRefuses() throws Exception {
    String v = VIRTUAL.toString();
    String json = VIRTUAL.resolve("r.json").toString();
    String tooLong = work.resolve("x".repeat(300) + ".json").toString();
    refused("--run-dir: cannot create " + v, "dfsio", "-write", "--root", root, "--run-dir", v);
    refused("--json: cannot create " + json, "dfsio", "-write", "--root", root, "--run-dir", runs, "--json", json);
    refused("--json: cannot create " + tooLong + ": File name too long", "dfsio", "-write", "--root", root,
        "--run-dir", runs, "--json", tooLong);
    refused("-resFile: cannot create " + json, "dfsio", "-write", "--root", root, "--run-dir", runs, "-resFile", json);
    refused("--run-dir: cannot create " + v, "teragen", "10", work.resolve("t").toString(), "--run-dir", v);
    refused("--json: cannot create " + json, "freon", "dfsg", "-n", "1", "--path", root, "--run-dir", runs,
        "--json", json);
    refused("-o: cannot create " + json, "report", run.toString(), "-o", json);
    refused("-o: cannot create " + json, "compare", run.toString(), run.toString(), "-o", json);
    refused("--csv: cannot create " + json, "compare", run.toString(), run.toString(), "--csv", json);
    refused("--json: cannot create " + json, "analyze", run.toString(), "--json", json);
    refused("-o: cannot create " + v, "experiment", experiment().toString(), "-o", v);
    refused("--report: cannot create " + json, "attach", Long.toString(ProcessHandle.current().pid()),
        "--report", json);
  }

  private Path experiment() throws IOException {
    return Files.writeString(work.resolve("e.yaml"), "targets:\n  local: {fs: \"file:///\", root: " + root
        + "}\nworkloads:\n  - run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/w\n");
  }

  /**
   * An output that is a file the line reads or another output writes: a saved run's own files (analyze, report,
   * compare), a -conf file, two outputs of one workload; and report.html in a run's folder that is a symbolic link.
   */
  @Test
  void outputsThatWouldWriteOverAnInput() throws Exception {
    String result = run.resolve("result.json").toString();
    refused("-o: " + result + " is the result.json of the run " + run, "report", run.toString(), "-o", result);
    refused("--json: " + result + " is the result.json", "analyze", run.toString(), "--json", result);
    String records = run.resolve("records.jsonl.gz").toString();
    refused("--csv: " + records + " is the records.jsonl.gz", "compare", run.toString(), run.toString(), "--csv",
        records);
    refused("-o: " + result + " is the result.json", "compare", "--group", "a=" + run, run.toString(), "-o", result);
    String html = work.resolve("c.html").toString();
    refused("--csv: " + html + " is also -o's", "compare", run.toString(), run.toString(), "-o", html, "--csv", html);
    Path conf = Files.writeString(work.resolve("site.xml"), "<configuration/>\n");
    String res = work.resolve("res.log").toString();
    String[] dfsio = {"dfsio", "-write", "--root", root, "--run-dir", runs, "-resFile", res};
    refused("--json: " + conf + " is -conf's " + conf + ", which this line reads",
        concat(dfsio, "-conf", conf.toString(), "--json", conf.toString()));
    refused("-resFile: " + res + " is also --json's", concat(dfsio, "--json", res));
    refused("-resFile: " + res + " is also --live-csv's", concat(dfsio, "--live-csv", res));
    refused("--json: " + runs + " is also --run-dir's", concat(dfsio, "--json", runs));
    Path other = Files.writeString(work.resolve("other.html"), "keep");
    Files.delete(run.resolve("report.html"));
    Files.createSymbolicLink(run.resolve("report.html"), other);
    refused("RUN_DIR: " + run.resolve("report.html") + " is a symbolic link", "report", run.toString());
    assertEquals("keep", Files.readString(other));
  }

  private static String[] concat(String[] line, String... more) {
    return java.util.stream.Stream.concat(java.util.Arrays.stream(line), java.util.Arrays.stream(more))
        .toArray(String[]::new);
  }

  /** Sizes that overflow a long, or that the local disk cannot hold: refused with both numbers. */
  @Test
  void sizesThatCannotFit() throws Exception {
    refused("ROWS: 99999000000000000 x 100 B is more bytes than a run can count (8 EB)",
        "teragen", "99999t", work.resolve("t").toString(), "--run-dir", runs);
    refused("ROWS: 92233720368547759 x 100 B is more bytes than a run can count",
        "teragen", "92233720368547759", work.resolve("t").toString(), "--run-dir", runs);
    refused("--force: the run writes 976.56 GB to the local disk under " + root + "x, which has ",
        "dfsio", "-write", "-nrFiles", "1000000", "-fileSize", "1", "--root", root + "x", "--run-dir", runs,
        "-resFile", work.resolve("res.log").toString());
    refused("-n x -s: 9223372036854775807 x 1 MB is more bytes than a run can count",
        "freon", "dfsg", "-n", Long.toString(Long.MAX_VALUE), "-s", "1MB", "--path", root, "--run-dir", runs);
    refused("--buffer: must be below 2 GB, was 3GB", "freon", "dfsg", "-n", "1", "-s", "1MB", "--buffer", "3GB",
        "--path", root, "--run-dir", runs);
  }

  /** A DTD in any configuration file the harness reads: refused, so no entity of it is ever resolved. */
  @Test
  void configurationFilesWithADoctype() throws Exception {
    String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE configuration [ <!ENTITY x SYSTEM \"file:///etc/hostname\"> ]>\n"
        + "<configuration><property><name>harness.x</name><value>&x;</value></property></configuration>\n";
    Path file = Files.writeString(work.resolve("xxe.xml"), xxe);
    refused("-conf: " + file + " has a DOCTYPE declaration: DTDs and entities are refused", "dfsio", "-write",
        "--root", root, "--run-dir", runs, "-conf", file.toString());
    Path dir = Files.createDirectories(work.resolve("conf"));
    Files.writeString(dir.resolve("core-site.xml"), xxe);
    refused(Map.of("HADOOP_CONF_DIR", dir.toString()), "$HADOOP_CONF_DIR: " + dir.resolve("core-site.xml")
        + " has a DOCTYPE declaration", "dfsio", "-write", "--root", root, "--run-dir", runs);
    // an XInclude, which Hadoop's reader would follow: a URL it would connect to, a local file that is no configuration
    Path text = Files.writeString(work.resolve("notes.txt"), "not for the settings\n");
    for (String[] c : new String[][] {{"http://127.0.0.1:9/x.xml", "only local files may be included"},
        {text.toUri().toString(), "is not a well-formed Hadoop configuration: line 1"}}) {
      String include = "<?xml version=\"1.0\"?>\n<configuration><xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\""
          + " href=\"" + c[0] + "\"/></configuration>\n";
      Files.writeString(file, include);
      refused("-conf: " + file + " includes " + c[0] + " (line 2)", "dfsio", "-write", "--root", root, "--run-dir",
          runs, "-conf", file.toString());
      Files.writeString(dir.resolve("core-site.xml"), include);
      refused(Map.of("HADOOP_CONF_DIR", dir.toString()), "$HADOOP_CONF_DIR: " + dir.resolve("core-site.xml")
          + " includes " + c[0] + " (line 2)", "dfsio", "-write", "--root", root, "--run-dir", runs);
      refused(c[1], "dfsio", "-write", "--root", root, "--run-dir", runs, "-conf", file.toString());
    }
    // an experiment's file with a key given twice: not the last one silently taken
    Path twice = Files.writeString(work.resolve("twice.yaml"), Files.readString(experiment()) + "repeat: 1\nrepeat: 2\n");
    refused("not YAML: Duplicate field 'repeat'", "experiment", twice.toString(), "-o", work.resolve("e").toString());
  }

  /** Names that leave their root, and roots whose URI names no host. */
  @Test
  void pathsThatEscapeOrNameNoHost() throws Exception {
    for (String prefix : new String[] {"..", ".", "a/..", "../x"}) {
      refused("--prefix: must be one directory name under --path", "freon", "dfsg", "-n", "3", "-p", prefix,
          "--path", root, "--run-dir", runs);
    }
    refused("--root: hdfs:/// names no host", "dfsio", "-write", "--root", "hdfs:///x", "--run-dir", runs);
    refused("--path: hdfs:/// names no host", "freon", "dfsg", "-n", "1", "--path", "hdfs:///x", "--run-dir", runs);
    refused("OUT_DIR: o3fs:/// names no bucket", "teragen", "10", "o3fs:///x", "--run-dir", runs);
  }

  /** Settings, options and files of the wrong kind. */
  @Test
  void settingsAndFilesOfTheWrongKind() throws Exception {
    refused("-D dfs.replication: 'abc' is not a whole number", "dfsio", "-write", "--embedded", "hdfs:1",
        "-D", "dfs.replication=abc", "--run-dir", runs, "-resFile", work.resolve("res.log").toString());
    refused("-D: '=x' has no key", "dfsio", "-write", "-D", "=x", "--root", root, "--run-dir", runs);
    refused("-conf: " + work + " is a directory", "dfsio", "-write", "-conf", work.toString(), "--root", root,
        "--run-dir", runs);

    Path bad = Files.createDirectories(work.resolve("bad"));
    for (String f : new String[] {"result.json", "records.jsonl.gz", "latency.hlog.gz"}) {
      Files.copy(run.resolve(f), bad.resolve(f));
    }
    try (PrintStream p = new PrintStream(new GZIPOutputStream(Files.newOutputStream(bad.resolve("records.jsonl.gz"))),
        true, StandardCharsets.UTF_8)) {
      p.println("{\"format\": \"one\"}");
    }
    refused(bad.resolve("records.jsonl.gz") + " line 1: not the records' first line (field 'format' is \"one\", "
        + "not a whole number)", "analyze", bad.toString());
    Files.writeString(bad.resolve("result.json"), "{\"workload\": [1]}");
    refused(bad.resolve("result.json") + " is not a run's result: field 'workload' is [1], not a string",
        "report", bad.toString());
  }

  /**
   * The live options on every command that has them (every workload, harness experiment): values of the wrong kind,
   * a port in use, an address not of this machine, a CSV where no file can be, options that would do nothing. The
   * port is checked by listening on it, before the run's folder, and the CSV's place before it is made.
   */
  @Test
  void liveOptionsCarelessly() throws Exception {
    Path file = Files.writeString(work.resolve("f"), "x");
    String csv = work.resolve("live.csv").toString();
    String[][] commands = {
        {"dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", root, "--run-dir", runs},
        {"teragen", "10", work.resolve("t").toString(), "--run-dir", runs},
        {"freon", "dfsg", "-n", "1", "--path", root, "--run-dir", runs},
        {"namespace", "-n", "2", "--path", root + "/ns", "--run-dir", runs},
        {"experiment", experiment().toString(), "-o", work.resolve("e").toString()}};
    try (java.net.ServerSocket busy = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      String inUse = Integer.toString(busy.getLocalPort());
      Object[][] cases = {
          {"--metrics-port: must be a port number (0 to 65535), was 65536", new String[] {"--metrics-port", "65536"}},
          {"--metrics-port: must be a port number (0 to 65535), was -1", new String[] {"--metrics-port", "-1"}},
          {"--metrics-port: 'http' is not a port number (0 to 65535)", new String[] {"--metrics-port", "http"}},
          {"--metrics-port: cannot listen on 127.0.0.1:" + inUse + ": address already in use",
              new String[] {"--metrics-port", inUse}},
          {"--metrics-bind: unknown host no-such-host.invalid",
              new String[] {"--metrics-port", "0", "--metrics-bind", "no-such-host.invalid"}},
          // TEST-NET-3 (RFC 5737): never an address of this machine; nothing is sent to it
          {"--metrics-bind: 203.0.113.7 is not an address of this machine",
              new String[] {"--metrics-port", "0", "--metrics-bind", "203.0.113.7"}},
          {"--metrics-bind: must not be empty", new String[] {"--metrics-port", "0", "--metrics-bind", ""}},
          {"--metrics-bind: only with --metrics-port", new String[] {"--metrics-bind", "0.0.0.0"}},
          {"--live-csv: " + work + " is a directory, not a file", new String[] {"--live-csv", work.toString()}},
          {"--live-csv: cannot create " + file.resolve("l.csv") + ": " + file + " is a file, not a directory",
              new String[] {"--live-csv", file.resolve("l.csv").toString()}},
          {"--live-csv: cannot create " + VIRTUAL.resolve("l.csv"),
              new String[] {"--live-csv", VIRTUAL.resolve("l.csv").toString()}},
          {"--live-csv: must not be empty", new String[] {"--live-csv", ""}},
          {"--live-every: must be positive, was 0", new String[] {"--live-csv", csv, "--live-every", "0"}},
          {"--live-every: must be at least 10ms", new String[] {"--metrics-port", "0", "--live-every", "1ms"}},
          {"--live-every: '-1s' is not a time span", new String[] {"--live-csv", csv, "--live-every", "-1s"}},
          {"--live-every: '9999999h' is too long", new String[] {"--live-csv", csv, "--live-every", "9999999h"}},
          {"--live-every: only with --live-csv or --metrics-port", new String[] {"--jmx", "--live-every", "2s"}}};
      for (String[] command : commands) {
        for (Object[] c : cases) {
          String[] options = (String[]) c[1];
          String[] line = java.util.stream.Stream.concat(java.util.Arrays.stream(command),
              java.util.Arrays.stream(options)).toArray(String[]::new);
          refused((String) c[0], line);
        }
      }
    }
    // an experiment serves every run of its matrix: a workload's line has no live options of its own
    Path e = Files.writeString(work.resolve("e-live.yaml"), "targets:\n  local: {fs: \"file:///\", root: " + root
        + "}\nworkloads:\n  - run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/w --live-csv " + csv + "\n");
    refused("harness dfsio: --live-csv: not on a workload's line: give it to harness experiment", "experiment",
        e.toString(), "-o", work.resolve("e").toString());
  }

  /** A configuration directory that does not exist is said once, and the run goes on. */
  @Test
  void aMissingConfigurationDirectoryIsSaid() {
    Run r = Cli.run(Map.of("HADOOP_CONF_DIR", work.resolve("nothing").toString()), "dfsio", "-write", "-nrFiles", "1",
        "-fileSize", "1MB", "--root", root, "--run-dir", runs, "-resFile", work.resolve("res.log").toString());
    assertExit(r, 0);
    assertEquals("harness: $HADOOP_CONF_DIR=" + work.resolve("nothing") + " is not a directory: no site file is read "
        + "from it", r.err().strip());
    assertTrue(r.out().contains(", root file:" + root + " (this machine's local disk, "), r.out());
  }

  /**
   * An experiment's plan is counted before any run is made: a matrix of a million runs, or repeats that take a small
   * one past the bound, is refused at once with its count (nothing created), unless --force; a plan within it
   * prints every run.
   */
  @Test
  void aPlanPastTheBoundIsRefusedWithItsCount() throws Exception {
    StringBuilder values = new StringBuilder();
    for (int i = 1; i <= 1000; i++) {
      values.append(i == 1 ? "" : ",").append(i);
    }
    Path big = Files.writeString(work.resolve("big.yaml"), "targets:\n  local: {fs: \"file:///\", root: " + root
        + "}\nmatrix:\n  a: [" + values + "]\n  b: [" + values + "]\nworkloads:\n  - run: dfsio -write -nrFiles 1 "
        + "-fileSize ${a}KB --root ${root}/w${b}\n");
    String count = big + ": the plan has 1000000 runs (1000000 line(s) of the matrix on their targets, 1 repeat(s)), "
        + "more than 1000: check the matrix (or --set, --only, --repeat), or give --force";
    refused(count, "experiment", big.toString(), "--dry-run");
    refused(count, "experiment", big.toString(), "-o", work.resolve("e").toString());
    refused(big + ": the plan has 2000 runs (2 line(s) of the matrix on their targets, 1000 repeat(s))", "experiment",
        big.toString(), "--dry-run", "--set", "a=1,2", "--set", "b=1", "--repeat", "1000");
    Run small = Cli.run("experiment", big.toString(), "--dry-run", "--set", "a=1,2", "--set", "b=1,2,3");
    assertExit(small, 0);
    assertTrue(small.out().startsWith("experiment big: 6 line(s) x 1 target(s) x 1 repeat(s) = 6 run(s)"), small.out());
    assertEquals(6, small.out().lines().filter(l -> l.contains(" dfsio -write -nrFiles 1 -fileSize ")).count(),
        small.out());
  }

  /**
   * Every file an experiment's runs write lands in its -o folder: dfsio's -resFile, whose default is a file of the
   * working directory, and a relative --json go beside the run's folder; an output outside -o is refused, naming the
   * line. Run as bin/harness in a working directory of its own, which must stay empty.
   */
  @Test
  void everyFileOfAnExperimentLandsInItsFolder() throws Exception {
    Path cwd = Files.createDirectories(work.resolve("cwd"));
    Path out = work.resolve("out");
    Path file = Files.writeString(work.resolve("outputs.yaml"), "targets:\n  local: {fs: \"file:///\", root: " + root
        + "}\nworkloads:\n  - run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/o\n"
        + "  - name: json\n    run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/j --json j-${repeat}.json\n");
    Run r = Cli.process(cwd, 300, "experiment", file.toString(), "-o", out.toString());
    assertExit(r, 0);
    assertEquals(java.util.Map.of(), FileTree.of(cwd).sizes(), "the working directory stays empty: " + r.out());
    Path first = out.resolve("runs/01-dfsio/local");
    assertTrue(Files.readString(first.resolve("TestDFSIO_results.log")).contains("----- TestDFSIO ----- : write"));
    assertTrue(Files.isRegularFile(out.resolve("runs/02-json/local/j-1.json")));
    assertTrue(Files.isRegularFile(out.resolve("runs/02-json/local/TestDFSIO_results.log")));

    Path outside = Files.writeString(work.resolve("outside.yaml"), "targets:\n  local: {fs: \"file:///\", root: "
        + root + "}\nworkloads:\n  - run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/o -resFile "
        + work.resolve("res-elsewhere.log") + "\n");
    refused(outside + ": workloads[0].run: -resFile " + work.resolve("res-elsewhere.log") + " is outside the "
        + "experiment's folder " + work.resolve("e") + " (-o)", "experiment", outside.toString(), "-o",
        work.resolve("e").toString());
  }

  /**
   * compare lists what the runs' workloads read differently, not how it was spelt: one size in three spellings (a
   * bare -fileSize is MB) is no difference, an option one run did not give is no value.
   */
  @Test
  void compareReadsOptionsAsTheWorkloadDoes() throws Exception {
    String[] dfsio = {"dfsio", "-write", "-nrFiles", "1", "--root", root, "--run-dir", runs, "-resFile",
        work.resolve("res.log").toString()};
    List<String> dirs = new java.util.ArrayList<>();
    for (String[] more : new String[][] {{"-fileSize", "1mb"}, {"-fileSize", "1MB", "--threads", "2"},
        {"-fileSize", "1", "-bufferSize", "1000000B"}}) {
      Path before = Runs.latest(work.resolve("runs"));
      assertExit(Cli.run(concat(dfsio, more)), 0);
      Path made = Runs.latest(work.resolve("runs"));
      assertFalse(made.equals(before), "a run of its own");
      dirs.add(made.toString());
    }
    Run c = Cli.run("compare", dirs.get(0), dirs.get(1), dirs.get(2));
    assertExit(c, 0);
    List<String> options = c.out().lines().filter(l -> l.contains("option ")).map(String::strip).toList();
    String second = Path.of(dirs.get(1)).getFileName().toString();
    assertEquals(List.of("option --threads given in " + second + " only: 2 (not given in "
        + Path.of(dirs.get(0)).getFileName() + ", " + Path.of(dirs.get(2)).getFileName()
        + ": the workload's default)"), options, c.out());
  }
}
