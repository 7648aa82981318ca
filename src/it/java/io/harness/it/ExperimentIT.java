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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every shipped experiment (experiments/*.yaml) run end to end by the distribution's bin/harness at its smallest
 * size, and the table's cells checked against the runs' own result.json: each value recomputed from the JSON
 * (the aggregate, TestDFSIO's figures, the workload's rows or files over its seconds), the median and the
 * Markdown cell computed here.
 */
class ExperimentIT {
  private static final Path EXPERIMENTS = Path.of("..", "experiments").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void teragenLayouts(@TempDir Path dir) throws Exception {
    Path out = run(dir, "teragen-layouts.yaml", "--repeat", "1", "--set", "rows=100k");
    List<List<String>> rows = checkTable(out);
    assertEquals(3 * 2, rows.size(), "one line per target and figure");
    // the cluster context of each run says the layout its target set
    for (String layout : List.of("FILE_PER_BLOCK", "FILE_PER_CHUNK")) {
      String target = layout.equals("FILE_PER_BLOCK") ? "ozone-block" : "ozone-chunk";
      JsonNode r = result(out, rows.stream().filter(l -> l.get(4).equals(target)).findFirst().orElseThrow().get(11));
      assertEquals(layout, r.at("/cluster/ozone/chunkLayout").asText(), r.at("/cluster").toString());
    }
  }

  @Test
  void dfsgThreads(@TempDir Path dir) throws Exception {
    checkTable(run(dir, "dfsg-threads.yaml", "--repeat", "1", "--set", "files=20"));
  }

  @Test
  void namespacePhases(@TempDir Path dir) throws Exception {
    List<List<String>> rows = checkTable(run(dir, "namespace.yaml", "--repeat", "1", "--set", "items=20"));
    assertEquals(4 * 10 * 2, rows.size(), "4 lines (1 and 10 threads, unique and shared), 10 figures, 2 targets");
  }

  @Test
  void dfsioFiles(@TempDir Path dir) throws Exception {
    // the study's sizes, a sixteenth of them (the same 64 : 4 files of the same bytes)
    checkTable(run(dir, "dfsio-files.yaml", "--repeat", "1", "--set", "small=256KB", "--set", "large=4MB"));
  }

  /** The io500 study on its HDFS target, a 1 s stonewall: the score, its groups and each phase's figure. */
  @Test
  void io500Scores(@TempDir Path dir) throws Exception {
    Path out = run(dir, "io500.yaml", "--only", "hdfs", "--repeat", "1", "--set", "stonewall=1s", "--set", "files=50");
    List<List<String>> rows = checkTable(out);
    assertEquals(12, rows.size(), "the study's 12 figures on one target: " + rows);
  }

  @Test
  void offlineGeneratorThreeRepeats(@TempDir Path dir) throws Exception {
    Path out = run(dir, "offline-generator.yaml", "--set", "containers=2", "--set", "size=16MB");
    List<List<String>> rows = checkTable(out);
    assertTrue(rows.stream().allMatch(l -> l.get(5).equals("3")), "three repeats in every cell");
    // runs alternate their order per repeat, and every run number is used once
    JsonNode runs = JSON.readTree(out.resolve("experiment.json").toFile()).path("runs");
    assertEquals(15, runs.size());
    for (int i = 0; i < runs.size(); i++) {
      assertEquals(i + 1, runs.get(i).path("number").asInt());
      assertEquals(0, runs.get(i).path("exitCode").asInt(), runs.get(i).toString());
    }
  }

  @Test
  void sparkParquet(@TempDir Path dir) throws Exception {
    // on its Ozone target only (Spark on HDFS: harness-spark's ParquetOnHdfsTest; an experiment's second target:
    // the other studies here), one Spark JVM per step: three, not six
    Path out = run(dir, "spark-parquet.yaml", "--only", "ozone", "--repeat", "1", "--set", "records=8");
    List<List<String>> rows = checkTable(out);
    assertEquals(3 + 2 + 2, rows.size(), "generate 3 figures, count 2, copy 2, on the ozone target");
    assertTrue(rows.stream().allMatch(l -> !l.get(7).isEmpty()), "every step's figures are filled: " + rows);
    assertTrue(Files.isRegularFile(out.resolve("rows/01-parquet_records-8-copy.html")));
    // the Spark JVM timed the client's waits, the experiment's JVM its datanodes' handling of them
    String generate = rows.stream().filter(l -> l.get(1).equals("generate") && l.get(4).equals("ozone")).findFirst()
        .orElseThrow().get(11);
    JsonNode timings = result(out, generate).at("/instrumentation");
    long clientWaits = 0;
    long datanodeWrites = 0;
    for (JsonNode t : timings) {
      if (t.path("scope").asText().equals("datanode")) {
        datanodeWrites += t.at("/counters/dn.write.call").asLong();
      } else {
        clientWaits += t.at("/counters/watchForCommit.call").asLong();
      }
    }
    assertTrue(clientWaits > 0 && datanodeWrites > 0, "client waits " + clientWaits + ", datanode writes "
        + datanodeWrites + ": " + timings);
  }

  /** A run that fails is recorded as failed, the others go on and fill the table; the experiment exits 1. */
  @Test
  void aFailedRunIsRecordedAndTheRestGoOn(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("e.yaml");
    Files.writeString(file, "repeat: 2\n"
        + "targets:\n  local: {fs: \"file:///\", root: " + dir.resolve("data") + "}\n"
        + "workloads:\n"
        + "  - run: dfsio -write -nrFiles 2 -fileSize 1MB --root ${root}/w-${repeat}\n"
        + "  - name: read-missing\n    run: dfsio -read -nrFiles 2 -fileSize 1MB --root ${root}/none-${repeat}\n");
    Path out = dir.resolve("out");
    Run r = Cli.run("experiment", file.toString(), "-o", out.toString());
    assertExit(r, 1);
    assertTrue(r.err().contains("experiment: run 2 failed (read-missing on local, repeat 1, exit 1)"), r.err());
    assertTrue(r.err().contains("experiment: run 4 failed (read-missing on local, repeat 2, exit 1)"), r.err());
    List<List<String>> rows = checkTable(out);
    assertTrue(rows.stream().anyMatch(l -> l.get(0).equals("read-missing") && l.get(6).equals("2")
        && l.get(7).isEmpty()), rows.toString());
    String md = Files.readString(out.resolve("table.md"));
    assertTrue(md.contains("| read-missing | seconds (s) | failed |"), md);
    JsonNode runs = JSON.readTree(out.resolve("experiment.json").toFile()).path("runs");
    assertEquals(4, runs.size());
    assertEquals(1, runs.get(1).path("exitCode").asInt());
    assertTrue(runs.get(1).path("reason").asText().contains("-read"), runs.get(1).toString());
  }

  /** A failed run followed by passing ones: the experiment still exits 1 (not its last run's 0). */
  @Test
  void aFailedRunBeforePassingOnesStillExitsOne(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("e.yaml");
    Files.writeString(file, "targets:\n  local: {fs: \"file:///\", root: " + dir.resolve("data") + "}\n"
        + "workloads:\n"
        + "  - name: read-missing\n    run: dfsio -read -nrFiles 2 -fileSize 1MB --root ${root}/none\n"
        + "  - run: dfsio -write -nrFiles 2 -fileSize 1MB --root ${root}/w\n");
    // a relative -o (under the build's own target/): the runs' folders are named under it
    Path out = Path.of("target", "experiment-relative-" + System.nanoTime());
    Run r = Cli.run("experiment", file.toString(), "-o", out.toString());
    assertExit(r, 1);
    JsonNode runs = JSON.readTree(out.resolve("experiment.json").toFile()).path("runs");
    assertEquals(2, runs.size());
    assertEquals(1, runs.get(0).path("exitCode").asInt());
    assertEquals(0, runs.get(1).path("exitCode").asInt());
    assertTrue(Files.isRegularFile(out.resolve(runs.get(1).path("dir").asText()).resolve("result.json")),
        runs.get(1).toString());
  }

  /**
   * Each step's figures decide its lines of the table: a step's own, else its workload's, else the file's; every
   * value is the run's own (checked against its JSON), and no line shows a figure its step did not ask for.
   */
  @Test
  void aStepsFiguresDecideItsLines(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("e.yaml");
    String root = "--root ${root}/p-${repeat}";
    Files.writeString(file, "repeat: 2\n"
        + "figures: [seconds]\n"
        + "targets:\n  local: {fs: \"file:///\", root: " + dir.resolve("data") + "}\n"
        + "workloads:\n"
        + "  - name: pipe\n"
        + "    figures: [testdfsio_throughput_mb_per_sec, read_p99_ms]\n"
        + "    steps:\n"
        + "      - {name: write, run: \"dfsio -write -nrFiles 2 -fileSize 1MB " + root + "\", figures: [mb_per_sec]}\n"
        + "      - {name: read, run: \"dfsio -read -nrFiles 2 -fileSize 1MB " + root + "\", figures: [seconds]}\n"
        + "      - {name: again, run: \"dfsio -read -nrFiles 2 -fileSize 1MB " + root + "\"}\n"
        + "  - name: solo\n    run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/s-${repeat}\n");
    Run plan = Cli.run("experiment", file.toString(), "--dry-run");
    assertExit(plan, 0);
    for (String line : List.of("figures pipe / write  mb_per_sec", "figures pipe / read   seconds",
        "figures pipe / again  testdfsio_throughput_mb_per_sec, read_p99_ms", "figures solo          seconds")) {
      assertTrue(plan.out().contains(line), "expected '" + line + "' in:\n" + plan.out());
    }
    Path out = dir.resolve("out");
    Run r = Cli.run("experiment", file.toString(), "-o", out.toString());
    assertExit(r, 0);
    List<List<String>> rows = checkTable(out);
    assertEquals(List.of("pipe/write/mb_per_sec", "pipe/read/seconds", "pipe/again/testdfsio_throughput_mb_per_sec",
        "pipe/again/read_p99_ms", "solo/solo/seconds"),
        rows.stream().map(l -> l.get(0) + "/" + l.get(1) + "/" + l.get(3)).toList());
    assertTrue(rows.stream().allMatch(l -> l.get(5).equals("2") && l.get(6).equals("0") && !l.get(7).isEmpty()),
        "every cell has both repeats' values: " + rows);
    String md = Files.readString(out.resolve("table.md"));
    assertTrue(md.contains("| pipe / write | mb_per_sec (MB/s) | ") && md.contains("| pipe / read | seconds (s) | ")
        && md.contains("| pipe / again | read_p99_ms (ms) | "), md);
    assertFalse(md.contains("| pipe / write | seconds") || md.contains("| pipe / read | mb_per_sec"), md);
  }

  /** Bad files and options: exit 2, one line naming the key (or option) and why, before anything is created. */
  @Test
  void badInputNamesTheKey(@TempDir Path dir) throws Exception {
    String targets = "targets:\n  hdfs: {embedded: hdfs, datanodes: 1}\n";
    Map<String, String> cases = new java.util.LinkedHashMap<>();
    cases.put(targets + "workloads:\n  - run: dfsio -write -nrFiles x\n", "workloads[0].run: harness dfsio: -nrFiles");
    cases.put(targets + "workloads:\n  - run: dfsio -write -nrFiles ${n}\n", "workloads[0].run: ${n} is not a matrix");
    cases.put(targets + "workloads:\n  - run: dfsio -write --embedded ozone\n", "workloads[0].run: --embedded is the "
        + "experiment's");
    cases.put(targets + "workloads:\n  - run: compare a b\n", "workloads[0].run: harness: 'compare a' does not measure");
    cases.put(targets + "workloads:\n  - run: dfsio -write\n    treads: 2\n", "workloads[0].treads: unknown key");
    cases.put("targets:\n  x: {embedded: hbase}\nworkloads:\n  - run: dfsio -write\n", "targets.x.embedded: 'hbase'");
    cases.put(targets + "repeat: 0\nworkloads:\n  - run: dfsio -write\n", "repeat: expected a whole number");
    cases.put(targets + "figures: [speed]\nworkloads:\n  - run: dfsio -write\n", "figures[0]: 'speed' is not a column");
    cases.put(targets + "workloads:\n  - steps:\n    - dfsio -write\n"
        + "    - {name: r, run: dfsio -read, figures: [seconds, mbps]}\n",
        "workloads[0].steps[1].figures[1]: 'mbps' is not a column");
    cases.put(targets + "workloads:\n  - run: \"dfsio -write -resFile 'a b\"\n", "workloads[0].run: an unclosed '");
    cases.put("targets: [\n", "not YAML");
    cases.put("targets:\n  x: {fs: \"file:///\", yarn: 3}\nworkloads:\n  - run: dfsio -write\n",
        "targets.x.yarn: YARN's NodeManagers run beside a containers: target only");
    cases.put("targets:\n  x: {embedded: hdfs, containers: hdfs}\nworkloads:\n  - run: dfsio -write\n", "targets.x: "
        + "give one of embedded: hdfs|ozone, containers: hdfs|ozone or fs: URI");
    cases.put("targets:\n  x: {containers: hbase}\nworkloads:\n  - run: dfsio -write\n", "targets.x.containers: "
        + "'hbase'");
    // with no YARN beside it a target's runs use the local engine, one client
    cases.put("targets:\n  x: {containers: ozone}\nworkloads:\n  - run: freon dfsg --clients 3 -n 6\n",
        "workloads[0].run: harness freon dfsg: --clients: 3 clients need the MapReduce engine");
    int i = 0;
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Path file = dir.resolve("bad" + i++ + ".yaml");
      Files.writeString(file, c.getKey());
      Path out = dir.resolve("out" + i);
      Run r = Cli.run("experiment", file.toString(), "-o", out.toString());
      assertExit(r, 2);
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().contains(file + ": " + c.getValue()), "expected '" + c.getValue() + "' in: " + r.err());
      assertFalse(Files.exists(out), "nothing created: " + out);
    }
    Path ok = dir.resolve("ok.yaml");
    Files.writeString(ok, targets + "matrix: {n: [1]}\nworkloads:\n  - run: dfsio -write -nrFiles ${n}\n");
    for (String[] args : List.of(new String[] {"--only", "nothing"}, new String[] {"--set", "m=2"},
        new String[] {"--repeat", "0"}, new String[] {"--yarn", "3"}, new String[] {"--processes", "vms"})) {
      List<String> line = new ArrayList<>(List.of("experiment", ok.toString()));
      line.addAll(Arrays.asList(args));
      Run r = Cli.run(line.toArray(new String[0]));
      assertExit(r, 2);
      assertTrue(r.err().contains(args[0] + ": "), r.err());
    }
  }

  /**
   * A line is checked as it runs on its target: on a containers target with a YARN beside it ({@code yarn: N} or
   * {@code --yarn N}) the runs get that YARN's client configuration, so {@code --clients} lines (the MapReduce
   * engine) are good there; the plan is printed without a cluster started.
   */
  @Test
  void clientsLinesAreGoodOnATargetWithYarn(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("e.yaml");
    Files.writeString(file, "targets:\n  x: {containers: ozone, yarn: 2}\n  y: {containers: hdfs}\nworkloads:\n"
        + "  - run: freon dfsg --clients 3 -n 6 --path ${root}/d\n"
        + "  - run: namespace --clients 2 -n 8 --path ${root}/n\n");
    Run plan = Cli.run("experiment", file.toString(), "--dry-run", "--only", "x");
    assertExit(plan, 0);
    assertTrue(plan.out().contains("freon dfsg --clients 3 -n 6") && plan.out().contains("namespace --clients 2"),
        plan.out());
    Run yarn = Cli.run("experiment", file.toString(), "--dry-run", "--only", "y", "--yarn", "1");
    assertExit(yarn, 0);
    Run none = Cli.run("experiment", file.toString(), "--dry-run", "--only", "y");
    assertExit(none, 2);
    assertTrue(none.err().contains("workloads[0].run: harness freon dfsg: --clients: 3 clients need the MapReduce "
        + "engine"), none.err());
  }

  private static Path run(Path dir, String file, String... more) throws Exception {
    Path out = dir.resolve("out");
    List<String> args = new ArrayList<>(List.of("experiment", EXPERIMENTS.resolve(file).toString(), "-o",
        out.toString()));
    args.addAll(Arrays.asList(more));
    Run r = Cli.process(dir, 1500, args.toArray(new String[0]));
    assertExit(r, 0);
    assertTrue(r.out().contains("| workload | figure |"), r.out());
    return out;
  }

  /**
   * Checks every line of table.csv against the runs' JSON and table.md's cells against those values; returns the
   * CSV's lines.
   */
  private static List<List<String>> checkTable(Path out) throws Exception {
    List<String> csv = Files.readAllLines(out.resolve("table.csv"), StandardCharsets.UTF_8);
    assertEquals("workload,step,params,figure,target,repeats,failed,median,min,max,values,runs", csv.get(0));
    String md = Files.readString(out.resolve("table.md"));
    List<List<String>> rows = new ArrayList<>();
    for (String line : csv.subList(1, csv.size())) {
      List<String> l = Arrays.asList(line.split(",", -1));
      rows.add(l);
      String figure = l.get(3);
      List<Double> values = new ArrayList<>();
      for (String runDir : l.get(11).split(";", -1)) {
        if (runDir.isEmpty()) {
          values.add(null);
          continue;
        }
        JsonNode result = result(out, runDir);
        assertEquals(0, result.path("exitCode").asInt());
        values.add(expected(result, figure));
      }
      String[] listed = l.get(10).split(";", -1);
      assertEquals(values.size(), listed.length, line);
      for (int i = 0; i < listed.length; i++) {
        if (values.get(i) == null) {
          // a figure the workload does not have (spark copy counts no rows): no value, an n/a cell
          assertEquals("", listed[i], line);
          continue;
        }
        assertEquals(values.get(i), Double.parseDouble(listed[i]), Math.abs(values.get(i)) * 1e-9 + 1e-12,
            figure + " of " + l.get(11).split(";")[i]);
      }
      values.removeIf(v -> v == null);
      if (values.isEmpty()) {
        assertEquals("", l.get(7), line);
        continue;
      }
      double median = median(values);
      assertEquals(median, Double.parseDouble(l.get(7)), Math.abs(median) * 1e-9 + 1e-12, line);
      String cell = number(median) + (listed.length == 1 ? "" : " (" + String.join(", ",
          values.stream().map(ExperimentIT::number).toList()) + ")");
      assertTrue(md.contains(" " + cell + " |"), "table.md has no cell '" + cell + "' for " + line + "\n" + md);
    }
    assertFalse(rows.isEmpty());
    return rows;
  }

  private static JsonNode result(Path out, String runDir) throws Exception {
    Path dir = out.resolve(runDir);
    assertTrue(Files.isRegularFile(dir.resolve("records.jsonl.gz")), "a normal run folder: " + dir);
    return Runs.result(dir);
  }

  /** The figure, from the run's JSON (not from the result.csv the table was made from). */
  private static Double expected(JsonNode r, String figure) {
    JsonNode f = r.path("figures");
    switch (figure) {
      case "seconds":
        return r.at("/aggregate/wallSeconds").asDouble();
      case "mb_per_sec":
        return r.at("/aggregate/mbPerSec").asDouble();
      case "testdfsio_throughput_mb_per_sec":
        return f.at("/legacy/throughputMbSec").asDouble();
      case "testdfsio_average_io_rate_mb_per_sec":
        return f.at("/legacy/averageIoRateMbSec").asDouble();
      case "items_per_sec":
        if (f.has("filesPerSecond")) {
          return f.path("filesPerSecond").asDouble();
        }
        return f.has("rows") ? f.path("rows").asDouble() / f.path("elapsedSeconds").asDouble() : null;
      case "io500_score":
        return f.at("/score/total").asDouble();
      case "io500_bandwidth_gib_per_sec":
        return f.at("/score/bandwidth").asDouble();
      case "io500_md_kiops":
        return f.at("/score/metadata").asDouble();
      default:
        if (figure.endsWith("_gib_per_sec") || figure.endsWith("_kiops")) {
          // an io500 phase's figure: ior_easy_write_gib_per_sec is phase ior-easy-write's score
          String phase = figure.replaceAll("_(gib_per_sec|kiops)$", "").replace('_', '-');
          for (JsonNode p : f.path("phases")) {
            if (p.path("name").asText().equals(phase)) {
              return p.path("score").asDouble();
            }
          }
          return null;
        }
        if (figure.endsWith("_ops_per_sec")) {
          // a namespace phase's calls over its seconds
          String phase = figure.substring(0, figure.length() - "_ops_per_sec".length());
          for (JsonNode p : f.path("phases")) {
            if (p.path("name").asText().equals(phase)) {
              return p.path("items").asDouble() / p.path("seconds").asDouble();
            }
          }
          return null;
        }
        Map.Entry<String, String> kind = Map.entry(figure.substring(0, figure.lastIndexOf('_', figure.length() - 4)),
            figure.substring(figure.lastIndexOf('_', figure.length() - 4) + 1));
        assertEquals("p99_ms", kind.getValue(), "a latency figure: " + figure);
        return r.at("/aggregate/latency/" + kind.getKey() + "/p99Nanos").asDouble() / 1e6;
    }
  }

  private static double median(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  private static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Math.abs(v) >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3g", v);
  }
}
