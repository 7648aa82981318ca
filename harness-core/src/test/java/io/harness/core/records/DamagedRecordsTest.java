package io.harness.core.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.harness.core.records.Intervals;
import io.harness.core.records.TaskRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's records read back whole or not at all: every kind of damage to {@code records.jsonl.gz} and
 * {@code latency.hlog.gz} (bytes flipped inside the gzip, the file cut short, a line edited to what no run leaves) is
 * an {@link IOException} naming the file, the line and what is wrong, never figures computed from it.
 */
class DamagedRecordsTest {
  private static final long S = 1_000_000_000L;
  private static final long T0 = 1_795_000_000L * S;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private Path records;
  private Path latency;

  private static Histogram calls(long... nanos) {
    Histogram h = new Histogram(3);
    for (long n : nanos) {
      h.recordValue(n);
    }
    return h;
  }

  private static TaskRecord task(int index, long fromMillis, long toMillis) {
    TreeMap<Long, Long> ticks = new TreeMap<>();
    ticks.put((T0 + toMillis * 1_000_000L) / TaskRecord.TICK_NANOS, 1L << 20);
    return new TaskRecord(index, "t" + index, 1L << 20, T0 + fromMillis * 1_000_000L, T0 + toMillis * 1_000_000L,
        Map.of("write", calls(2_000_000, 3_000_000)), ticks, null);
  }

  @BeforeEach
  void save() throws IOException {
    RunRecords saved = new RunRecords(List.of(task(0, 10, 900), task(1, 20, 1_500)),
        List.of(new Intervals.Interval("write", 0, calls(2_000_000, 3_000_000)),
            new Intervals.Interval("write", 1, calls(2_000_000, 3_000_000))), T0, T0 + 2 * S, false);
    RecordsFile.write(dir, saved);
    records = dir.resolve(RecordsFile.RECORDS);
    latency = dir.resolve(RecordsFile.LATENCY);
  }

  @Test
  void whatWasWrittenReadsBackAlike() throws IOException {
    RunRecords back = RecordsFile.read(dir);
    assertEquals(2, back.tasks().size());
    assertEquals(List.of(2L, 2L), back.intervals().stream().map(i -> i.histogram().getTotalCount()).toList());
    assertEquals(T0 + 1_500_000_000L, back.tasks().get(1).endEpochNanos());
  }

  private void refused(String expected) {
    IOException e = assertThrows(IOException.class, () -> RecordsFile.read(dir));
    assertTrue(e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
  }

  private static List<String> lines(Path file) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      return new ArrayList<>(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
    }
  }

