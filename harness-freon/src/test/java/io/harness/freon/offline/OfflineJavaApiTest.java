package io.harness.freon.offline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.base.UsageException;
import io.harness.core.base.SeededData;
import io.harness.core.result.ResultWriter;
import io.harness.core.workload.RunOutcome;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.scm.container.ContainerID;
import org.apache.hadoop.hdds.scm.container.ContainerInfo;
import org.apache.hadoop.hdds.scm.ha.SequenceIdType;
import org.apache.hadoop.hdds.scm.metadata.SCMDBDefinition;
import org.apache.hadoop.hdds.utils.db.DBStore;
import org.apache.hadoop.hdds.utils.db.DBStoreBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offline generators from Java, through their options classes and no command line: on directories laid out as
 * a started cluster leaves them (no cluster is started), the data they write and the saved run's figures.
 */
class OfflineJavaApiTest {
  @TempDir
  Path dir;

  private static void version(Path file, String... keysAndValues) throws IOException {
    Properties version = new Properties();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      version.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    Files.createDirectories(file.getParent());
    try (OutputStream out = Files.newOutputStream(file)) {
      version.store(out, null);
    }
  }

  private static JsonNode saved(Path runs) throws IOException {
    try (Stream<Path> s = Files.list(runs)) {
      List<Path> all = s.toList();
      assertEquals(1, all.size(), all.toString());
      return ResultWriter.mapper().readTree(all.get(0).resolve("result.json").toFile());
    }
  }

  /** cgdn: the chunk files of its containers hold the seeded data, and the saved run counts their bytes. */
  @Test
  void cgdnWritesTheContainersOfItsDatanode() throws Exception {
    Path data = dir.resolve("data");
    version(data.resolve("hdds").resolve("VERSION"), "clusterID", "CID-api", "datanodeUuid", "dn-api",
        "storageID", "DS-api");
    Path current = Files.createDirectories(data.resolve("hdds").resolve("CID-api").resolve("current"));
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("ozone.metadata.dirs", dir.resolve("meta").toString());
    conf.set("hdds.datanode.dir", data.toString());
    conf.setBoolean("hdds.datanode.container.schema.v3.enabled", false);
    Path runs = dir.resolve("runs");

    RunOutcome r = new CgDn().from(3).containers(2).keysPerContainer(2).keySize("64KB").containerSize("1MB")
        .replication("ONE").index(0).datanodes(1).seed(99).threads(2).saveTo(runs).run(conf);

    assertEquals(0, r.exitCode());
    CgDnFigures figures = r.figures(CgDnFigures.class);
    assertEquals(List.of(3L, 4L), figures.containerIds());
    assertEquals(2, figures.threads());
    assertEquals(4L << 16, r.aggregate().bytes());
    for (long c = 3; c <= 4; c++) {
      for (long block = 1; block <= 2; block++) {
        byte[] expected = new byte[64 << 10];
        new SeededData(99, Ids.stream(c, block)).fill(expected, 0, expected.length, 0);
        assertArrayEquals(expected, Files.readAllBytes(current.resolve("containerDir0").resolve(Long.toString(c))
            .resolve("chunks").resolve(block + ".block")), "container " + c + ", block " + block);
      }
    }
    JsonNode saved = saved(runs);
    assertEquals("cgdn", saved.get("operation").asText());
    assertEquals(2, saved.at("/figures/containers").asInt());
    assertEquals(4, saved.at("/figures/keys").asInt());
    assertEquals(4L << 16, saved.at("/figures/bytes").asLong());
    assertEquals(4L << 16, saved.at("/aggregate/bytes").asLong());
    assertEquals(3, saved.at("/plan/ids/from").asInt());
    assertEquals("ONE", saved.at("/plan/ids/factor").asText());
    assertEquals("stopped Ozone cluster's directories", saved.get("targetDescription").asText());
  }

  /** cgscm: the container rows in the SCM DB, and the saved run's figures; bad options are refused first. */
  @Test
  void cgscmWritesTheContainerRows() throws Exception {
    version(dir.resolve("scm").resolve("current").resolve("VERSION"), "clusterID", "CID-api", "nodeType", "SCM");
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("ozone.metadata.dirs", dir.toString());
    try (DBStore store = DBStoreBuilder.newBuilder(conf, SCMDBDefinition.get(), "scm.db", dir)
        .setCreateCheckpointDirs(false).setEnableRocksDbMetrics(false).build()) {
      SCMDBDefinition.SEQUENCE_ID.getTable(store).put(SequenceIdType.containerId, 1L);
      store.flushDB();
    }
    Path runs = dir.resolve("runs");
    UsageException bad = assertThrows(UsageException.class, () -> new CgScm().run(conf));
    assertEquals("-n: must be at least 1, was 0", bad.getMessage());

    RunOutcome r = new CgScm().from(5).containers(3).keySize("1MB").keysPerContainer(2).owner("api")
        .saveTo(runs).run(conf);

    assertEquals(0, r.exitCode());
    assertTrue(r.figures(CgScmFigures.class).committed());
    try (DBStore store = DBStoreBuilder.newBuilder(conf, SCMDBDefinition.get(), "scm.db", dir)
        .setOpenReadOnly(true).setCreateCheckpointDirs(false).setEnableRocksDbMetrics(false).build()) {
      for (long id = 5; id <= 7; id++) {
        ContainerInfo c = SCMDBDefinition.CONTAINERS.getTable(store).get(ContainerID.valueOf(id));
        assertEquals(2, c.getNumberOfKeys(), "container " + id);
        assertEquals(2L << 20, c.getUsedBytes(), "container " + id);
        assertEquals("api", c.getOwner());
      }
      assertEquals(7L, SCMDBDefinition.SEQUENCE_ID.getTable(store).get(SequenceIdType.containerId));
    }
    JsonNode saved = saved(runs);
    assertEquals("cgscm", saved.get("operation").asText());
    assertEquals(3, saved.at("/figures/containers").asInt());
    assertEquals(6L << 20, saved.at("/figures/bytes").asLong());
    assertEquals(1, saved.at("/figures/containerIdSequenceBefore").asLong());
    assertEquals(7, saved.at("/figures/containerIdSequenceAfter").asLong());
    assertEquals("api", saved.at("/plan/owner").asText());
  }
}
