package io.harness.teragen;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** teragen and teravalidate on the local file system: what they write and print, and their bad input. */
class TeraGenCommandTest {
  @TempDir
  Path dir;

  private Run run(String... args) {
    return Cli.run(Cli.concat(args, "-fs", "file:///", "-D", "mapreduce.framework.name=local", "-D",
        "hadoop.tmp.dir=" + dir.resolve("tmp"), "--run-dir", dir.resolve("runs").toString(),
        "--json", dir.resolve("last.json").toString()));
  }

  private JsonNode lastJson() throws Exception {
    return ResultWriter.mapper().readTree(dir.resolve("last.json").toFile());
  }

  @Test
  void writesRowsFilesChecksumAndJson() throws Exception {
    Path out = dir.resolve("out");
    Run r = run("teragen", "2k", out.toString(), "-m", "3", "--no-final-sync");
    assertExit(r, 0);
    assertTrue(r.out().contains("teragen: 2000 rows, 200000 bytes, 3 file(s) in "), r.out());
    // ceil(2000 / 3) = 667, ceil(4000 / 3) = 1334
    assertEquals(66_700, Files.size(out.resolve("part-m-00000")));
    assertEquals(66_700, Files.size(out.resolve("part-m-00001")));
    assertEquals(66_600, Files.size(out.resolve("part-m-00002")));
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
    // the last row of the second file is row 1333: its id is in hex at bytes 12..43
    byte[] second = Files.readAllBytes(out.resolve("part-m-00001"));
    assertEquals(String.format("%032X", 1333), new String(second, second.length - 100 + 12, 32,
        java.nio.charset.StandardCharsets.US_ASCII));
    JsonNode j = lastJson();
    assertEquals("teragen", j.get("workload").asText());
    assertEquals(2000, j.get("figures").get("rows").asLong());
    assertEquals(PrintedChecksum.of(r), j.get("figures").get("checksum").asText());
    assertEquals(3, j.get("tasks").size());
    assertEquals(200_000, j.get("aggregate").get("bytes").asLong());
    assertFalse(j.get("figures").get("finalSync").asBoolean());

    Run v = run("teravalidate", out.toString(), "--checksum-only", "--expect-rows", "2k", "--expect-checksum",
        PrintedChecksum.of(r));
    assertExit(v, 0);
    assertTrue(v.out().contains("teravalidate: OK (rows and checksum as expected; order not checked)"), v.out());
    // on a client whose configuration names YARN (a gateway's mapred-site.xml), teravalidate, which has no
    // MapReduce engine, still runs on its own (nothing here contacts YARN)
    Run onYarnClient = run("teravalidate", out.toString(), "--checksum-only", "--expect-rows", "2k",
        "-D", "mapreduce.framework.name=yarn");
    assertExit(onYarnClient, 0);
    assertTrue(onYarnClient.out().contains("teravalidate: OK"), onYarnClient.out());

    // the same rows on the MapReduce engine (local job runner)
    Path mr = dir.resolve("mr");
    Run m = run("teragen", "2000", mr.toString(), "-m", "3", "--engine", "mapreduce");
    assertExit(m, 0);
    assertEquals(PrintedChecksum.of(r), PrintedChecksum.of(m));
    for (int i = 0; i < 3; i++) {
      assertTrue(Arrays.equals(Files.readAllBytes(out.resolve(RowRange.fileName(i))),
          Files.readAllBytes(mr.resolve(RowRange.fileName(i)))), "file " + i);
    }
    assertEquals(3, lastJson().get("tasks").size());
  }

  /** --profile: a flame graph of the measured phase beside the JSON, which names it and the engine. */
  @Test
  void profileWritesAFlameGraphAndRecordsTheEngine() throws Exception {
    for (String event : new String[] {"cpu", "wall", "alloc"}) {
      Run r = run("teragen", "200k", dir.resolve("p-" + event).toString(), "-m", "2", "--profile", event);
      assertExit(r, 0);
      JsonNode p = lastJson().get("profile");
      assertEquals(event, p.get("event").asText());
      String engine = p.get("engine").asText();
      assertTrue(switch (event) {
        case "cpu" -> engine.startsWith("perf_events") || engine.startsWith("ctimer");
        case "wall" -> engine.startsWith("wall-clock");
        default -> engine.startsWith("TLAB");
      }, engine);
      Path html = Runs.latest(dir.resolve("runs")).resolve(p.get("flameGraph").asText());
      String page = Files.readString(html);
      assertTrue(page.contains("harness " + event + " profile"), html.toString());
      // the run's own frames are in it: the rows were generated while it sampled
      assertTrue(io.harness.testkit.FlameGraphs.frames(html).stream().anyMatch(f -> f.contains("TeraRows")
          || f.contains("RowWriter") || f.contains("LocalEngine")), html.toString());
      assertTrue(r.err().contains("Flame graph (" + event + ", "), r.err());
    }
    assertUsageError(run("teragen", "10", dir.resolve("never").toString(), "--profile", "cycles"), "--profile");
    assertFalse(Files.exists(dir.resolve("never")));
  }

  @Test
  void sizeGivesRowsAsNumfmtRoundsThem() throws Exception {
    Run r = run("teragen", "--size", "1K", dir.resolve("s").toString(), "-m", "1");
    assertExit(r, 0);
    assertEquals(1100, Files.size(dir.resolve("s/part-m-00000")));
  }

