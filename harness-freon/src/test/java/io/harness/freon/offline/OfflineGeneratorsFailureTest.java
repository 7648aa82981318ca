package io.harness.freon.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cgdn container that fails while it is written: the others are still written, the run exits 1 naming the
 * failed container and what it left, and its JSON is saved with the figures of what was done, which
 * {@code harness analyze} computes again from the records. No cluster is started: one datanode volume is
 * laid out as a started datanode leaves it (schema v2, so no volume DB is needed).
 */
class OfflineGeneratorsFailureTest {
  @TempDir
  Path dir;

  @Test
  void aFailedContainerFailsTheRunAndTheOthersAreWritten() throws Exception {
    Path data = dir.resolve("data");
    Path hdds = Files.createDirectories(data.resolve("hdds"));
    Properties version = new Properties();
    version.setProperty("clusterID", "CID-test");
    version.setProperty("datanodeUuid", "dn-uuid-test");
    version.setProperty("storageID", "DS-test");
    try (OutputStream out = Files.newOutputStream(hdds.resolve("VERSION"))) {
      version.store(out, null);
    }
    Path current = Files.createDirectories(hdds.resolve("CID-test").resolve("current"));
    // container 512 goes to containerDir1 (512 >> 9): a file there makes its directory impossible
    Files.writeString(current.resolve("containerDir1"), "not a directory");
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("ozone.metadata.dirs", dir.resolve("meta").toString());
    conf.set("hdds.datanode.dir", data.toString());
    conf.setBoolean("hdds.datanode.container.schema.v3.enabled", false);
    Path runs = dir.resolve("runs");

    io.harness.testkit.Run r = Cli.run(conf, new CgDn(), "--from", "511", "-n", "2", "--keys-per-container", "2",
        "--key-size", "1MB", "--size", "1GB", "--replication", "ONE", "--index", "0", "--datanodes", "1",
        "-t", "2", "--run-dir", runs.toString());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("cgdn: 1 of 2 container(s) failed:"), r.err());
    assertTrue(r.err().contains("  container-512: "), r.err());
    assertTrue(r.err().contains("(remove what it left in " + current.resolve("containerDir1").resolve("512")),
        r.err());
    assertTrue(r.out().contains("cgdn: containers 1, keys 2, bytes " + (2L << 20) + " "), r.out());

    // container 511 is whole: its two block files, its DB and its descriptor
    Path c511 = current.resolve("containerDir0").resolve("511");
    for (String block : List.of("1.block", "2.block")) {
      assertEquals(1L << 20, Files.size(c511.resolve("chunks").resolve(block)), block);
    }
    assertTrue(Files.isRegularFile(c511.resolve("metadata").resolve("511.container")));
    assertTrue(Files.isDirectory(c511.resolve("metadata").resolve("511-dn-container.db")));

    Path run;
    try (Stream<Path> s = Files.list(runs)) {
      run = s.filter(p -> p.getFileName().toString().endsWith("-freon-cgdn")).findFirst().orElseThrow();
    }
    JsonNode saved = ResultWriter.mapper().readTree(run.resolve("result.json").toFile());
    assertEquals(1, saved.get("exitCode").asInt());
    JsonNode figures = saved.get("figures");
    assertEquals(1, figures.get("containers").asInt());
    assertEquals(1, figures.get("failedContainers").asInt());
    assertEquals(2L << 20, figures.get("bytes").asLong());
    assertTrue(figures.get("failed").get(0).asText().startsWith("container-512: "), figures.toString());
    assertEquals("[511,512]", figures.get("containerIds").toString());
    assertEquals("dn-uuid-test", figures.get("datanodeUuid").asText());
    assertFalse(figures.has("dbCloseSeconds"), "schema v2: no volume DB to close");
    assertEquals(511, saved.get("plan").get("ids").get("from").asInt());
    assertFalse(figures.has("summary"), "the summary is the CSV's, not a figure of the JSON");
    // result.csv's summary: the containers written, over the run's elapsed time
    List<String> csv = Files.readAllLines(run.resolve("result.csv"));
    List<String> header = List.of(csv.get(0).split(","));
    List<String> row = List.of(csv.get(1).split(","));
    assertEquals("containers", row.get(header.indexOf("item")), csv.toString());
    assertEquals("1", row.get(header.indexOf("items")), csv.toString());
    assertEquals(1 / figures.get("elapsedSeconds").asDouble(), Double.parseDouble(row.get(header.indexOf("items_per_sec"))),
        1e-6, csv.toString());

    Path again = dir.resolve("analyze.json");
    io.harness.testkit.Run analyzed0 = io.harness.testkit.Cli.run("analyze", run.toString(), "--json", again.toString());
    assertEquals(0, analyzed0.code(), analyzed0.toString());
    JsonNode analyzed = ResultWriter.mapper().readTree(again.toFile());
    assertEquals(figures, analyzed.get("figures"));
    assertEquals(saved.get("aggregate"), analyzed.get("aggregate"));
  }
}
