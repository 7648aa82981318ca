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
 * Every local output of every command against every file the line reads: the configuration from each source
 * ($HADOOP_CONF_DIR, $OZONE_CONF_DIR, -conf and what it includes), the files of -libjars, the data a workload reads or
 * writes on the local disk and the part file dfsio analyze reads. Each is refused (exit 2, one line naming the
 * output and the input), and nothing is written: the configuration files keep their bytes.
 */
class OutputsOverInputsIT {
  private static final String SITE = "<?xml version=\"1.0\"?>\n<configuration>\n</configuration>\n";

  @TempDir
  Path work;

  private Refusals refusals;
  private Map<String, String> env;
  private Path core;
  private Path ozone;
  private Path conf;
  private Path included;
  private Path jar;
  private String runs;

  @BeforeEach
  void configuration() throws Exception {
    refusals = new Refusals(work);
    Path hadoopDir = Files.createDirectories(work.resolve("conf"));
    Path ozoneDir = Files.createDirectories(work.resolve("oconf"));
    core = Files.writeString(hadoopDir.resolve("core-site.xml"), SITE);
    ozone = Files.writeString(ozoneDir.resolve("ozone-site.xml"), SITE);
    included = Files.writeString(work.resolve("included.xml"), SITE);
    conf = Files.writeString(work.resolve("site.xml"), "<?xml version=\"1.0\"?>\n<configuration>"
        + "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"included.xml\"/></configuration>\n");
    jar = Files.write(work.resolve("lib.jar"), new byte[] {'P', 'K', 5, 6});
    env = Map.of("HADOOP_CONF_DIR", hadoopDir.toString(), "OZONE_CONF_DIR", ozoneDir.toString());
    runs = work.resolve("runs").toString();
  }

  /** Each workload's line on the local disk, with every input source given. */
  private List<String[]> workloads() {
    String root = work.resolve("data").toString();
    String[] inputs = {"-conf", conf.toString(), "-libjars", jar.toString(), "--run-dir", runs};
    List<String[]> lines = new ArrayList<>();
    lines.add(Cli.concat(new String[] {"dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", root},
        inputs));
    lines.add(Cli.concat(new String[] {"dfsio", "-read", "-nrFiles", "1", "-fileSize", "1MB", "--root", root},
        inputs));
    lines.add(Cli.concat(new String[] {"teragen", "10", work.resolve("tg").toString()}, inputs));
    lines.add(Cli.concat(new String[] {"teravalidate", work.resolve("tg").toString()}, inputs));
    lines.add(Cli.concat(new String[] {"freon", "dfsg", "-n", "1", "--path", root}, inputs));
    lines.add(Cli.concat(new String[] {"namespace", "-n", "2", "--path", root}, inputs));
    return lines;
  }

  /** What each input is called in the refusal. */
  private Map<Path, String> inputs() {
    return Map.of(core, "$HADOOP_CONF_DIR's core-site.xml", ozone, "$OZONE_CONF_DIR's ozone-site.xml",
        conf, "-conf's " + conf, included, "-conf's " + conf + " (included: " + included + ")", jar,
        "-libjars's " + jar);
  }

  @Test
  void aWorkloadsOutputsOverTheFilesItReads() throws Exception {
    for (String[] line : workloads()) {
      for (Map.Entry<Path, String> input : inputs().entrySet()) {
        for (String output : new String[] {"--json", "--live-csv"}) {
          refusals.refused(env, output + ": " + input.getKey() + " is " + input.getValue(),
              Cli.concat(line, output, input.getKey().toString()));
        }
        if (line[0].equals("dfsio")) {
          refusals.refused(env, "-resFile: " + input.getKey() + " is " + input.getValue(),
              Cli.concat(line, "-resFile", input.getKey().toString()));
        }
      }
    }
    assertEquals(SITE, Files.readString(core));
    assertEquals(SITE, Files.readString(ozone));
  }

