package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertNoStackTrace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.harness.testkit.Cli;
import io.harness.testkit.FileTree;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged saved run, through every command that reads saved runs (analyze with and without --skip, --until,
 * --check, --json; report to its folder and to -o; compare of runs, of groups, with -o and --csv; dfsio analyze of
 * a part file's task records): each damage (bytes flipped inside the gzip, the file cut short, a record edited to
 * what no run leaves, a result.json field missing or of the wrong kind) is refused in one line naming the file and
 * what is wrong, exit 2, no stack trace, nothing written; never figures computed from it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DamagedRunsIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path work;

  private Path good;
  private Path part;

  @BeforeAll
  void saveARun() throws Exception {
    Path runs = work.resolve("runs");
    Path root = work.resolve("root");
    Run r = Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "1MB", "--root", root.toString(),
        "--run-dir", runs.toString(), "-resFile", work.resolve("res.log").toString());
    assertExit(r, 0);
    good = Runs.latest(runs);
    Files.delete(good.resolve("report.html"));
    part = root.resolve("io_write/part-00000");
  }

  /** Each command line that reads {@code run}, the run {@link #good} for its other side. */
  private List<String[]> readers(Path run) {
    String d = run.toString();
    String g = good.toString();
    Path out = work.resolve("out");
    return List.of(new String[] {"analyze", d}, new String[] {"analyze", d, "--skip", "1ms"},
        new String[] {"analyze", d, "--until", "0.1s"}, new String[] {"analyze", d, "--check"},
        new String[] {"analyze", d, "--json", out.resolve("a.json").toString()},
        new String[] {"report", d}, new String[] {"report", d, "-o", out.resolve("r.html").toString(), "--skip", "1ms"},
        new String[] {"compare", g, d}, new String[] {"compare", "--group", "a=" + g, "--group", "b=" + d},
        new String[] {"compare", g, d, "-o", out.resolve("c.html").toString(), "--csv", out.resolve("c.csv").toString()});
  }

  /** Every reader of the damaged copy {@code name} of the run is refused with {@code expected} in its one line. */
  private void refusedByEveryReader(String name, Consumer<Path> damage, String expected) throws IOException {
    Path copy = work.resolve("damaged").resolve(name);
    copyRun(copy);
    damage.accept(copy);
    for (String[] line : readers(copy)) {
      refused(expected.replace("RUN", copy.toString()), line);
    }
  }

  private void refused(String expected, String... args) throws IOException {
    FileTree before = FileTree.of(work);
    Run r = Cli.run(args);
    String line = String.join(" ", args);
    assertExit(r, 2);
    List<String> lines = r.err().strip().lines().toList();
    assertEquals(1, lines.size(), line + ": one line: " + r.err());
    // '*' in expected: any text (a line number that depends on the order the run saved its kinds of call in)
    String pattern = ".*" + String.join(".*", java.util.Arrays.stream(expected.split("\\*", -1))
        .map(java.util.regex.Pattern::quote).toList()) + ".*";
    assertTrue(lines.get(0).matches(pattern), line + ": expected '" + expected + "' in: " + r.err());
    assertNoStackTrace(r);
    assertTrue(r.out().isBlank() || !r.out().contains("Aggregate throughput"), line + ": figures printed: " + r.out());
    before.assertUnchanged("nothing may be written by: " + line);
  }

  private void copyRun(Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(good)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
  }

  private static List<String> gzLines(Path file) {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      return new ArrayList<>(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void gzWrite(Path file, List<String> lines) {
    try (var out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The first task's line of the records, edited as JSON. */
  private static Consumer<Path> task(Consumer<ObjectNode> edit) {
    return run -> {
      Path file = run.resolve("records.jsonl.gz");
      List<String> lines = gzLines(file);
      try {
        ObjectNode t = (ObjectNode) JSON.readTree(lines.get(1));
        edit.accept(t);
        lines.set(1, JSON.writeValueAsString(t));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      gzWrite(file, lines);
    };
  }

  private static Consumer<Path> latency(UnaryOperator<String> edit) {
    return run -> {
      Path file = run.resolve("latency.hlog.gz");
      List<String> lines = gzLines(file);
      lines.replaceAll(l -> l.startsWith("Tag=write,") ? edit.apply(l) : l);
      gzWrite(file, lines);
    };
  }

  private static Consumer<Path> result(Consumer<ObjectNode> edit) {
    return run -> {
      try {
        ObjectNode json = (ObjectNode) JSON.readTree(run.resolve("result.json").toFile());
        edit.accept(json);
        JSON.writeValue(run.resolve("result.json").toFile(), json);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
  }

  private static Consumer<Path> bytes(String file, UnaryOperator<byte[]> edit) {
    return run -> {
      try {
        Files.write(run.resolve(file), edit.apply(Files.readAllBytes(run.resolve(file))));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
  }

  private static byte[] flipped(byte[] b) {
    byte[] c = b.clone();
    for (int i = c.length / 2; i < c.length / 2 + 4; i++) {
      c[i] ^= 0x5a;
    }
    return c;
  }

  private static byte[] cut(byte[] b) {
    return java.util.Arrays.copyOf(b, b.length * 3 / 5);
  }

  @Test
  void damagedGzipFilesAreRefusedByEveryReader() throws IOException {
    refusedByEveryReader("records-flipped", bytes("records.jsonl.gz", DamagedRunsIT::flipped),
        "RUN/records.jsonl.gz is damaged: ");
    refusedByEveryReader("records-cut", bytes("records.jsonl.gz", DamagedRunsIT::cut),
        "RUN/records.jsonl.gz is damaged: Unexpected end of ZLIB input stream");
    refusedByEveryReader("latency-flipped", bytes("latency.hlog.gz", DamagedRunsIT::flipped),
        "RUN/latency.hlog.gz is damaged: ");
    refusedByEveryReader("latency-cut", bytes("latency.hlog.gz", DamagedRunsIT::cut),
        "RUN/latency.hlog.gz is damaged: Unexpected end of ZLIB input stream");
    refusedByEveryReader("latency-missing", run -> run.resolve("latency.hlog.gz").toFile().delete(),
        "RUN/latency.hlog.gz is missing");
  }

  @Test
  void recordsNoRunLeavesAreRefusedByEveryReader() throws IOException {
    Map<String, Object[]> cases = new LinkedHashMap<>();
    cases.put("negative-bytes", new Object[] {task(t -> t.put("bytes", -100_000_000L)),
        "RUN/records.jsonl.gz line 2: task test_io_0: bytes is -100000000 (a task moves 0 bytes or more)"});
    cases.put("end-before-start", new Object[] {task(t -> t.put("endEpochNanos",
        t.get("startEpochNanos").asLong() - 507_000_000L)),
        "RUN/records.jsonl.gz line 2: task test_io_0: it ends before it starts (endEpochNanos "});
    cases.put("histogram-not-base64", new Object[] {task(t -> ((ObjectNode) t.get("latency")).put("write", "no!")),
        "RUN/records.jsonl.gz line 2: task test_io_0: latency 'write' is not a latency histogram"});
    cases.put("histogram-not-hdr", new Object[] {task(t -> ((ObjectNode) t.get("latency")).put("write",
        Base64.getEncoder().encodeToString("not a histogram".getBytes(StandardCharsets.UTF_8)))),
        "RUN/records.jsonl.gz line 2: task test_io_0: latency 'write' is not a latency histogram (HdrHistogram's "
            + "compressed form in Base64): The buffer does not contain a compressed Histogram"});
    cases.put("missing-bytes", new Object[] {task(t -> t.remove("bytes")),
        "RUN/records.jsonl.gz line 2: not a task record (field 'bytes' is missing)"});
    cases.put("missing-start", new Object[] {task(t -> t.remove("startEpochNanos")),
        "RUN/records.jsonl.gz line 2: not a task record (field 'startEpochNanos' is missing)"});
    cases.put("ticks-disagree", new Object[] {task(t -> t.putArray("bytesPerTick").add(1)),
        "RUN/records.jsonl.gz line 2: task test_io_0: bytesPerTick adds up to 1 bytes, bytes says 1048576"});
    cases.put("latency-max", new Object[] {latency(l -> l.replaceFirst("^(Tag=write,[0-9.]+,[0-9.]+,)[0-9.]+",
        "$1999.999")), "RUN/latency.hlog.gz line *: its maximum is 999.999 ms, its histogram's "});
    cases.put("latency-histogram", new Object[] {latency(l -> l.replace(",HIST", ",HISTno")),
        "RUN/latency.hlog.gz line *: its histogram is not HdrHistogram's compressed form in Base64"});
    cases.put("latency-garbage", new Object[] {latency(l -> "garbage"),
        "RUN/latency.hlog.gz line *: not a line of the latency log"});
    for (Map.Entry<String, Object[]> c : cases.entrySet()) {
      @SuppressWarnings("unchecked")
      Consumer<Path> damage = (Consumer<Path>) c.getValue()[0];
      refusedByEveryReader(c.getKey(), damage, (String) c.getValue()[1]);
    }
  }

  @Test
  void resultsNoRunLeavesAreRefusedByEveryReader() throws IOException {
    String result = "RUN/result.json is not a run's result: ";
    refusedByEveryReader("result-no-workload", result(j -> j.remove("workload")),
        result + "field 'workload' is missing");
    refusedByEveryReader("result-no-aggregate", result(j -> j.remove("aggregate")),
        result + "field 'aggregate' is missing");
    refusedByEveryReader("result-bytes-negative", result(j -> ((ObjectNode) j.get("aggregate")).put("bytes", -5)),
        result + "aggregate.bytes is -5");
    refusedByEveryReader("result-count", result(j -> ((ObjectNode) j.get("aggregate").get("latency").get("write"))
        .put("count", 99)), result + "aggregate.latency.write.count is 99, its histogram counts 4 call(s)");
    refusedByEveryReader("result-plan", result(j -> ((ObjectNode) j.get("plan")).put("op", "x")),
        "RUN/result.json: field 'plan' is not a dfsio write run's plan");
    refusedByEveryReader("result-cut", bytes("result.json", b -> java.util.Arrays.copyOf(b, b.length / 2)),
        result + "not JSON");
  }

  /** dfsio analyze reads a part file's task records as the run's records are read. */
  @Test
  void aPartFilesDamagedTaskRecordsAreRefused() throws IOException {
    Path dir = work.resolve("part/io_write");
    Files.createDirectories(dir);
    List<String> lines = new ArrayList<>(Files.readAllLines(part));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("s:harness.task.test_io_0\t")) {
        ObjectNode t = (ObjectNode) JSON.readTree(lines.get(i).substring(lines.get(i).indexOf('\t') + 1));
        t.put("bytes", -100_000_000L);
        lines.set(i, "s:harness.task.test_io_0\t" + JSON.writeValueAsString(t));
      }
    }
    Files.write(dir.resolve("part-00000"), lines);
    refused(dir.resolve("part-00000") + " line ", "dfsio", "analyze", dir.toString());
    refused("s:harness.task.test_io_0: task test_io_0: bytes is -100000000", "dfsio", "analyze", dir.toString());
    assertExit(Cli.run("dfsio", "analyze", part.getParent().toString()), 0);
  }

  /** The run itself reads, as every reader reads it. */
  @Test
  void theUndamagedRunReads() {
    for (String[] line : readers(good)) {
      if (!line[0].equals("report") || line.length > 2) {
        assertExit(Cli.run(line), 0);
      }
    }
  }
}
