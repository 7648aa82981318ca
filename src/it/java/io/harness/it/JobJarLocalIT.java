package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command of the job jar, run as {@code hadoop jar harness.jar ...} runs it: a JVM of its own whose class
 * path is Hadoop's client class path alone ({@link HadoopClient#classPath()}), then
 * {@code org.apache.hadoop.util.RunJar harness.jar COMMAND ...}, on the local file system with small sizes. The
 * commands come from the job jar's own {@code --help} (and each command's), so a new command fails this test
 * until it is run here; the commands whose libraries a Hadoop client does not have say where they run.
 */
class JobJarLocalIT {
  private static final long MB = 1 << 20;
  private static final Pattern COMMAND = Pattern.compile("^  ([a-z][\\w-]*)[, ].*");

  @TempDir
  Path work;

  private final Set<String> commands = new TreeSet<>();
  private final Set<String> ran = new TreeSet<>();

  @Test
  void everyCommandRunsFromTheJobJarOnHadoopsClientClassPath() throws Exception {
    listCommands("", commands);
    assertTrue(commands.containsAll(List.of("dfsio", "dfsio analyze", "teragen", "teravalidate", "freon dfsg",
        "namespace", "analyze", "report", "compare", "experiment", "spark", "attach")), commands.toString());

    Path data = work.resolve("data");
    // dfsio on the local engine (the local job runner's framework named as on a client): write, verified read
    Run w = ok("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "--root", data + "/dfsio",
        "-D", "mapreduce.framework.name=local");
    assertTrue(w.out().contains(" Total MBytes processed: 2\n"), w.out());
    JsonNode write = Runs.latestResult(work.resolve("harness-runs"));
    Path writeRun = Runs.latest(work.resolve("harness-runs"));
    assertEquals(2 * MB, write.at("/aggregate/bytes").asLong());
    assertEquals(2, write.at("/aggregate/tasks").asInt());
    for (int i = 0; i < 2; i++) {
      assertEquals(MB, Files.size(data.resolve("dfsio/io_data/test_io_" + i)));
    }
    ok("dfsio", "-read", "--verify", "-nrFiles", "2", "-fileSize", "1MB", "--root", data + "/dfsio");
    JsonNode read = Runs.latestResult(work.resolve("harness-runs"));
    Path readRun = Runs.latest(work.resolve("harness-runs"));
    assertEquals("read", read.path("operation").asText());
    assertEquals(2 * MB, read.at("/aggregate/bytes").asLong());
    assertEquals(0, read.at("/aggregate/failedTasks").asInt());
    Run partFile = ok("dfsio", "analyze", data + "/dfsio/io_write");
    assertTrue(partFile.out().contains(" Total MBytes processed: 2\n"), partFile.out());

    // teragen, then teravalidate of its rows and checksum
    Run gen = ok("teragen", "1000", data + "/teragen", "-m", "2");
    JsonNode rows = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(1000, rows.at("/figures/rows").asLong());
    assertEquals(100_000, rows.at("/aggregate/bytes").asLong());
    try (Stream<Path> parts = Files.list(data.resolve("teragen"))) {
      assertEquals(100_000, parts.filter(p -> p.getFileName().toString().startsWith("part-m-"))
          .mapToLong(p -> p.toFile().length()).sum());
    }
    String checksum = rows.at("/figures/checksum").asText();
    assertTrue(gen.out().contains("teragen: checksum " + checksum), gen.out());
    ok("teravalidate", data + "/teragen", "--checksum-only", "--expect-rows", "1000", "--expect-checksum", checksum);
    JsonNode valid = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(1000, valid.at("/figures/rows").asLong());
    assertEquals(checksum, valid.at("/figures/checksum").asText());

    // freon dfsg: 10 files of 4 KB
    ok("freon", "dfsg", "-n", "10", "-s", "4KB", "-p", "p", "-r", "file://" + data + "/dfsg");
    JsonNode dfsg = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(10, dfsg.at("/figures/files").asLong());
    assertEquals(10 * 4096, dfsg.at("/aggregate/bytes").asLong());
    try (Stream<Path> files = Files.list(data.resolve("dfsg/p"))) {
      // the local file system's .N.crc checksum files beside them left out
      List<Long> sizes = files.filter(p -> !p.getFileName().toString().startsWith("."))
          .map(p -> p.toFile().length()).toList();
      assertEquals(10, sizes.size());
      assertEquals(Set.of(4096L), Set.copyOf(sizes));
    }

    // namespace: 20 files through create, stat, rename and delete on 2 threads; the run's directory removed after
    ok("namespace", "--phases", "create,stat,rename,delete", "-n", "20", "-t", "2", "-p", "p", "-r",
        "file://" + data + "/ns");
    JsonNode ns = Runs.latestResult(work.resolve("harness-runs"));
    List<String> phases = new java.util.ArrayList<>();
    for (JsonNode p : ns.at("/figures/phases")) {
      phases.add(p.get("name").asText());
      assertEquals(20, p.get("items").asLong(), p.toString());
      assertEquals(20, ns.at("/aggregate/latency/" + p.get("name").asText() + "/count").asLong());
    }
    assertEquals(List.of("create", "stat", "rename", "delete"), phases);
    assertFalse(Files.exists(data.resolve("ns/p")), "the run's own directory is deleted");

    // io500: the thirteen phases on 2 ranks, capped small, the score line; the run's directory removed after
    ok("io500", "--stonewall", "1s", "-t", "2", "--ior-easy-transfer", "256KB", "--ior-easy-block", "1MB",
        "--ior-hard-segments", "20", "--mdtest-easy-n", "5", "--mdtest-hard-n", "5", "-p", "s", "--path",
        "file://" + data + "/io500");
    JsonNode io500 = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(13, io500.at("/figures/phases").size(), io500.at("/figures").toString());
    for (JsonNode p : io500.at("/figures/phases")) {
      assertEquals(0, p.get("failed").asLong(), p.toString());
    }
    assertEquals(8, io500.at("/figures/phases/0/items").asLong(), "2 ranks x 4 transfers of 256 KB");
    assertFalse(Files.exists(data.resolve("io500/s")), "the run's own directory is deleted");

    savedRuns(writeRun, readRun, write);
    experiment(data);
    elsewhere();
    assertEquals(commands, ran, "commands of the job jar's --help that this test does not run");
  }

