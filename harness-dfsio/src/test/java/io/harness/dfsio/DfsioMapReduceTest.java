package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.SeededContent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dfsio on the MapReduce engine, run by Hadoop's local job runner on the local file system. */
class DfsioMapReduceTest {
  @TempDir
  Path dir;

  private Run run(String... args) {
    return Cli.run(Cli.concat(args, "-fs", "file:///", "-D", "mapreduce.framework.name=local",
        "-D", "hadoop.tmp.dir=" + dir.resolve("tmp"), "--run-dir", dir.resolve("runs").toString(),
        "-resFile", dir.resolve("res.log").toString(), "--json", dir.resolve("last.json").toString()));
  }

  /** The calls of each kind in the latest run's latency.hlog.gz (its seconds added up). */
  static Map<String, Long> secondsByKind(Path runs) throws Exception {
    Path last = Runs.latest(runs);
    Map<String, Long> calls = new HashMap<>();
    for (var i : io.harness.core.records.RecordsFile.read(last).intervals()) {
      assertTrue(i.second() >= 0, "second " + i.second());
      calls.merge(i.kind(), i.histogram().getTotalCount(), Long::sum);
    }
    return calls;
  }

  /** A part file's keys and values, as its lines have them. */
  static Map<String, String> partFile(Path file) throws Exception {
    Map<String, String> m = new HashMap<>();
    for (String line : Files.readAllLines(file)) {
      String[] kv = line.split("\t", 2);
      m.put(kv[0], kv[1]);
    }
    return m;
  }

  @Test
  void writeThenVerifiedReadThroughTheJob() throws Exception {
    Path root = dir.resolve("root");
    Run w = run("dfsio", "-write", "--engine", "mapreduce", "-nrFiles", "3", "-fileSize", "2MB",
        "-bufferSize", "65536", "--root", root.toString());
    assertExit(w, 0);
    assertTrue(w.out().contains("MapReduce engine (local)"), w.out());
    // the layout of TestDFSIO's job: control files, data files, the reducer's part file
    for (int i = 0; i < 3; i++) {
      assertTrue(Files.isRegularFile(root.resolve("io_control/in_file_test_io_" + i)));
      SeededContent.assertFile(root.resolve("io_data/test_io_" + i), Dfsio.DEFAULT_SEED, i, 2 << 20);
    }
    Map<String, String> part = partFile(root.resolve("io_write/part-00000"));
    assertEquals("3", part.get("l:tasks"));
    assertEquals(String.valueOf(3L * (2 << 20)), part.get("l:size"));
    assertEquals("0", part.get(PartFile.FAILED));
    // the merged histogram counts every write call of every map: 2 MB / 64 KiB = 32 per file
    assertEquals(96, PartFile.decode(part.get(PartFile.HISTOGRAM_PREFIX + "write")).getTotalCount());
    long seriesBytes = PartFile.parseSeries(part.get(PartFile.BYTES_PER_SECOND)).values().stream()
        .mapToLong(Long::longValue).sum();
    assertEquals(3L * (2 << 20), seriesBytes);
    assertTrue(Long.parseLong(part.get(PartFile.FIRST_START)) < Long.parseLong(part.get(PartFile.LAST_END)));

    // the printed block is what the analyzer makes of the same part file
    String mean = w.out().lines().filter(l -> l.startsWith(" Average IO rate mb/sec: ")).findFirst().orElseThrow();
    Run a = Cli.run("dfsio", "analyze", root.resolve("io_write").toString());
    assertExit(a, 0);
    assertTrue(a.out().contains(mean), mean + "\n" + a.out());
    JsonNode json = ResultWriter.mapper().readTree(dir.resolve("last.json").toFile());
    assertEquals(3L * (2 << 20), json.get("aggregate").get("bytes").asLong());
    assertEquals(3, json.get("figures").get("legacy").get("tasks").asInt());
    // every map's own record travels through the part file into the JSON
    JsonNode tasks = json.get("tasks");
    assertEquals(3, tasks.size(), tasks.toString());
    long sumMillis = 0;
    for (int i = 0; i < 3; i++) {
      JsonNode t = tasks.get(i);
      assertEquals(i, t.get("index").asInt());
      assertEquals("test_io_" + i, t.get("name").asText());
      assertEquals(2L << 20, t.get("bytes").asLong());
      assertEquals(32, t.get("latency").get("write").get("count").asLong());
      assertEquals(1, t.get("latency").get("create").get("count").asLong());
      assertTrue(t.get("error").isNull(), t.toString());
      sumMillis += Math.round((t.get("endEpochNanos").asLong() - t.get("startEpochNanos").asLong()) / 1e6);
    }
    // TestDFSIO's l:time is the sum of the maps' milliseconds: the same tasks, rounded the same way
    assertEquals(Long.parseLong(part.get("l:time")), sumMillis);
    // the maps' calls per second of the run, merged into the run's latency.hlog.gz: every call once
    Map<String, Long> perSecond = secondsByKind(dir.resolve("runs"));
    assertEquals(Map.of("create", 3L, "write", 96L, "close", 3L), perSecond);

    Run r = run("dfsio", "-read", "--verify", "--engine", "mapreduce", "-nrFiles", "3", "-fileSize", "2MB",
        "-bufferSize", "65536", "--root", root.toString());
    assertExit(r, 0);
    assertEquals("3", partFile(root.resolve("io_read/part-00000")).get("l:tasks"));
  }

