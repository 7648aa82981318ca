package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Runs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of the shipped bin/harness stopped by SIGTERM (what a scheduler, {@code timeout} or {@code kill}
 * send) or SIGINT (Ctrl-C): it stops its tasks, prints and saves what it measured, marks the run
 * interrupted, and exits 143 / 130.
 */
class SignalsIT {
  @TempDir
  Path work;

  private record Stopped(int code, String out, String err, double secondsAfterSignal) {}

  /**
   * What a test sends: {@code signals} in turn ({@code INT}, {@code TERM}), {@code gapMillis} apart, the first
   * {@code delayMillis} after {@code line} appears on stdout; to the process, or (as Ctrl-C does) to its whole process
   * group, which then holds the processes it forks too (Hadoop's local file system forks chmod).
   */
  /**
   * The signals to send once {@code line} is on stdout and {@code ready} holds (the run's tasks are at work: a run on
   * the MapReduce engine prints its job's line long before a loaded machine starts its maps), {@code delayMillis}
   * later, {@code gapMillis} apart, to the process or to its group.
   */
  private record Send(List<String> signals, String line, long delayMillis, long gapMillis, boolean group,
      java.util.function.BooleanSupplier ready) {
    Send(List<String> signals, String line, long delayMillis, long gapMillis, boolean group) {
      this(signals, line, delayMillis, gapMillis, group, () -> true);
    }

    static Send one(String signal, String line, long delayMillis) {
      return new Send(List.of(signal), line, delayMillis, 0, false);
    }

    /** This, sent only once {@code ready} holds too. */
    Send once(java.util.function.BooleanSupplier when) {
      return new Send(signals, line, delayMillis, gapMillis, group, when);
    }
  }