  /** analyze, report and compare of the saved dfsio runs. */
  private void savedRuns(Path writeRun, Path readRun, JsonNode write) throws Exception {
    Run again = ok("analyze", writeRun.toString());
    assertTrue(again.out().contains(" Total MBytes processed: 2\n"), again.out());
    assertTrue(again.out().contains("Tasks: 2 (0 failed)"), again.out());

    Path html = work.resolve("both.html");
    ok("report", writeRun.toString(), readRun.toString(), "-o", html.toString());
    String page = Files.readString(html);
    assertTrue(page.contains(writeRun.getFileName().toString()) && page.contains(readRun.getFileName().toString()));
    assertTrue(page.contains("Chart.js v"), "the page inlines Chart.js from the job jar");

    Path csv = work.resolve("compare.csv");
    ok("compare", "--force", writeRun.toString(), readRun.toString(), "--csv", csv.toString());
    String first = Files.readAllLines(csv).stream()
        .filter(l -> l.startsWith("aggregate MB/s," + writeRun.getFileName() + ",")).findFirst().orElseThrow();
    assertEquals(write.at("/aggregate/mbPerSec").asDouble(), Double.parseDouble(first.split(",")[3]), 1e-9);
  }

  /** A one-run experiment on the local file system: its run and its table. */
  private void experiment(Path data) throws Exception {
    Path yaml = work.resolve("e.yaml");
    Files.writeString(yaml, "repeat: 1\n"
        + "targets:\n  local: {fs: \"file:///\", root: " + data.resolve("experiment") + "}\n"
        + "workloads:\n  - run: dfsio -write -nrFiles 2 -fileSize 1MB --root ${root}/w-${repeat}\n");
    Path out = work.resolve("experiment-out");
    ok("experiment", yaml.toString(), "-o", out.toString());
    JsonNode runs = new ObjectMapper().readTree(out.resolve("experiment.json").toFile()).path("runs");
    assertEquals(1, runs.size(), runs.toString());
    assertEquals(0, runs.get(0).path("exitCode").asInt(), runs.toString());
    assertEquals(MB, Files.size(data.resolve("experiment/w-1/io_data/test_io_1")));
    assertTrue(Files.readString(out.resolve("table.md")).contains("| dfsio"), "the table");
  }

