package io.harness.namespace;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.records.TaskRecord;
import io.harness.core.engine.ItemLoop;
import io.harness.core.records.RecordsFile;
import io.harness.core.records.RunRecords;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.RunAssertions;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine mapreduce --clients N} on Hadoop's local job runner and the local file system: freon dfsg and the
 * namespace workload run in N maps behind one start barrier, each map a client of the workload's own threads.
 */
class ClientsLocalRunnerTest {
  @TempDir
  Path dir;

  /** A start a minute ago: every client is late. */
  private static final String PAST = java.time.Instant.now().minusSeconds(60)
      .truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();

  private Run run(String... args) {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("-fs", "file:///", "-D", "mapreduce.framework.name=local", "-D",
        "hadoop.tmp.dir=" + dir.resolve("tmp"), "--run-dir", dir.resolve("runs").toString()));
    return Cli.run(all.toArray(new String[0]));
  }

  private List<Path> files(Path folder) throws Exception {
    try (Stream<Path> s = Files.list(folder)) {
      return s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
    }
  }

  @Test
  void dfsgOnThreeClientsWritesEveryFileOnce() throws Exception {
    Path base = dir.resolve("dfsg");
    Run r = run("freon", "dfsg", "--engine", "mapreduce", "--clients", "3", "-n", "30", "-t", "2", "-s", "20KB",
        "--path", base.toUri().toString(), "-p", "run1");
    assertExit(r, 0);
    assertTrue(r.out().contains("MapReduce engine (local), 3 client(s) x 2 thread(s)"), r.out());
    assertTrue(r.out().contains("Files written: 30 (0 failed)"), r.out());
    assertTrue(r.out().contains("clients late: 0"), r.out());
    // exactly the 30 files, each 20 KB of the seeded 10240-byte buffer; the clients' folder is gone
    List<Path> files = files(base.resolve("run1"));
    assertEquals(30, files.size(), files.toString());
    Set<String> names = new HashSet<>();
    for (Path f : files) {
      names.add(f.getFileName().toString());
      SeededContent.assertRepeated(f.toString(), Files.readAllBytes(f), 20 << 10, 24301, 0, 10240);
    }
    for (int i = 0; i < 30; i++) {
      assertTrue(names.contains("" + i), names.toString());
    }
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    RunAssertions.assertClientTasks(j, 3, 2);
    assertTrue(j.at("/clients/clockSpreadNanos").asLong() >= 0);
    // every client was ready before the barrier released them (none late; one JVM's clock here)
    assertEquals(3, j.at("/clients/readyEpochNanos").size(), j.get("clients").toString());
    j.at("/clients/readyEpochNanos").forEach(t -> assertTrue(t.asLong() < j.at("/clients/releaseEpochNanos").asLong(),
        j.get("clients").toString()));
    assertEquals(30, j.at("/aggregate/latency/file/count").asLong());
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    assertEquals(30, ItemLoop.done(records));
    // each client did its third of the items
    Map<Object, Long> perClient = new LinkedHashMap<>();
    for (TaskRecord t : records.tasks()) {
      perClient.merge(t.extra().get("client"), ((Number) t.extra().get(ItemLoop.ITEMS)).longValue(), Long::sum);
    }
    assertEquals(List.of(10L, 10L, 10L), new ArrayList<>(perClient.values()));
    assertFalse(Files.exists(base.resolve("run1/_clients")));
  }

  @Test
  void namespaceOnTwoClientsCountsWhatOneJvmCounts() throws Exception {
    Map<String, Long> local = phases(run("namespace", "--phases", "create,stat,list,delete", "-n", "40", "-t", "4",
        "--path", dir.resolve("ns").toString(), "--prefix", "local"));
    Map<String, Long> clients = phases(run("namespace", "--phases", "create,stat,list,delete", "-n", "40", "-t", "2",
        "--path", dir.resolve("ns").toString(), "--prefix", "clients", "--engine", "mapreduce", "--clients", "2"));
    // 4 threads in one JVM, or 2 clients of 2 threads: the same calls, none failed
    assertEquals(Map.of("create", 40L, "stat", 40L, "list", 40L, "delete", 40L), local);
    assertEquals(local, clients);
  }

  private Map<String, Long> phases(Run r) throws Exception {
    assertExit(r, 0);
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    Map<String, Long> out = new LinkedHashMap<>();
    for (JsonNode p : j.at("/figures/phases")) {
      assertEquals(0, p.get("failed").asLong(), p.toString());
      out.put(p.get("name").asText(), p.get("items").asLong());
    }
    return out;
  }

  /**
   * A client is late as it is on a cluster too small for all of them at once: the local job runner runs two maps at
   * a time (-D), so the first two wait the barrier's second for the third, start, and the third runs after them.
   */
  @Test
  void aClientTheRunnerStartsAfterTheOthersEndedIsLateAndLeftOut() throws Exception {
    Run r = lateRun("late");
    assertExit(r, 0);
    assertTrue(r.out().contains("clients late: 1 (left out of the figures)"), r.out());
    assertTrue(r.out().contains("Files written: 20 (0 failed)"), r.out());
    assertEquals(30, files(dir.resolve("late/run1")).size());
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    assertEquals(1, j.at("/clients/late").asInt());
    int late = j.at("/clients/lateClients/0").asInt();
    assertEquals(3, j.get("tasks").size());
    assertEquals(20, j.at("/aggregate/latency/file/count").asLong());
    // its task is saved, marked, and did its third
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    assertEquals(30, ItemLoop.done(records));
    List<TaskRecord> marked = records.tasks().stream().filter(t -> Boolean.TRUE.equals(t.extra().get("late")))
        .toList();
    assertEquals(List.of("client-" + late + "/thread-0"), marked.stream().map(TaskRecord::name).toList());
    assertEquals(10L, ((Number) marked.get(0).extra().get(ItemLoop.ITEMS)).longValue());
    // it started after the others ended
    long othersEnd = records.tasks().stream().filter(t -> t != marked.get(0)).mapToLong(TaskRecord::endEpochNanos)
        .max().orElseThrow();
    assertTrue(marked.get(0).startEpochNanos() >= othersEnd, records.tasks().toString());
  }

  @Test
  void aLateClientCountsWithCountLate() throws Exception {
    Run r = lateRun("counted", "--count-late");
    assertExit(r, 0);
    assertTrue(r.out().contains("clients late: 1 (counted)"), r.out());
    assertTrue(r.out().contains("Files written: 30 (0 failed)"), r.out());
    assertEquals(30, Runs.latestResult(dir.resolve("runs")).at("/aggregate/latency/file/count").asLong());
  }

  private Run lateRun(String name, String... more) {
    List<String> args = new ArrayList<>(List.of("freon", "dfsg", "--engine", "mapreduce", "--clients", "3", "-n",
        "30", "-t", "1", "-s", "1KB", "--path", dir.resolve(name).toUri().toString(), "-p", "run1",
        "--barrier-timeout", "1s", "-D", "mapreduce.local.map.tasks.maximum=2"));
    args.addAll(List.of(more));
    return run(args.toArray(new String[0]));
  }

  @Test
  void aStartTimeInThePastMakesEveryClientLateUnlessCounted() throws Exception {
    Run r = run("freon", "dfsg", "--engine", "mapreduce", "--clients", "2", "-n", "10", "-t", "1", "-s", "1KB",
        "--path", dir.resolve("past").toUri().toString(), "-p", "run1", "--start-at", PAST,
        "--count-late");
    assertExit(r, 0);
    assertTrue(r.out().contains("clients late: 2 (counted)"), r.out());
    assertTrue(r.out().contains("Files written: 10 (0 failed)"), r.out());
  }

  /**
   * Every client late and none counted: the run did its work (the files are there, the tasks saved and marked) but
   * measured nothing it may show, so it fails (exit 1) and says why and what to do.
   */
  @Test
  void aStartTimeInThePastWithoutCountLateFailsTheRunSayingWhy() throws Exception {
    Run r = run("freon", "dfsg", "--engine", "mapreduce", "--clients", "2", "-n", "10", "-t", "1", "-s", "1KB",
        "--path", dir.resolve("past").toUri().toString(), "-p", "run1", "--start-at", PAST);
    assertExit(r, 1);
    assertTrue(r.out().contains("clients late: 2 (left out of the figures)"), r.out());
    assertTrue(r.out().contains("Files written: 0 (0 failed)"), r.out());
    assertTrue(r.err().contains("freon dfsg: every client was late (2 of 2, ready after --start-at "
        + PAST + ")"), r.err());
    assertTrue(r.err().contains("--count-late to count them"), r.err());
    assertEquals(10, files(dir.resolve("past/run1")).size());
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    assertEquals(1, j.get("exitCode").asInt());
    assertEquals(2, j.at("/clients/late").asInt());
    RunRecords records = RecordsFile.read(Runs.latest(dir.resolve("runs")));
    assertEquals(2, records.tasks().stream().filter(t -> Boolean.TRUE.equals(t.extra().get("late"))).count());
  }

  @Test
  void badInputNamesItsOption() {
    assertUsageError(run("freon", "dfsg", "--engine", "mapreduce", "--clients", "0", "-n", "3",
        "--path", dir.resolve("b").toString()), "--clients");
    assertUsageError(run("freon", "dfsg", "--engine", "local", "--clients", "2", "-n", "3",
        "--path", dir.resolve("b").toString()), "--clients");
    assertUsageError(run("namespace", "--clients", "2", "-n", "3", "--path", dir.resolve("b").toString()),
        "--clients");
    assertUsageError(run("freon", "dfsg", "--engine", "mapreduce", "--clients", "2", "--start-at", "tomorrow",
        "-n", "3", "--path", dir.resolve("b").toString()), "--start-at");
    // epoch seconds where milliseconds belong: 1970, not now
    Run seconds = run("freon", "dfsg", "--engine", "mapreduce", "--clients", "2", "--start-at",
        "" + System.currentTimeMillis() / 1000, "-n", "3", "--path", dir.resolve("b").toString());
    assertUsageError(seconds, "--start-at");
    assertTrue(seconds.err().contains("within a day of now"), seconds.err());
    // the local job runner would start every client in this JVM: a careless count is refused, not run
    assertUsageError(run("namespace", "--engine", "mapreduce", "--clients", "100000", "-n", "3", "--path",
        dir.resolve("b").toString()), "--clients");
    // as -t is at most -n: every thread of every client needs an item
    Run idle = run("namespace", "--engine", "mapreduce", "--clients", "3", "-t", "2", "-n", "5", "--path",
        dir.resolve("b").toString());
    assertUsageError(idle, "--clients");
    assertTrue(idle.err().contains("--clients: 3 clients x 2 thread(s) need at least 6 items (-n 5)"), idle.err());
    assertFalse(Files.exists(dir.resolve("b")));
    assertFalse(Files.exists(dir.resolve("runs")), "no run folder for bad input");
  }
}