  @Test
  void aFailedMapIsNamedAndTheOthersAreMeasured() throws Exception {
    Path root = dir.resolve("root2");
    assertExit(run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "--root", root.toString()), 0);
    // corrupt file 1 (the local FS's .crc goes too, so the harness's own check is what finds it)
    Path f = root.resolve("io_data/test_io_1");
    byte[] b = Files.readAllBytes(f);
    b[4242] ^= 1;
    Files.write(f, b);
    Files.delete(root.resolve("io_data/.test_io_1.crc"));
    Run r = run("dfsio", "-read", "--verify", "--engine", "mapreduce", "-nrFiles", "2", "-fileSize", "1MB",
        "--root", root.toString());
    assertExit(r, 1);
    assertTrue(r.err().contains("1x java.io.IOException: data mismatch in test_io_1 at byte 4242 (written with another --seed, or corrupted) [test_io_1]"), r.err());
    Map<String, String> part = partFile(root.resolve("io_read/part-00000"));
    assertEquals("1", part.get("l:tasks"));
    assertEquals("1", part.get(PartFile.FAILED));
    JsonNode tasks = ResultWriter.mapper().readTree(dir.resolve("last.json").toFile()).get("tasks");
    assertEquals(2, tasks.size());
    assertTrue(tasks.get(0).get("error").isNull());
    assertEquals(1L << 20, tasks.get(0).get("bytes").asLong());
    assertEquals("java.io.IOException: data mismatch in test_io_1 at byte 4242 (written with another --seed, "
        + "or corrupted)", tasks.get(1).get("error").asText());
  }

  @Test
  void compressedTimeBoundedWriteAndReadThroughTheJob() throws Exception {
    Path root = dir.resolve("root3");
    Run w = run("dfsio", "-write", "--engine", "mapreduce", "-nrFiles", "2", "--duration", "1500ms",
        "--warmup", "200ms", "-compression", "gzip", "-bufferSize", "65536", "--root", root.toString());
    assertExit(w, 0);
    assertTrue(w.out().contains("compression GzipCodec, warm-up 200 ms, 1.5 s per task"), w.out());
    JsonNode json = ResultWriter.mapper().readTree(dir.resolve("last.json").toFile());
    long minWritten = Long.MAX_VALUE;
    for (int i = 0; i < 2; i++) {
      JsonNode t = json.get("tasks").get(i);
      // the measured part of each map starts after its warm-up and lasts the duration
      assertTrue(t.get("seconds").asDouble() >= 1.5, t.toString());
      long written;
      try (java.io.InputStream in = new java.util.zip.GZIPInputStream(
          Files.newInputStream(root.resolve("io_data/test_io_" + i)))) {
        byte[] all = in.readAllBytes();
        SeededContent.assertBytes("gzip content of test_io_" + i, all, Dfsio.DEFAULT_SEED, i, 0);
        written = all.length;
      }
      // the warm-up's writes are in the file but not in the figures
      assertTrue(written > t.get("bytes").asLong(), written + " vs " + t);
      minWritten = Math.min(minWritten, written);
    }
    Run r = run("dfsio", "-read", "--verify", "--engine", "mapreduce", "-nrFiles", "2", "-compression",
        "GzipCodec", "-fileSize", minWritten + "B", "--root", root.toString());
    assertExit(r, 0);
    assertEquals(2L * minWritten, ResultWriter.mapper().readTree(dir.resolve("last.json").toFile())
        .get("aggregate").get("bytes").asLong());
  }

  /** Every other mode as a job too, on the raw local file system (the one local FS that appends and truncates). */
  @Test
  void everyModeRunsAsAJob() throws Exception {
    Path root = dir.resolve("modes");
    String[] raw = {"-D", "fs.file.impl=org.apache.hadoop.fs.RawLocalFileSystem", "--engine", "mapreduce",
        "-nrFiles", "2", "-bufferSize", "100000", "--root", root.toString()};
    String[][] steps = {
        {"-write", "-fileSize", "1MB"},
        {"-append", "-fileSize", "512KB"},
        {"-read", "--verify", "-fileSize", "1536KB"},
        {"-read", "-random", "--verify", "-fileSize", "1MB"},
        {"-read", "-backward", "--verify", "-fileSize", "1536KB"},
        {"-read", "-skip", "-skipSize", "200000B", "--verify", "-fileSize", "1MB"},
        {"-truncate", "-size", "700KB"},
        {"-read", "-backward", "--verify", "-fileSize", "700KB"},
    };
    String[] results = {"io_write", "io_append", "io_read", "io_random_read", "io_random_read", "io_random_read",
        "io_truncate", "io_random_read"};
    long[] bytes = {2L << 20, 1L << 20, 3L << 20, 2L << 20, 3L << 20, -1, 2L * (1536 - 700) << 10, 1400L << 10};
    for (int s = 0; s < steps.length; s++) {
      List<String> args = new ArrayList<>(List.of("dfsio"));
      args.addAll(Arrays.asList(steps[s]));
      args.addAll(Arrays.asList(raw));
      Run r = run(args.toArray(new String[0]));
      String what = String.join(" ", steps[s]);
      assertExit(r, 0);
      assertTrue(r.out().contains("MapReduce engine (local)"), what);
      Map<String, String> part = partFile(root.resolve(results[s] + "/part-00000"));
      assertEquals("2", part.get("l:tasks"), what);
      if (bytes[s] >= 0) {
        assertEquals(String.valueOf(bytes[s]), part.get("l:size"), what);
      }
      assertEquals(2, ResultWriter.mapper().readTree(dir.resolve("last.json").toFile()).get("tasks").size(), what);
    }
    assertEquals(700L << 10, Files.size(root.resolve("io_data/test_io_1")));
  }

  @Test
  void unknownEngineIsBadInput() {
    Run r = run("dfsio", "-write", "--engine", "spark", "--root", dir.resolve("x").toString());
    assertExit(r, 2);
    assertTrue(r.err().contains("--engine: must be local or mapreduce, was 'spark'"), r.err());
    assertTrue(Files.notExists(dir.resolve("x")));
  }
}
