package io.harness.freon.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos;
import org.apache.hadoop.hdds.scm.container.ContainerID;
import org.apache.hadoop.hdds.scm.container.ContainerInfo;
import org.apache.hadoop.hdds.scm.ha.SequenceIdType;
import org.apache.hadoop.hdds.scm.metadata.SCMDBDefinition;
import org.apache.hadoop.hdds.utils.db.DBStore;
import org.apache.hadoop.hdds.utils.db.DBStoreBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to the offline generators: exit code 2, one line on stderr naming the argument and the
 * reason, and nothing written (every path under the cluster directories keeps its size and time).
 * No cluster is started: the directories are laid out here as far as each case needs. Bad options are
 * found before the run's folder is made; bad directories by the run's preflight, after which the pipeline
 * removes the folder again (so runs that get that far keep their folders outside the cluster's).
 */
class OfflineGeneratorsBadInputTest {
  @TempDir
  Path dir;

  /** Where the runs that reach their preflight keep their folders. */
  @TempDir
  Path elsewhere;

  private OzoneConfiguration conf(Path metadata) {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("ozone.metadata.dirs", metadata.toString());
    conf.set("hdds.datanode.dir", metadata.resolve("data").toString());
    return conf;
  }

  private void refused(OzoneConfiguration conf, Supplier<OfflineOptions<?, ?>> command, String expected, String... args)
      throws IOException {
    Map<String, String> before = TreeSnapshot.of(dir);
    io.harness.testkit.Run r = Cli.run(conf, command.get(), args);
    assertEquals(2, r.code(), "exit code; stderr: " + r.err());
    assertEquals(1, r.errLines().size(), "one line: " + r.err());
    assertTrue(r.err().contains(expected), "stderr should say '" + expected + "': " + r.err());
    assertEquals("", r.out(), "nothing reported");
    assertEquals(before, TreeSnapshot.of(dir), "nothing written under " + dir);
  }

  @Test
  void optionsAreCheckedFirst() throws IOException {
    OzoneConfiguration conf = conf(dir);
    String[] run = {"--run-dir", dir.resolve("runs").toString()};
    refused(conf, CgDn::new, "--index: must be 0 .. 2 (below --datanodes 3), was 3",
        concat(run, "-n", "1", "--index", "3", "--datanodes", "3"));
    refused(conf, CgDn::new, "--index: must be 0 .. 3", concat(run, "-n", "1", "--index", "-1",
        "--datanodes", "4"));
    refused(conf, CgScm::new, "-n: must be at least 1, was 0", concat(run, "-n", "0"));
    refused(conf, CgOm::new, "-n: must be at least 1, was -2", concat(run, "-n=-2"));
    refused(conf, CgScm::new, "--from: container ids start at 1", concat(run, "-n", "1", "--from", "0"));
    refused(conf, CgOm::new, "--key-size: 512 MB is larger than the block size",
        concat(run, "-n", "1", "--key-size", "512MB"));
    refused(conf, CgScm::new, "--key-size: 'lots' is not a size", concat(run, "-n", "1", "--key-size", "lots"));
    refused(conf, CgDn::new, "--keys-per-container: 5 keys of 256 MB do not fit in a container of 1 GB",
        concat(run, "-n", "1", "--index", "0", "--size", "1G", "--keys-per-container", "5"));
    refused(conf, CgScm::new, "--replication: must be ONE or THREE", concat(run, "-n", "1",
        "--replication", "EC/rs-3-2-1024k"));
    refused(conf, CgDn::new, "--datanodes: RATIS/THREE needs at least 3 datanodes, was 2",
        concat(run, "-n", "1", "--index", "0", "--datanodes", "2"));
    refused(conf, CgDn::new, "--zero: cannot be combined with --random",
        concat(run, "-n", "1", "--index", "0", "--zero", "--random"));
    refused(conf, CgOm::new, "--prefix: must not start with '/'", concat(run, "-n", "1", "-p", "/x/"));
    refused(conf, CgOm::new, "--bucket:", concat(run, "-n", "1", "-b", "Bad_Name"));
    refused(conf, CgScm::new, "Missing required option: '--containers=N'", run);
    assertFalse(Files.exists(dir.resolve("runs")), "no run folder for bad input");
  }

  @Test
  void haServicesAreRefused() throws IOException {
    OzoneConfiguration conf = conf(dir);
    conf.set("ozone.om.service.ids", "omservice");
    conf.set("ozone.om.nodes.omservice", "om1,om2,om3");
    conf.set("ozone.scm.service.ids", "scmservice");
    conf.set("ozone.scm.nodes.scmservice", "scm1, scm2, scm3");
    String[] args = {"--run-dir", elsewhere.resolve("runs").toString(), "-n", "1"};
    refused(conf, CgOm::new, "ozone.om.nodes.omservice: an HA OM (3 nodes: om1,om2,om3) is not supported", args);
    refused(conf, CgScm::new, "ozone.scm.nodes.scmservice: an HA SCM (3 nodes: scm1,scm2,scm3) is not supported",
        args);
    // one node under a service id is not HA: the check passes and the next one (no OM directory) speaks
    conf.set("ozone.om.nodes.omservice", "om1");
    refused(conf, CgOm::new, "no OM VERSION file", args);
    assertFalse(Files.exists(elsewhere.resolve("runs")), "no run folder for bad input");
  }

  @Test
  void missingDirectoriesAreNotCreated() throws IOException {
    Path missing = dir.resolve("no-such-dir");
    OzoneConfiguration conf = conf(missing);
    refused(conf, CgScm::new, "ozone.metadata.dirs: " + missing + " does not exist", "-n", "1");
    refused(conf, CgOm::new, "ozone.metadata.dirs: " + missing + " does not exist", "-n", "1");
    refused(conf, CgDn::new, "hdds.datanode.dir: " + missing.resolve("data") + " does not exist",
        "-n", "1", "--index", "0");
    OzoneConfiguration scmOnly = conf(dir);
    scmOnly.set("ozone.scm.db.dirs", missing.toString());
    refused(scmOnly, CgScm::new, "ozone.scm.db.dirs: " + missing + " does not exist", "-n", "1");
    assertFalse(Files.exists(missing));
  }

  @Test
  void aClusterNeverStartedIsRefused() throws IOException {
    Files.createDirectories(dir.resolve("data"));
    OzoneConfiguration conf = conf(dir);
    refused(conf, CgScm::new, "no SCM VERSION file " + dir.resolve("scm/current/VERSION"), "-n", "1");
    refused(conf, CgOm::new, "no OM VERSION file " + dir.resolve("om/current/VERSION"), "-n", "1");
    refused(conf, CgDn::new, "no datanode volume VERSION file " + dir.resolve("data/hdds/VERSION"),
        "-n", "1", "--index", "0");
  }

  /**
   * An SCM DB held open (as a running SCM holds it) is refused and left alone; once it is closed,
   * cgscm writes the CLOSED containers and advances the container id sequence.
   */
  @Test
  void aLockedScmDbIsRefusedThenWrittenWhenFree() throws Exception {
    OzoneConfiguration conf = conf(dir);
    Path current = Files.createDirectories(dir.resolve("scm").resolve("current"));
    Properties version = new Properties();
    version.setProperty("clusterID", "CID-test");
    version.setProperty("nodeType", "SCM");
    try (OutputStream out = Files.newOutputStream(current.resolve("VERSION"))) {
      version.store(out, null);
    }
    String[] args = {"--from", "7", "-n", "3", "--key-size", "1MB", "--keys-per-container", "4",
        "--run-dir", elsewhere.resolve("runs").toString()};
    try (DBStore store = DBStoreBuilder.newBuilder(conf, SCMDBDefinition.get(), "scm.db", dir)
        .setCreateCheckpointDirs(false).setEnableRocksDbMetrics(false).build()) {
      SCMDBDefinition.SEQUENCE_ID.getTable(store).put(SequenceIdType.containerId, 2L);
      store.flushDB();
      refused(conf, CgScm::new, "ozone.metadata.dirs: is " + dir.resolve("scm.db")
          + " in use by a running SCM? stop it first (process " + ProcessHandle.current().pid(), args);
    }

    io.harness.testkit.Run ok = Cli.run(conf, new CgScm(), args);
    assertEquals(0, ok.code(), ok.err());
    try (DBStore store = DBStoreBuilder.newBuilder(conf, SCMDBDefinition.get(), "scm.db", dir)
        .setOpenReadOnly(true).setCreateCheckpointDirs(false).setEnableRocksDbMetrics(false).build()) {
      for (long id = 7; id <= 9; id++) {
        ContainerInfo c = SCMDBDefinition.CONTAINERS.getTable(store).get(ContainerID.valueOf(id));
        assertEquals(HddsProtos.LifeCycleState.CLOSED, c.getState());
        assertEquals(4, c.getNumberOfKeys());
        assertEquals(4L << 20, c.getUsedBytes());
        assertEquals(4, c.getSequenceId(), "the BCSID the replicas report");
        assertEquals("omServiceIdDefault", c.getOwner());
        assertEquals("RATIS/THREE", c.getReplicationConfig().toString());
      }
      assertEquals(9L, SCMDBDefinition.SEQUENCE_ID.getTable(store).get(SequenceIdType.containerId));
    }

    // The same range again: refused, naming the first free id.
    refused(conf, CgScm::new, "--from: container 7 already exists in the SCM DB (3 of the range 7..9 do); "
        + "the highest container id there is 9: use --from 10 or more", args);
  }

  @Test
  void placementPutsEveryContainerOnFactorDatanodes() {
    for (int n = 3; n <= 7; n++) {
      Ids plan = new Ids(1, 50, 1, 1, HddsProtos.ReplicationFactor.THREE);
      int[] perNode = new int[n];
      for (int i = 0; i < plan.containers(); i++) {
        int replicas = 0;
        for (int dn = 0; dn < n; dn++) {
          if (plan.placedOn(plan.containerId(i), dn, n)) {
            replicas++;
            perNode[dn]++;
          }
        }
        assertEquals(3, replicas, "container " + plan.containerId(i) + " of " + n + " datanodes");
      }
      for (int count : perNode) {
        assertTrue(count >= 150 / n - 3 && count <= 150 / n + 3, "even spread over " + n + ": " + count);
      }
    }
    Ids one = new Ids(1, 6, 1, 1, HddsProtos.ReplicationFactor.ONE);
    assertTrue(one.placedOn(4, 1, 3));
    assertFalse(one.placedOn(4, 0, 3));
  }

  private static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