  @Test
  void theCommandsOnSavedRunsAndClustersOverTheFilesTheyRead() throws Exception {
    Run write = Cli.run("dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root",
        work.resolve("data").toString(), "--run-dir", runs, "-resFile", work.resolve("res.log").toString());
    assertExit(write, 0);
    String run = Runs.latest(Path.of(runs)).toString();
    for (Map.Entry<Path, String> input : inputs().entrySet()) {
      String in = input.getKey().toString();
      String[] sources = {"-conf", conf.toString(), "-libjars", jar.toString()};
      refusals.refused(env, "--json: " + in + " is " + input.getValue(),
          Cli.concat(new String[] {"analyze", run, "--json", in}, sources));
      refusals.refused(env, "-o: " + in + " is " + input.getValue(),
          Cli.concat(new String[] {"report", run, "-o", in}, sources));
      refusals.refused(env, "-o: " + in + " is " + input.getValue(),
          Cli.concat(new String[] {"compare", run, run, "-o", in}, sources));
      refusals.refused(env, "--csv: " + in + " is " + input.getValue(),
          Cli.concat(new String[] {"compare", run, run, "--csv", in}, sources));
      refusals.refused(env, "-resFile: " + in + " is " + input.getValue(), Cli.concat(new String[] {"dfsio",
          "analyze", work.resolve("data/io_write").toString(), "-resFile", in}, sources));
      refusals.refused(env, "--write-config: ", Cli.concat(new String[] {"cluster", "hdfs:1", "--write-config", in,
          "--data", work.resolve("cluster").toString()}, sources));
    }
  }

  /** An experiment's lines: the experiment's own file (and what the experiment reads) is an input of every line. */
  @Test
  void anExperimentsLinesOverItsFile() throws Exception {
    Path e = work.resolve("e.yaml");
    for (String output : new String[] {"--json", "-resFile"}) {
      String text = "targets:\n  local: {fs: \"file:///\", root: " + work.resolve("root") + "}\nworkloads:\n"
          + "  - run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/w " + output + " " + e + "\n";
      Files.writeString(e, text);
      refusals.refused(env, output + ": " + e + " is the experiment's file, which this line reads", "experiment",
          e.toString(), "-o", work.resolve("out").toString());
      assertEquals(text, Files.readString(e));
      Files.writeString(e, text.replace(" " + e + "\n", " " + conf + "\n"));
      refusals.refused(env, output + ": " + conf + " is -conf's", "experiment", e.toString(), "-o",
          work.resolve("out").toString(), "-conf", conf.toString());
    }
  }

  /** The data a run reads or writes on the local disk, and the part file dfsio analyze reads. */
  @Test
  void outputsInTheDataOfTheRun() throws Exception {
    String root = work.resolve("data").toString();
    assertExit(Cli.run("dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", root, "--run-dir", runs,
        "-resFile", work.resolve("res.log").toString()), 0);
    String file = work.resolve("data/io_data/test_io_0").toString();
    byte[] data = Files.readAllBytes(Path.of(file));
    String[] read = {"dfsio", "-read", "--verify", "-nrFiles", "1", "-fileSize", "1MB", "--root", root, "--run-dir",
        runs};
    for (String output : new String[] {"--json", "--live-csv", "-resFile"}) {
      refusals.refused("is in --root (" + root + "), which the run would write over",
          Cli.concat(read, output, file));
    }
    refusals.refused("--run-dir: ", "dfsio", "-write", "--root", root, "--run-dir",
        work.resolve("data/io_data/runs").toString());
    String part = work.resolve("data/io_write/part-00000").toString();
    refusals.refused("-resFile: " + part + " is the part file PATH names", "dfsio", "analyze", part, "-resFile", part);
    refusals.refused("-resFile: " + part + " is the part file PATH names", "dfsio", "analyze",
        work.resolve("data/io_write").toString(), "-resFile", part);
    String ns = work.resolve("ns").toString();
    refusals.refused("is in --path (" + ns + "/mine)", "namespace", "-n", "2", "--path", ns, "-p", "mine",
        "--run-dir", runs, "--json", ns + "/mine/r.json");
    refusals.refused("is in --path (" + ns + "/mine)", "freon", "dfsg", "-n", "2", "--path", ns, "-p", "mine",
        "--run-dir", runs, "--live-csv", ns + "/mine/0");
    assertTrue(java.util.Arrays.equals(data, Files.readAllBytes(Path.of(file))), "the data file is as written");
  }

  /** A workload writes only into a directory it makes: dfsg into an existing one would replace a user's files. */
  @Test
  void dfsgIntoADirectoryItDidNotMake() throws Exception {
    Path mine = Files.createDirectories(work.resolve("d/x"));
    Files.writeString(mine.resolve("0"), "a user's file");
    refusals.refused("--prefix: file:" + mine + " exists: a dfsg run writes into a directory of its own", "freon",
        "dfsg", "-n", "2", "-p", "x", "--path", work.resolve("d").toString(), "--run-dir", runs);
    assertEquals("a user's file", Files.readString(mine.resolve("0")));
    // without -p, a new directory of its own
    Run r = Cli.run("freon", "dfsg", "-n", "2", "--path", work.resolve("d").toString(), "--run-dir", runs);
    assertExit(r, 0);
    assertEquals("a user's file", Files.readString(mine.resolve("0")));
    assertFalse(Files.exists(mine.resolve("1")));
  }
}