  /** Whether a file of some bytes is under {@code dir}: a task has written. */
  private static boolean written(Path dir) {
    try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
      return s.anyMatch(f -> {
        try {
          return Files.isRegularFile(f) && Files.size(f) > 0 && !f.getFileName().toString().startsWith(".");
        } catch (java.io.IOException e) {
          return false; // gone meanwhile
        }
      });
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      return false; // not there yet, or changing under the walk
    }
  }

  /** Whether at least {@code n} files and directories are under {@code dir}. */
  private static boolean atLeast(Path dir, long n) {
    try {
      return entries(dir) >= n;
    } catch (Exception e) {
      return false; // changing under the walk
    }
  }

  /** Starts the command, waits for {@code line} on stdout, sends {@code signal} two seconds later. */
  private Stopped runAndSignal(String signal, String line, String... args) throws Exception {
    return runAndSignal(Send.one(signal, line, 2000), java.util.Map.of(), args);
  }

  /** Starts the command with {@code env} added, and sends what {@code send} says. */
  private Stopped runAndSignal(Send send, java.util.Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    if (send.group()) {
      cmd.add("setsid"); // a process group of its own, as a terminal's foreground job
    }
    // a build started in the background by a shell without job control inherits SIGINT ignored (as under nohup),
    // and a JVM keeps a signal that was ignored at its start ignored: give the harness the default dispositions
    cmd.addAll(List.of("env", "--default-signal=INT,TERM"));
    cmd.add(Cli.home().resolve("bin/harness").toString());
    cmd.addAll(List.of(args));
    File out = work.resolve("out.txt").toFile();
    File err = work.resolve("err.txt").toFile();
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(out).redirectError(err);
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().putAll(env);
    io.harness.testkit.TestJvm.quick(pb.environment());
    Process p = pb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      while (!Files.readString(out.toPath()).contains(send.line()) || !send.ready().getAsBoolean()) {
        assertTrue(p.isAlive(), "ended early: " + Files.readString(out.toPath()) + Files.readString(err.toPath()));
        assertTrue(System.nanoTime() < deadline, "no '" + send.line() + "' (and the tasks at work) after 180 s: "
            + Files.readString(out.toPath()));
        Thread.sleep(10);
      }
      Thread.sleep(send.delayMillis());
      long t0 = System.nanoTime();
      for (int i = 0; i < send.signals().size(); i++) {
        if (i > 0) {
          Thread.sleep(send.gapMillis());
        }
        String target = send.group() ? "-" + p.pid() : Long.toString(p.pid());
        new ProcessBuilder("kill", "-" + send.signals().get(i), "--", target).inheritIO().start().waitFor();
      }
      // a limit against a hang, not a speed check: the run has its own grace period of 60 s
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        // what the process was doing, for the report: its threads, and what it printed
        Process dump = new ProcessBuilder("jcmd", Long.toString(p.pid()), "Thread.print").redirectErrorStream(true)
            .start();
        String threads = new String(dump.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        dump.waitFor(30, TimeUnit.SECONDS);
        fail("still running 120 s after SIG" + send.signals() + "\n--- stdout\n" + Files.readString(out.toPath())
            + "\n--- stderr\n" + Files.readString(err.toPath()) + "\n--- threads\n"
            + threads.substring(0, Math.min(threads.length(), 30000)));
      }
      return new Stopped(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()),
          (System.nanoTime() - t0) / 1e9);
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void sigtermStopsADfsioWriteThatKeepsWhatItMeasured() throws Exception {
    Stopped s = runAndSignal("TERM", "dfsio write:", "dfsio", "-write", "-nrFiles", "2", "--duration", "10m",
        "-bufferSize", "65536", "--embedded", "hdfs:1");
    System.out.printf("SIGNAL | dfsio -write --duration 10m, SIGTERM | exit %d | %d stderr line(s) | %.1f s after "
        + "the signal%n--- stdout%n%s--- stderr%n%s---%n", s.code(), s.err().lines().count(), s.secondsAfterSignal(),
        s.out(), s.err());
    assertEquals(143, s.code(), s.out() + s.err());
    assertTrue(s.err().contains("harness: SIGTERM: stopping the run and writing what it measured"), s.err());
    assertTrue(s.err().contains("dfsio: stopped by SIGTERM"), s.err());
    assertFalse(s.err().contains("\tat "), s.err());
    assertTrue(s.out().contains("----- TestDFSIO ----- : write"), s.out());
    assertTrue(s.out().contains("Aggregate throughput mb/sec: "), s.out());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(143, json.get("exitCode").asInt());
    assertEquals("SIGTERM", json.get("interrupted").asText());
    assertEquals(2, json.get("tasks").size());
    for (JsonNode t : json.get("tasks")) {
      assertTrue(t.get("interrupted").asBoolean(), t.toString());
      assertTrue(t.get("error").isNull(), t.toString());
      assertTrue(t.get("bytes").asLong() > 0, t.toString());
    }
    assertEquals("not written: the run was stopped by SIGTERM",
        json.get("figures").get("partFile").get("error").asText());
  }

  @Test
  void sigintStopsADfsgRunThatKeepsWhatItMeasured() throws Exception {
    Stopped s = runAndSignal("INT", "freon dfsg:", "freon", "dfsg", "-n", "100000000", "-s", "64KB", "-t", "2",
        "--embedded", "hdfs:1");
    System.out.printf("SIGNAL | freon dfsg, SIGINT | exit %d | %d stderr line(s) | %.1f s after the signal%n",
        s.code(), s.err().lines().count(), s.secondsAfterSignal());
    assertEquals(130, s.code(), s.out() + s.err());
    assertTrue(s.err().contains("freon dfsg: stopped by SIGINT"), s.err());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(130, json.get("exitCode").asInt());
    assertEquals("SIGINT", json.get("interrupted").asText());
    long files = json.get("figures").get("files").asLong();
    assertTrue(files > 0, json.get("figures").toString());
    assertTrue(s.out().contains("Files written: " + files + " (0 failed)"), s.out());
  }

  /** bin/harness's settings for a local file system whose writes are paced (a stopped run writes a few MB). */
  private static java.util.Map<String, String> paced() throws Exception {
    return java.util.Map.of("HARNESS_CLASSPATH",
        Path.of(PacedLocalFileSystem.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
  }

  private static final String[] PACED = {"-D", "fs.file.impl=" + PacedLocalFileSystem.class.getName(), "-D",
      "fs.file.impl.disable.cache=true"};

  private static String[] line(String[] first, String... more) {
    return Cli.concat(first, more);
  }

  /** Files and directories under {@code dir} (the run's own directory removed: none). */
  private static long entries(Path dir) throws Exception {
    try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
      return s.filter(p -> !p.equals(dir)).count();
    }
  }

  /**
   * Ctrl-C (SIGINT to the whole process group) on a namespace run on the local file system: the chmod that Hadoop's
   * local file system forks dies of the same signal, failing the create it served. Those calls are cut short, not
   * failures; the create phase the stop cut short is not checked; the run's directory is removed; exit 130.
   */
  @Test
  void ctrlCStopsANamespaceRunWhoseFailuresAreOnlyThoseBeforeTheStop() throws Exception {
    Path ns = Files.createDirectories(work.resolve("ns"));
    Stopped s = runAndSignal(new Send(List.of("INT"), "namespace:", 1500, 0, true), java.util.Map.of(),
        "namespace", "-n", "100000", "--phases", "create,stat,delete", "-t", "4", "--path", ns.toUri().toString());
    System.out.printf("SIGNAL | namespace, Ctrl-C to the process group | exit %d%n--- stderr%n%s---%n", s.code(),
        s.err());
    assertEquals(130, s.code(), s.out() + s.err());
    assertFalse(s.err().contains("check:"), s.err());
    assertFalse(s.err().contains("failure(s)"), s.err());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals("SIGINT", json.get("interrupted").asText());
    assertEquals(0, json.at("/figures/failed").size(), json.at("/figures/failed").toString());
    JsonNode create = json.at("/figures/phases/0");
    assertEquals(0, create.get("failed").asLong(), create.toString());
    assertTrue(create.get("items").asLong() > 0, create.toString());
    assertEquals(0, json.get("failedTasks").size(), json.get("failedTasks").toString());
    assertEquals(0, entries(ns), "the run's directory is removed");
  }

  /**
   * The clients engine (the local job runner, two clients of two threads) stopped by SIGINT: the clients end their
   * threads and report what they did, the run counts their tasks and calls, and removes its directory.
   */
  @Test
  void sigintStopsANamespaceRunOnTheMapReduceEngineThatCountsWhatItsClientsDid() throws Exception {
    Path ns = Files.createDirectories(work.resolve("ns"));
    Stopped s = runAndSignal(Send.one("INT", "MapReduce job", 1000).once(() -> atLeast(ns, 100)), java.util.Map.of(),
        "namespace", "-n",
        "100000", "--phases", "create,stat,delete", "-t", "2", "--engine", "mapreduce", "--clients", "2", "--path",
        ns.toUri().toString());
    System.out.printf("SIGNAL | namespace --engine mapreduce --clients 2, SIGINT | exit %d%n--- stderr%n%s---%n",
        s.code(), s.err());
    assertEquals(130, s.code(), s.out() + s.err());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals("SIGINT", json.get("interrupted").asText());
    assertEquals(4, json.get("tasks").size(), "2 clients x 2 threads");
    long calls = json.at("/aggregate/latency/create/count").asLong();
    assertTrue(calls > 0, json.get("aggregate").toString());
    assertEquals(calls, json.at("/figures/phases/0/items").asLong());
    for (JsonNode t : json.get("tasks")) {
      assertTrue(t.get("interrupted").asBoolean(), t.toString());
      assertTrue(t.get("error").isNull(), t.toString());
    }
    assertEquals(0, entries(ns), "the run's directory is removed");
  }

  /** dfsio on the MapReduce engine stopped by SIGTERM: its map's task counts, its part file is not left behind. */
  @Test
  void sigtermStopsADfsioWriteOnTheMapReduceEngineThatCountsWhatItsMapsDid() throws Exception {
    Path root = work.resolve("dfsio");
    // the signal once the map's data has bytes (io_data: the launcher's control files under the root have bytes
    // before the map starts; a signal then, on a loaded machine, came before the map had a task to count)
    Stopped s = runAndSignal(Send.one("TERM", "MapReduce job", 1000).once(() -> written(root.resolve("io_data"))),
        paced(), line(PACED, "dfsio", "-write",
        "-nrFiles", "2", "-fileSize", "64MB", "-bufferSize", "4096", "--engine", "mapreduce", "--root",
        root.toUri().toString()));
    System.out.printf("SIGNAL | dfsio -write --engine mapreduce, SIGTERM | exit %d%n--- stderr%n%s---%n", s.code(),
        s.err());
    assertEquals(143, s.code(), s.out() + s.err());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals("SIGTERM", json.get("interrupted").asText());
    assertTrue(json.get("tasks").size() >= 1, json.get("tasks").toString());
    JsonNode first = json.get("tasks").get(0);
    assertTrue(first.get("interrupted").asBoolean() && first.get("bytes").asLong() > 0, first.toString());
    assertEquals("not written: the run was stopped by SIGTERM",
        json.get("figures").get("partFile").get("error").asText());
    assertFalse(Files.exists(root.resolve("io_write")), "no part file");
    assertFalse(Files.exists(root.resolve("io_stop")), "no stop marker");
  }

  /** teragen on the MapReduce engine stopped by SIGINT: its maps' records count, and its output has no _SUCCESS. */
  @Test
  void sigintStopsATeragenOnTheMapReduceEngineThatCountsWhatItsMapsDid() throws Exception {
    Path out = work.resolve("teragen");
    Stopped s = runAndSignal(Send.one("INT", "MapReduce job", 1000).once(() -> written(out)), paced(),
        line(PACED, "teragen", "200000",
        out.toUri().toString(), "-m", "2", "--engine", "mapreduce"));
    System.out.printf("SIGNAL | teragen --engine mapreduce, SIGINT | exit %d%n--- stderr%n%s---%n", s.code(), s.err());
    assertEquals(130, s.code(), s.out() + s.err());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals("SIGINT", json.get("interrupted").asText());
    assertTrue(json.get("tasks").size() >= 1, json.get("tasks").toString());
    assertTrue(json.get("tasks").get(0).get("bytes").asLong() > 0, json.get("tasks").toString());
    assertFalse(Files.exists(out.resolve("_SUCCESS")), "a stopped run's output is not whole");
    try (java.util.stream.Stream<Path> files = Files.list(out)) {
      assertTrue(files.map(f -> f.getFileName().toString()).allMatch(f -> f.startsWith("part-m-")
          || f.startsWith(".part-m-")), "only the maps' files are left");
    }
  }

  /**
   * Whenever the signal comes (before the tasks, during them, while the result is saved and the reports written),
   * the exit code and result.json say the run was stopped: teragen, SIGTERM at three moments.
   */
  @Test
  void aSignalAtAnyMomentOfARunMarksItStopped() throws Exception {
    String[][] moments = {{"cluster:", "0"}, {"teragen:", "1500"}, {"Result JSON:", "0"}};
    for (String[] m : moments) {
      Path out = work.resolve("teragen-" + m[1] + "-" + m[0].length());
      Stopped s = runAndSignal(Send.one("TERM", m[0], Long.parseLong(m[1])), paced(), line(PACED, "teragen",
          "100000", out.toUri().toString(), "-m", "2"));
      System.out.printf("SIGNAL | teragen, SIGTERM at '%s' + %s ms | exit %d | %s%n", m[0], m[1], s.code(),
          s.err().strip().replace("\n", " / "));
      assertEquals(143, s.code(), m[0] + ": " + s.out() + s.err());
      JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
      assertEquals(143, json.get("exitCode").asInt(), m[0]);
      assertEquals("SIGTERM", json.get("interrupted").asText(), m[0]);
    }
  }

  /** An experiment of three runs (freon dfsg on a paced local file system, a few seconds each). */
  private Path experiment() throws Exception {
    Path file = work.resolve("stops.yaml");
    Files.writeString(file, String.join("\n",
        "name: stops",
        "repeat: 3",
        "figures: [seconds]",
        "targets:",
        "  local: {fs: \"file:///\", root: " + work.resolve("data") + ", conf: {fs.file.impl: "
            + PacedLocalFileSystem.class.getName() + ", fs.file.impl.disable.cache: \"true\"}}",
        "workloads:",
        "  - name: dfsg",
        "    run: freon dfsg -n 200 -s 64KB -t 2 --path ${root}/dfsg-${run}",
        ""));
    return file;
  }

  /** The first signal lets the experiment's current run end as it would, then stops the experiment: exit 130. */
  @Test
  void sigintLetsAnExperimentsCurrentRunEndThenStops() throws Exception {
    Path dir = work.resolve("study");
    Stopped s = runAndSignal(Send.one("INT", "[1/3]", 1000), paced(), "experiment", experiment().toString(), "-o",
        dir.toString());
    System.out.printf("SIGNAL | experiment, SIGINT once | exit %d%n--- stderr%n%s---%n", s.code(), s.err());
    assertEquals(130, s.code(), s.out() + s.err());
    assertTrue(s.err().contains("harness: SIGINT: finishing the current run, then stopping"), s.err());
    assertFalse(s.err().contains("failed"), s.err());
    JsonNode runs = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("experiment.json")
        .toFile()).get("runs");
    assertEquals(1, runs.size(), runs.toString());
    assertEquals(0, runs.get(0).get("exitCode").asInt(), "the current run ended as it would have");
    JsonNode run = Runs.latestResult(dir.resolve("runs/01-dfsg/local"));
    assertEquals(200, run.at("/figures/files").asLong(), run.get("figures").toString());
    assertTrue(run.path("interrupted").isMissingNode() || run.get("interrupted").isNull(), run.toString());
  }

  /** A second signal stops the current run now: it is saved as stopped, and the table says stopped, not failed. */
  @Test
  void aSecondSignalStopsTheExperimentsCurrentRunWhichIsStoppedNotFailed() throws Exception {
    Path dir = work.resolve("study");
    Stopped s = runAndSignal(new Send(List.of("INT", "INT"), "[1/3]", 500, 1000, false), paced(), "experiment",
        experiment().toString(), "-o", dir.toString());
    System.out.printf("SIGNAL | experiment, SIGINT twice | exit %d%n--- stderr%n%s---%n", s.code(), s.err());
    assertEquals(130, s.code(), s.out() + s.err());
    assertTrue(s.err().contains("harness: SIGINT again: stopping the current run now"), s.err());
    assertTrue(s.err().contains("experiment: run 1 stopped"), s.err());
    assertFalse(s.err().contains("failed"), s.err());
    JsonNode runs = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("experiment.json")
        .toFile()).get("runs");
    assertEquals(1, runs.size(), runs.toString());
    assertEquals(130, runs.get(0).get("exitCode").asInt());
    JsonNode run = Runs.latestResult(dir.resolve("runs/01-dfsg/local"));
    assertEquals("SIGINT", run.get("interrupted").asText());
    String table = Files.readString(dir.resolve("table.md"));
    assertTrue(table.contains("| stopped |"), table);
    assertFalse(table.contains("failed"), table);
  }
}