  @Test
  void badRowsMapsAndSizeExitTwoAndCreateNothing() {
    Path out = dir.resolve("never");
    assertUsageError(run("teragen", "0", out.toString()), "ROWS");
    assertUsageError(run("teragen", "-5", out.toString()), "ROWS");
    assertUsageError(run("teragen", "12x", out.toString()), "ROWS");
    assertUsageError(run("teragen", "99999999t", out.toString()), "ROWS");
    assertUsageError(run("teragen", "10", out.toString(), "-m", "0"), "--maps");
    assertUsageError(run("teragen", "--size", "1G", "10", out.toString()), "--size");
    assertUsageError(run("teragen", "--size", "lots", out.toString()), "--size");
    assertUsageError(run("teragen", "10", out.toString(), "--engine", "spark"), "--engine");
    assertUsageError(run("teragen", out.toString()), "ROWS");
    assertFalse(Files.exists(out));
  }

  @Test
  void anExistingOutputIsKeptUnlessOverwriteAndItIsTeragens() throws Exception {
    Path out = dir.resolve("out");
    assertEquals(0, run("teragen", "100", out.toString(), "-m", "2").code());
    byte[] before = Files.readAllBytes(out.resolve("part-m-00000"));
    Run again = run("teragen", "50", out.toString(), "-m", "1");
    assertUsageError(again, "already exists");
    assertTrue(Arrays.equals(before, Files.readAllBytes(out.resolve("part-m-00000"))));
    assertTrue(Files.exists(out.resolve("part-m-00001")));

    // --overwrite replaces teragen output ...
    Run over = run("teragen", "50", out.toString(), "-m", "1", "--overwrite");
    assertExit(over, 0);
    assertEquals(5000, Files.size(out.resolve("part-m-00000")));
    assertFalse(Files.exists(out.resolve("part-m-00001")));
    // ... but not a directory holding anything else
    Path mine = dir.resolve("mine");
    Files.createDirectories(mine);
    Files.writeString(mine.resolve("notes.txt"), "keep");
    assertUsageError(run("teragen", "50", mine.toString(), "--overwrite"), "notes.txt");
    assertEquals("keep", Files.readString(mine.resolve("notes.txt")));
  }

  @Test
  void anOutputUnderARegularFileIsBadInput() throws Exception {
    Path file = dir.resolve("a-file");
    Files.writeString(file, "x");
    Run r = run("teragen", "10", file.resolve("out").toString());
    assertExit(r, 2);
    assertEquals("harness teragen: OUT_DIR: file:" + file.resolve("out") + " cannot be created: file:" + file
        + " is a file, not a directory", r.err().strip());
    assertEquals("x", Files.readString(file));
  }

  @Test
  void aLocalOutputInTheDataIsBadInputAndTheDataIsKept() throws Exception {
    Path out = dir.resolve("out");
    assertExit(run("teragen", "100", out.toString(), "-m", "1"), 0);
    byte[] before = Files.readAllBytes(out.resolve("part-m-00000"));
    String[] runs = {"--run-dir", dir.resolve("runs").toString()};
    String[][] outputs = {{"--json", out.resolve("part-m-00000").toString(), runs[0], runs[1]},
        {"--live-csv", out.resolve("live.csv").toString(), runs[0], runs[1]}, {"--run-dir", out.toString()}};
    for (String[] output : outputs) {
      Run r = Cli.run(Cli.concat(new String[] {"teravalidate", out.toString(), "--checksum-only", "-fs", "file:///"},
          output));
      assertUsageError(r, output[0] + ": " + output[1]);
      assertTrue(r.err().contains(" is in DIR (" + out + ")"), r.err());
    }
    assertTrue(Arrays.equals(before, Files.readAllBytes(out.resolve("part-m-00000"))));
    try (var files = Files.list(out)) {
      assertEquals(List.of("._SUCCESS.crc", ".part-m-00000.crc", "_SUCCESS", "part-m-00000"),
          files.map(f -> f.getFileName().toString()).sorted().toList());
    }
    // teragen's output likewise, which is not made
    Path fresh = dir.resolve("fresh");
    Run gen = Cli.run("teragen", "10", fresh.toString(), "-fs", "file:///", runs[0], runs[1], "--json",
        fresh.resolve("r.json").toString());
    assertUsageError(gen, "--json: " + fresh.resolve("r.json") + " is in OUT_DIR");
    assertFalse(Files.exists(fresh));
  }

  @Test
  void teravalidateFindsDamage() throws Exception {
    Path out = dir.resolve("out");
    Run gen = run("teragen", "300", out.toString(), "-m", "2");
    assertExit(gen, 0);
    // one flipped byte: same rows, another checksum
    Path f = out.resolve("part-m-00001");
    byte[] b = Files.readAllBytes(f);
    b[150] ^= 1;
    Files.write(f, b);
    Files.deleteIfExists(out.resolve(".part-m-00001.crc"));
    Run v = run("teravalidate", out.toString(), "--checksum-only", "--expect-rows", "300", "--expect-checksum",
        PrintedChecksum.of(gen));
    assertExit(v, 1);
    assertTrue(v.err().contains("teravalidate: checksum: ") && v.err().contains(", expected " + PrintedChecksum.of(gen)),
        v.err());
    // a file that is not whole rows
    Files.write(f, Arrays.copyOf(b, b.length - 1));
    Run torn = run("teravalidate", out.toString(), "--checksum-only");
    assertExit(torn, 1);
    assertTrue(torn.err().contains("part-m-00001") && torn.err().contains("not a whole number of 100-byte rows"),
        torn.err());

    assertUsageError(run("teravalidate", dir.resolve("nowhere").toString()), "does not exist");
    assertUsageError(run("teravalidate", out.toString(), "--expect-checksum", "xyz"), "--expect-checksum");
  }
}