  private static void write(Path file, List<String> lines) throws IOException {
    try (var out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Line {@code n} (from 1) of the records edited as JSON. */
  private void editRecords(int n, Consumer<ObjectNode> edit) throws IOException {
    List<String> lines = lines(records);
    ObjectNode line = (ObjectNode) JSON.readTree(lines.get(n - 1));
    edit.accept(line);
    lines.set(n - 1, JSON.writeValueAsString(line));
    write(records, lines);
  }

  private void editLatency(UnaryOperator<String> edit) throws IOException {
    List<String> lines = lines(latency);
    lines.replaceAll(edit);
    write(latency, lines);
  }

  private void restore() throws IOException {
    Files.delete(records);
    Files.delete(latency);
    save();
  }

  @Test
  void gzipFilesThatAreNotWhole() throws IOException {
    for (Path file : List.of(records, latency)) {
      byte[] bytes = Files.readAllBytes(file);
      Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
      refused(file + " is damaged: Unexpected end of ZLIB input stream (not a whole gzip file)");
      restore();
      bytes[bytes.length / 2] ^= 0x5a;
      bytes[bytes.length / 2 + 1] ^= 0x5a;
      Files.write(file, bytes);
      refused(file + " is damaged: ");
      restore();
      Files.writeString(file, "plain text\n");
      refused(file + " is damaged: Not in GZIP format");
      restore();
    }
    Files.delete(latency);
    refused(latency + " is missing");
  }

  @Test
  void taskRecordsNoRunLeaves() throws IOException {
    String line2 = records + " line 2: ";
    Object[][] cases = {
        {(Consumer<ObjectNode>) t -> t.put("bytes", -100_000_000L), "task t0: bytes is -100000000"},
        {(Consumer<ObjectNode>) t -> t.put("endEpochNanos", T0 - 500_000_000L), "task t0: it ends before it starts"},
        {(Consumer<ObjectNode>) t -> t.put("startEpochNanos", -5), "task t0: startEpochNanos is -5, not a time"},
        {(Consumer<ObjectNode>) t -> t.put("startEpochNanos", 1_000_000_000_000_000_000L),
            "task t0: it starts 795000000.000 s before the engine did"},
        {(Consumer<ObjectNode>) t -> t.remove("bytes"), "not a task record (field 'bytes' is missing)"},
        {(Consumer<ObjectNode>) t -> t.remove("error"), "not a task record (field 'error' is missing)"},
        {(Consumer<ObjectNode>) t -> t.put("bytes", "lots"), "not a task record (field 'bytes' is \"lots\", not a whole number)"},
        {(Consumer<ObjectNode>) t -> t.put("index", 1.5), "not a task record (field 'index' is 1.5, not a whole number)"},
        {(Consumer<ObjectNode>) t -> ((ObjectNode) t.get("latency")).put("write", "not base64!"),
            "task t0: latency 'write' is not a latency histogram"},
        {(Consumer<ObjectNode>) t -> ((ObjectNode) t.get("latency")).put("write",
            Base64.getEncoder().encodeToString("hello".getBytes(StandardCharsets.UTF_8))),
            "task t0: latency 'write' is not a latency histogram (HdrHistogram's compressed form in Base64): The buffer"},
        {(Consumer<ObjectNode>) t -> ((ObjectNode) t.get("latency")).put("write",
            t.get("latency").get("write").asText().substring(0, 20)), "task t0: latency 'write' is not a latency histogram"},
        {(Consumer<ObjectNode>) t -> t.putArray("bytesPerTick").add(-5), "task t0: bytesPerTick[0] is -5"},
        {(Consumer<ObjectNode>) t -> t.putArray("bytesPerTick").add(3L << 20),
            "task t0: bytesPerTick adds up to 3145728 bytes, bytes says 1048576"},
        {(Consumer<ObjectNode>) t -> t.put("firstTick", t.get("firstTick").asLong() + 100),
            "task t0: bytesPerTick has bytes in tick"},
        {(Consumer<ObjectNode>) t -> ((ObjectNode) t.get("extra")).put("items", 5).putObject("totalsPerTick")
            .putObject("items").put("first", t.get("firstTick").asLong()).putArray("counts").add(4),
            "task t0: extra.items is 5, its increases in totalsPerTick add up to 4"}};
    for (Object[] c : cases) {
      @SuppressWarnings("unchecked")
      Consumer<ObjectNode> edit = (Consumer<ObjectNode>) c[0];
      editRecords(2, edit);
      refused(line2 + c[1]);
      restore();
    }
  }

  @Test
  void theRunsOwnLineNoRunLeaves() throws IOException {
    String line1 = records + " line 1: ";
    editRecords(1, r -> r.remove("engineStartEpochNanos"));
    refused(line1 + "not the records' first line (field 'engineStartEpochNanos' is missing)");
    restore();
    editRecords(1, r -> r.put("engineEndEpochNanos", T0 - S));
    refused(line1 + "the engine ends before it starts");
    restore();
    editRecords(1, r -> r.put("tasks", -1));
    refused(line1 + "tasks is -1, not a number of tasks");
    restore();
    editRecords(1, r -> r.put("tasks", 3));
    refused(records + " has 2 task records, its first line says 3");
  }

  @Test
  void latencyLinesNoRunLeaves() throws IOException {
    // line 7: the second second's histogram of write calls
    Object[][] cases = {
        {(UnaryOperator<String>) l -> "garbage", "line 7: not a line of the latency log"},
        {(UnaryOperator<String>) l -> l.replace(",HIST", ",HISTnotahistogram"),
            "line 7: its histogram is not HdrHistogram's compressed form in Base64"},
        {(UnaryOperator<String>) l -> l.replaceFirst("^(Tag=write,1.000,1.000,)[0-9.]+", "$1999.999"),
            "line 7: its maximum is 999.999 ms, its histogram's "},
        {(UnaryOperator<String>) l -> l.replace("Tag=write,1.000,", "Tag=write,99999.000,"),
            "line 7: second 99999.000 is after the run's end"},
        {(UnaryOperator<String>) l -> l.replace("Tag=write,1.000,", "Tag=write,-7.000,"),
            "line 7: not a line of the latency log"}};
    for (Object[] c : cases) {
      @SuppressWarnings("unchecked")
      UnaryOperator<String> edit = (UnaryOperator<String>) c[0];
      editLatency(l -> l.startsWith("Tag=write,1.000,") ? edit.apply(l) : l);
      refused(latency + " " + c[1]);
      restore();
    }
    editLatency(l -> l.startsWith("#[StartTime: ") ? "#[StartTime: 1700000000.000 (seconds since epoch), x]" : l);
    refused(latency + " line 3: its start time 1700000000.000 s is not the run's");
    restore();
    editLatency(l -> l.startsWith("#[StartTime: ") ? "#" : l);
    refused(latency + " line 6: a histogram before the log's #[StartTime: ...] line");
  }

  @Test
  void readingChangesNothing() throws IOException {
    editRecords(2, t -> t.put("bytes", -1));
    byte[] before = Files.readAllBytes(records);
    refused("bytes is -1");
    org.junit.jupiter.api.Assertions.assertArrayEquals(before, Files.readAllBytes(records));
  }
}