  /**
   * The commands a Hadoop client's class path cannot run, any arguments: one line naming where they run, exit 2;
   * the embedded clusters, which need the mini clusters' jars: one line, exit 2; a command that has commands of
   * its own, given none of them nor anything else: one line, exit 2.
   */
  private void elsewhere() throws Exception {
    for (String[] line : List.of(new String[] {"spark", "generate", "--rows", "8", "file:///x"},
        new String[] {"attach", "1", "--rules", "write"}, new String[] {"freon", "cgscm", "-n", "2"},
        new String[] {"freon", "cgom", "-n", "2"}, new String[] {"freon", "cgdn", "--index", "0"})) {
      Run r = hadoopJar(line);
      String name = line[0].equals("freon") ? "freon " + line[1] : line[0];
      assertExit(r, 2);
      assertEquals("", r.out());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().startsWith("harness " + name + ": ") && r.err().contains("run bin/harness " + name),
          r.err());
    }
    // no mini cluster on a Hadoop client: neither harness cluster nor --embedded has a kind to start
    for (String[] line : List.of(new String[] {"cluster", "hdfs:1", "--data", work.resolve("c").toString()},
        new String[] {"dfsio", "-write", "--embedded", "hdfs:1", "-nrFiles", "1", "-fileSize", "1MB"})) {
      Run r = hadoopJar(line);
      assertExit(r, 2);
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().contains("unknown cluster kind 'hdfs' (available here: none)"), r.err());
      assertFalse(Files.exists(work.resolve("c")), "nothing made");
    }
    for (String parent : commands) {
      if (commands.stream().anyMatch(c -> c.startsWith(parent + " "))) {
        Run r = hadoopJar(parent.split(" "));
        assertExit(r, 2);
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("harness " + parent + ": "), r.err());
      }
    }
  }

  /** The commands of {@code harness PARENT --help}, each with its own, by their names from the top. */
  private void listCommands(String parent, Set<String> into) throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList(parent.isEmpty() ? new String[0] : parent.split(" ")));
    args.add("--help");
    Run help = hadoopJar(args.toArray(new String[0]));
    assertExit(help, 0);
    boolean inList = false;
    for (String l : help.out().split("\n")) {
      if (l.equals("Commands:")) {
        inList = true;
      } else if (inList && !l.startsWith(" ")) {
        inList = false;
      } else if (inList) {
        Matcher m = COMMAND.matcher(l);
        if (m.matches()) {
          String name = (parent + " " + m.group(1)).trim();
          assertTrue(into.add(name), name + " listed twice");
          listCommands(name, into);
        }
      }
    }
  }

  /** A run that must succeed: exit 0, and no class missing on the way. */
  private Run ok(String... args) throws Exception {
    Run r = hadoopJar(args);
    assertExit(r, 0);
    assertFalse(r.err().contains("NoClassDefFoundError") || r.err().contains("ClassNotFoundException"), r.err());
    return r;
  }

  /** {@code hadoop jar harness.jar ARGS} in {@link #work}: RunJar on Hadoop's client class path alone. */
  private Run hadoopJar(String... args) throws Exception {
    Path log4j = work.resolve("log4j.properties");
    if (!Files.exists(log4j)) {
      Files.writeString(log4j, "log4j.rootLogger=WARN, err\nlog4j.appender.err=org.apache.log4j.ConsoleAppender\n"
          + "log4j.appender.err.target=System.err\nlog4j.appender.err.layout=org.apache.log4j.PatternLayout\n"
          + "log4j.appender.err.layout.ConversionPattern=%p %c: %m%n\n"
          // the local file system without Hadoop's native library, as on most clients
          + "log4j.logger.org.apache.hadoop.util.NativeCodeLoader=ERROR\n");
    }
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", io.harness.testkit.TestJvm.QUICK, "-Dlog4j.configuration=" + log4j.toUri(), "-cp",
        String.join(File.pathSeparator, HadoopClient.classPath()), "org.apache.hadoop.util.RunJar",
        System.getProperty("harness.jobjar")));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().remove("OZONE_CONF_DIR");
    pb.environment().remove("HADOOP_CLASSPATH");
    // a guard against a hang only, not a speed check
    Run r = Cli.exec(pb, 300);
    noteCommand(args);
    return r;
  }

  /** The command a line ran: its longest run of leading words that is a listed command (none for --help). */
  private void noteCommand(String... args) {
    if (Arrays.asList(args).contains("--help")) {
      return;
    }
    String name = "";
    for (int i = 1; i <= args.length; i++) {
      String words = String.join(" ", Arrays.copyOf(args, i));
      if (commands.contains(words)) {
        name = words;
      }
    }
    assertFalse(name.isEmpty(), "no listed command in " + Arrays.toString(args));
    ran.add(name);
  }
}
