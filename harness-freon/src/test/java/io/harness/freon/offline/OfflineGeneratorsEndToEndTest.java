package io.harness.freon.offline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.context.ClusterContext;
import io.harness.core.base.SeededData;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdds.client.RatisReplicationConfig;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.protocol.proto.HddsProtos;
import org.apache.hadoop.hdds.protocol.proto.StorageContainerDatanodeProtocolProtos.ContainerReplicaProto;
import org.apache.hadoop.hdds.scm.container.ContainerID;
import org.apache.hadoop.hdds.scm.container.ContainerInfo;
import org.apache.hadoop.hdds.scm.container.ContainerManager;
import org.apache.hadoop.hdds.scm.container.ContainerReplica;
import org.apache.hadoop.hdfs.util.Canceler;
import org.apache.hadoop.hdfs.util.DataTransferThrottler;
import org.apache.hadoop.ozone.HddsDatanodeService;
import org.apache.hadoop.ozone.MiniOzoneCluster;
import org.apache.hadoop.ozone.client.BucketArgs;
import org.apache.hadoop.ozone.client.ObjectStore;
import org.apache.hadoop.ozone.client.OzoneBucket;
import org.apache.hadoop.ozone.client.OzoneClient;
import org.apache.hadoop.ozone.container.common.impl.ContainerLayoutVersion;
import org.apache.hadoop.ozone.container.common.interfaces.Container;
import org.apache.hadoop.ozone.container.keyvalue.KeyValueContainer;
import org.apache.hadoop.ozone.container.keyvalue.KeyValueContainerData;
import org.apache.hadoop.ozone.container.ozoneimpl.ContainerScanError;
import org.apache.hadoop.ozone.container.ozoneimpl.DataScanResult;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.apache.hadoop.ozone.util.ShutdownHookManager;
import org.apache.ozone.test.GenericTestUtils;
import org.junit.jupiter.api.Test;

/**
 * The offline generators against a real cluster: a 3-datanode MiniOzoneCluster is started (and a
 * key written through ofs://), stopped, filled by cgscm, cgom and cgdn (once per datanode) in two
 * rounds, and started again on the same directories. Then every generated key is listed and read
 * back through ofs:// and checked byte for byte, SCM must know every container as CLOSED with three
 * CLOSED replicas reporting the right key count, every datanode must hold its replicas as CLOSED
 * with the right block count and bytes, and Ozone's own data scanner must find every chunk checksum
 * right.
 *
 * <p>Round A: schema v3 (the datanodes' default), FILE_PER_BLOCK, random data, keys of 5 MB + 1000
 * bytes (two chunks, the second one not a multiple of bytes-per-checksum), into the FILE_SYSTEM_OPTIMIZED
 * bucket the cluster already has. Round B: schema v2 and FILE_PER_CHUNK (given to cgdn only with
 * -D: a 2.2 datanode reads both), zero data, keys of 9 MB (three chunks), into a LEGACY bucket of a
 * new volume that cgom creates.
 */
class OfflineGeneratorsEndToEndTest {
  private static final long MB = 1 << 20;
  private static final long SEED = 777;
  private static final long KEY_A = 5 * MB + 1000;
  private static final int CONTAINERS_A = 3;
  private static final long KEY_B = 9 * MB;
  private static final int CONTAINERS_B = 2;
  private static final int KEYS_PER_CONTAINER = 2;
  private static final int DATANODES = 3;

  @Test
  void generatedContainersAreServedAfterRestart() throws Exception {
    Path base = Files.createTempDirectory(Paths.get("target").toAbsolutePath(), "cg-e2e-");
    Path runDir = base.resolve("runs");
    MiniOzoneCluster cluster = startCluster(base);
    boolean passed = false;
    try {
      OzoneConfiguration clusterConf = cluster.getConf();
      URI ofs = URI.create("ofs://" + clusterConf.get("ozone.om.address") + "/");
      byte[] existing = randomBytes((int) MB + 7, 42);
      try (OzoneClient client = cluster.newClient()) {
        ObjectStore store = client.getObjectStore();
        store.createVolume("vol1");
        store.getVolume("vol1").createBucket("bucket1",
            BucketArgs.newBuilder().setBucketLayout(BucketLayout.FILE_SYSTEM_OPTIMIZED).build());
      }
      try (FileSystem fs = FileSystem.newInstance(ofs, new OzoneConfiguration(clusterConf))) {
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/vol1/bucket1/pre/existing"))) {
          out.write(existing);
        }
      }
      long[] bucket1Before = usage(cluster, "vol1", "bucket1");

      // While the cluster runs, every generator refuses: its store is locked by the running service.
      Configuration3 confs = new Configuration3(cluster);
      String[] probe = {"--from", "1000", "-n", "1", "--keys-per-container", "1", "--key-size", "1MB",
          "--run-dir", runDir.toString()};
      assertRefused(Cli.run(confs.scm, new CgScm(), probe), "in use by a running SCM? stop it first");
      assertRefused(Cli.run(confs.om, new CgOm(), probe), "in use by a running OM? stop it first");
      assertRefused(Cli.run(confs.dn.get(0), new CgDn(), concat(probe, "--index", "0")),
          "in use by a running datanode? stop it first");

      long highest = 0;
      for (ContainerInfo c : cluster.getStorageContainerManager().getContainerManager().getContainers()) {
        highest = Math.max(highest, c.getContainerID());
      }
      assertTrue(highest >= 1, "the key written before holds a container");
      long fromA = highest + 1;
      long fromB = fromA + CONTAINERS_A;

      cluster.stop();

      // Bad input on the stopped cluster's directories: exit 2, one line, nothing written.
      Path scmDb = Paths.get(clusterConf.get("ozone.scm.db.dirs"));
      Map<String, String> before = TreeSnapshot.of(scmDb);
      io.harness.testkit.Run clash = Cli.run(confs.scm, new CgScm(), "--from", Long.toString(highest), "-n", "2",
          "--keys-per-container", "1", "--key-size", "1MB", "--run-dir", runDir.toString());
      assertRefused(clash, "container " + highest + " already exists in the SCM DB");
      assertTrue(clash.err().contains("use --from " + (highest + 1)), clash.err());
      assertEquals(before, TreeSnapshot.of(scmDb), "cgscm wrote nothing");
      Path omDb = Paths.get(clusterConf.get("ozone.om.db.dirs"));
      before = TreeSnapshot.of(omDb);
      assertRefused(Cli.run(confs.om, new CgOm(), "--from", Long.toString(fromA), "-n", "1",
          "--key-size", "1MB", "--keys-per-container", "1", "--layout", "LEGACY", "--run-dir", runDir.toString()),
          "vol1/bucket1 exists with layout FILE_SYSTEM_OPTIMIZED");
      assertEquals(before, TreeSnapshot.of(omDb), "cgom wrote nothing");
      assertRefused(Cli.run(confs.dn.get(0), new CgDn(), "--from", Long.toString(fromA), "-n", "1",
          "--key-size", "1MB", "--index", "3", "--datanodes", "3"), "--index: must be 0 .. 2");
      assertFalse(Files.exists(runDir), "no bad input left a run record");

      // Round A and round B.
      String[] commonA = {"--from", Long.toString(fromA), "-n", Integer.toString(CONTAINERS_A),
          "--keys-per-container", Integer.toString(KEYS_PER_CONTAINER), "--key-size", Long.toString(KEY_A),
          "--replication", "THREE", "--run-dir", runDir.toString()};
      String[] commonB = {"--from", Long.toString(fromB), "-n", Integer.toString(CONTAINERS_B),
          "--keys-per-container", Integer.toString(KEYS_PER_CONTAINER), "--key-size", "9MB",
          "--replication", "THREE", "--run-dir", runDir.toString()};
      assertOk(Cli.run(confs.scm, new CgScm(), commonA));
      assertOk(Cli.run(confs.om, new CgOm(), concat(commonA, "--volume", "vol1", "-b", "bucket1", "-p", "gen/a/")));
      assertOk(Cli.run(confs.scm, new CgScm(), commonB));
      assertOk(Cli.run(confs.om, new CgOm(), concat(commonB, "--volume", "vol2", "-b", "legacy",
          "--layout", "LEGACY", "-p", "b/")));
      String dn0Out = null;
      for (int i = 0; i < DATANODES; i++) {
        // the first one under async-profiler, as every workload can be (--profile)
        String[] profile = i == 0 ? new String[] {"--profile", "wall"} : new String[0];
        io.harness.testkit.Run a = Cli.run(confs.dn.get(i), new CgDn(), concat(concat(commonA, "--index", Integer.toString(i),
            "--datanodes", "3", "--seed", Long.toString(SEED), "-t", "2"), profile));
        assertOk(a);
        assertTrue(a.out().contains("schema v3, FILE_PER_BLOCK"), a.out());
        assertTrue(a.out().contains("cgdn: containers " + CONTAINERS_A + ", keys " + CONTAINERS_A * KEYS_PER_CONTAINER
            + ", bytes " + CONTAINERS_A * KEYS_PER_CONTAINER * KEY_A + " "), a.out());
        dn0Out = i == 0 ? a.out() : dn0Out;
        io.harness.testkit.Run b = Cli.run(confs.dn.get(i), new CgDn(), concat(commonB, "--index", Integer.toString(i),
            "--datanodes", "3", "--zero", "-D", "hdds.datanode.container.schema.v3.enabled=false",
            "-D", "ozone.scm.container.layout=FILE_PER_CHUNK"));
        assertOk(b);
        assertTrue(b.out().contains("schema v2, FILE_PER_CHUNK"), b.out());
      }
      List<Path> results;
      try (Stream<Path> runs = Files.list(runDir)) {
        results = runs.map(p -> p.resolve("result.json")).filter(Files::exists).sorted().toList();
      }
      assertEquals(4 + 2 * DATANODES, results.size(), "one result.json per generator run");
      Path dnResult = results.stream().filter(p -> p.toString().endsWith("-cgdn/result.json")).findFirst()
          .orElseThrow();
      RunResult dnRun = ResultWriter.read(dnResult);
      assertTrue(Files.size(dnResult.resolveSibling("flamegraph-wall.html")) > 0, "the flame graph beside the JSON");
      assertEquals("flamegraph-wall.html", dnRun.profile().get("flameGraph"));
      assertEquals("cgdn", dnRun.operation());
      assertEquals(0, dnRun.exitCode());
      assertEquals(CONTAINERS_A, ((Number) dnRun.figures().get("containers")).intValue());
      assertEquals(CONTAINERS_A * KEYS_PER_CONTAINER * KEY_A, dnRun.aggregate().bytes());
      assertTrue(((Number) dnRun.figures().get("checksumShare")).doubleValue() > 0, "checksum time measured");
      assertEquals(List.of(), dnRun.figures().get("failed"));
      // the run's cluster context: what wrote the stores, and the layout each round's configuration gave
      List<ClusterContext.Ozone> layouts = results.stream().filter(p -> p.toString().endsWith("-cgdn/result.json"))
          .map(p -> read(p).cluster().ozone()).distinct().toList();
      assertEquals(List.of(new ClusterContext.Ozone(null, null, null, null, "FILE_PER_BLOCK", "V3", null),
          new ClusterContext.Ozone(null, null, null, null, "FILE_PER_CHUNK", "V2", null)), layouts);
      assertEquals(org.apache.hadoop.ozone.util.OzoneVersionInfo.OZONE_VERSION_INFO.getVersion(),
          dnRun.cluster().version("writer"));
      assertTrue(dn0Out.contains("----- harness ----- : cgdn"), "core's aggregate lines: " + dn0Out);
      // harness analyze computes every run's figures (but --profile's) and aggregate again from its records
      for (Path result : results) {
        assertAnalyzeGivesTheRunsFigures(result, base);
      }

      // Start the cluster again on the same directories.
      long t0 = System.nanoTime();
      cluster.restartStorageContainerManager(false);
      cluster.restartOzoneManager();
      for (int i = 0; i < DATANODES; i++) {
        cluster.restartHddsDatanode(i, false);
      }
      cluster.waitForClusterToBeReady();
      System.out.printf("cluster restarted in %.1f s%n", (System.nanoTime() - t0) / 1e9);

      try (FileSystem fs = FileSystem.newInstance(ofs, new OzoneConfiguration(cluster.getConf()))) {
        List<Long> idsA = ids(fromA, CONTAINERS_A);
        List<Long> idsB = ids(fromB, CONTAINERS_B);
        System.out.println("e2e: listing");
        checkListing(fs, "/vol1/bucket1/gen/a", idsA, KEY_A);
        checkListing(fs, "/vol2/legacy/b", idsB, KEY_B);
        for (long c : idsA) {
          for (long l = 1; l <= KEYS_PER_CONTAINER; l++) {
            System.out.println("e2e: reading " + c + "-" + l);
            byte[] expected = new byte[(int) KEY_A];
            new SeededData(SEED, Ids.stream(c, l)).fill(expected, 0, expected.length, 0);
            assertArrayEquals(expected, read(fs, "/vol1/bucket1/gen/a/" + c + "-" + l, KEY_A),
                "key " + c + "-" + l);
          }
        }
        byte[] zeros = new byte[(int) KEY_B];
        for (long c : idsB) {
          for (long l = 1; l <= KEYS_PER_CONTAINER; l++) {
            assertArrayEquals(zeros, read(fs, "/vol2/legacy/b/" + c + "-" + l, KEY_B), "key " + c + "-" + l);
          }
        }
        assertArrayEquals(existing, read(fs, "/vol1/bucket1/pre/existing", existing.length),
            "the key written before the generators");

        System.out.println("e2e: checking SCM");
        checkScm(cluster, idsA, KEY_A);
        checkScm(cluster, idsB, KEY_B);
        System.out.println("e2e: checking datanodes");
        checkDatanodes(cluster, idsA, KEY_A, "3", ContainerLayoutVersion.FILE_PER_BLOCK);
        checkDatanodes(cluster, idsB, KEY_B, "2", ContainerLayoutVersion.FILE_PER_CHUNK);

        // The buckets' usage grew by the generated keys (replicated bytes; keys and new directories).
        long[] bucket1 = usage(cluster, "vol1", "bucket1");
        assertEquals(bucket1Before[0] + 3L * CONTAINERS_A * KEYS_PER_CONTAINER * KEY_A, bucket1[0], "vol1/bucket1 bytes");
        assertEquals(bucket1Before[1] + 2 + CONTAINERS_A * KEYS_PER_CONTAINER, bucket1[1], "vol1/bucket1 namespace");
        assertEquals(3L * CONTAINERS_B * KEYS_PER_CONTAINER * KEY_B, usage(cluster, "vol2", "legacy")[0],
            "vol2/legacy bytes");
        assertEquals(1 + CONTAINERS_B * KEYS_PER_CONTAINER, usage(cluster, "vol2", "legacy")[1],
            "vol2/legacy namespace");

        // Ozone's scanner is a real check: one flipped byte in a generated block file is found.
        KeyValueContainer victim = (KeyValueContainer) cluster.getHddsDatanodes().get(0).getDatanodeStateMachine()
            .getContainer().getContainerSet().getContainer(fromA);
        Path blockFile = Paths.get(victim.getContainerData().getChunksPath(), "1.block");
        byte[] bytes = Files.readAllBytes(blockFile);
        bytes[12345] ^= 0x5a;
        Files.write(blockFile, bytes);
        DataScanResult corrupt = scanData(victim);
        assertTrue(corrupt.hasErrors(), "the scanner finds the flipped byte");
        bytes[12345] ^= 0x5a;
        Files.write(blockFile, bytes);

        // SCM's container id sequence moved past the generated ids.
        ContainerInfo fresh = cluster.getStorageContainerManager().getContainerManager().allocateContainer(
            RatisReplicationConfig.getInstance(HddsProtos.ReplicationFactor.THREE), "test");
        assertTrue(fresh.getContainerID() > fromB + CONTAINERS_B - 1,
            "new container " + fresh.getContainerID() + " after the generated ones");

        // And the cluster still takes new data.
        byte[] after = randomBytes((int) (3 * MB), 43);
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/vol1/bucket1/after"))) {
          out.write(after);
        }
        assertArrayEquals(after, read(fs, "/vol1/bucket1/after", after.length));
      }
      passed = true;
    } finally {
      cluster.shutdown();
      System.clearProperty("test.build.data");
      if (passed) {
        deleteTree(base);
        // The OM's exit hook (Ozone's ShutdownHookManager, priority 30) writes its metrics file into
        // its directory again at JVM exit: remove the tree once more after it (lower priority runs later).
        ShutdownHookManager.get().addShutdownHook(() -> {
          try {
            deleteTree(base);
          } catch (IOException e) {
            // a leftover under target/ is harmless
          }
        }, 1);
      } else {
        System.out.println("cluster directories kept for a look: " + base);
      }
    }
  }

  /**
   * {@code harness analyze <run dir> --json F} of a saved run: F's figures are the run's result.json figures,
   * field by field (but {@code instrumentation} and {@code profile}, which come from the run's agent and
   * profiler, not from its records), and F's aggregate is the run's.
   */
  private static void assertAnalyzeGivesTheRunsFigures(Path result, Path base) throws IOException {
    Path run = result.getParent();
    Path json = base.resolve("analyze-" + run.getFileName() + ".json");
    io.harness.testkit.Run analysis = io.harness.testkit.Cli.run("analyze", run.toString(), "--json", json.toString());
    assertEquals(0, analysis.code(), analysis.toString());
    JsonNode saved = ResultWriter.mapper().readTree(result.toFile());
    JsonNode again = ResultWriter.mapper().readTree(json.toFile());
    assertEquals(saved.get("operation"), again.get("operation"));
    Set<String> names = new TreeSet<>();
    saved.get("figures").fieldNames().forEachRemaining(names::add);
    names.removeAll(Set.of("instrumentation", "profile"));
    Set<String> analyzed = new TreeSet<>();
    again.get("figures").fieldNames().forEachRemaining(analyzed::add);
    assertEquals(names, analyzed, run + ": the figures' names");
    for (String name : names) {
      assertEquals(saved.get("figures").get(name), again.get("figures").get(name), run + ": figure " + name);
    }
    assertEquals(saved.get("aggregate"), again.get("aggregate"), run + ": the aggregate");
    assertTrue(analysis.out().contains("----- harness ----- : " + saved.get("operation").asText()), analysis.out());
  }

  /** The configurations of the cluster's services: SCM and OM share the cluster's, each datanode has its own. */
  private static final class Configuration3 {
    final OzoneConfiguration scm;
    final OzoneConfiguration om;
    final List<OzoneConfiguration> dn = new ArrayList<>();

    Configuration3(MiniOzoneCluster cluster) {
      scm = new OzoneConfiguration(cluster.getConf());
      om = new OzoneConfiguration(cluster.getConf());
      for (HddsDatanodeService d : cluster.getHddsDatanodes()) {
        dn.add(new OzoneConfiguration(d.getConf()));
      }
    }
  }

  /** A bucket's used bytes and used namespace, as the OM reports them. */
  private static long[] usage(MiniOzoneCluster cluster, String volume, String bucket) throws IOException {
    try (OzoneClient client = cluster.newClient()) {
      OzoneBucket b = client.getObjectStore().getVolume(volume).getBucket(bucket);
      return new long[] {b.getUsedBytes(), b.getUsedNamespace()};
    }
  }

  private static void checkListing(FileSystem fs, String dir, List<Long> ids, long size) throws IOException {
    Map<String, Long> listed = new TreeMap<>();
    for (FileStatus s : fs.listStatus(new org.apache.hadoop.fs.Path(dir))) {
      listed.put(s.getPath().getName(), s.getLen());
    }
    Map<String, Long> expected = new TreeMap<>();
    for (long c : ids) {
      for (long l = 1; l <= KEYS_PER_CONTAINER; l++) {
        expected.put(c + "-" + l, size);
      }
    }
    assertEquals(expected, listed, "listing of " + dir);
  }

  private static byte[] read(FileSystem fs, String path, long size) throws IOException {
    byte[] b = new byte[(int) size];
    try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
      in.readFully(b);
      assertEquals(-1, in.read(), "nothing after " + size + " bytes of " + path);
    }
    return b;
  }

  private static void checkScm(MiniOzoneCluster cluster, List<Long> ids, long keySize) throws Exception {
    ContainerManager cm = cluster.getStorageContainerManager().getContainerManager();
    List<String> problems = new ArrayList<>();
    long deadline = System.nanoTime() + 120_000_000_000L;
    do {
      problems.clear();
      for (long id : ids) {
        ContainerInfo info = cm.getContainer(ContainerID.valueOf(id));
        if (info.getState() != HddsProtos.LifeCycleState.CLOSED) {
          problems.add(id + " is " + info.getState());
        }
        Set<ContainerReplica> replicas = cm.getContainerReplicas(ContainerID.valueOf(id));
        Set<Object> nodes = new HashSet<>();
        for (ContainerReplica r : replicas) {
          nodes.add(r.getDatanodeDetails().getID());
          if (r.getState() != ContainerReplicaProto.State.CLOSED || r.getKeyCount() != KEYS_PER_CONTAINER
              || r.getBytesUsed() != KEYS_PER_CONTAINER * keySize) {
            problems.add(id + ": replica " + r);
          }
        }
        if (nodes.size() != DATANODES) {
          problems.add(id + ": " + replicas.size() + " replicas " + replicas);
        }
      }
      if (!problems.isEmpty()) {
        Thread.sleep(1000);
      }
    } while (!problems.isEmpty() && System.nanoTime() < deadline);
    assertEquals(List.of(), problems, "SCM's view of the generated containers");
  }

  private static void checkDatanodes(MiniOzoneCluster cluster, List<Long> ids, long keySize, String schema,
      ContainerLayoutVersion layout) throws Exception {
    for (HddsDatanodeService dn : cluster.getHddsDatanodes()) {
      for (long id : ids) {
        Container<?> c = dn.getDatanodeStateMachine().getContainer().getContainerSet().getContainer(id);
        String where = "container " + id + " on " + dn.getDatanodeDetails().getUuidString();
        assertTrue(c instanceof KeyValueContainer, where + " is loaded");
        KeyValueContainerData data = ((KeyValueContainer) c).getContainerData();
        assertEquals(org.apache.hadoop.hdds.protocol.datanode.proto.ContainerProtos.ContainerDataProto.State.CLOSED,
            data.getState(), where);
        assertEquals(KEYS_PER_CONTAINER, data.getBlockCount(), where + " block count");
        assertEquals(KEYS_PER_CONTAINER * keySize, data.getBytesUsed(), where + " bytes used");
        assertEquals(KEYS_PER_CONTAINER, data.getBlockCommitSequenceId(), where + " BCSID");
        assertEquals(schema, data.getSchemaVersion(), where + " schema");
        assertEquals(layout, data.getLayoutVersion(), where + " layout");
        DataScanResult scan = scanData((KeyValueContainer) c);
        assertFalse(scan.hasErrors(), where + ": data scan found " + scan.getErrors());
      }
    }
  }

  /**
   * Ozone's data scan of a container. The datanode's own background scanner rewrites a container's
   * {@code .container} file after scanning it (the scan time), by removing it and renaming a new one in
   * (Files.move with REPLACE_EXISTING): a scan that reads it in between finds it missing. Such a scan is
   * made again, a few times, as long as a missing {@code .container} file, which is there again, is all it
   * found.
   */
  private static DataScanResult scanData(KeyValueContainer c) throws Exception {
    DataScanResult scan = c.scanData(new DataTransferThrottler(1L << 40), new Canceler());
    for (int again = 0; again < 5 && scan.hasErrors() && scan.getErrors().stream().allMatch(e ->
        e.getFailureType() == ContainerScanError.FailureType.MISSING_CONTAINER_FILE
            && e.getUnhealthyFile().isFile()); again++) {
      Thread.sleep(100);
      scan = c.scanData(new DataTransferThrottler(1L << 40), new Canceler());
    }
    return scan;
  }

  private static MiniOzoneCluster startCluster(Path base) throws Exception {
    OzoneConfiguration conf = new OzoneConfiguration();
    conf.set("ozone.scm.container.size", "1GB");
    conf.set("hdds.datanode.volume.min.free.space", "1GB");
    conf.set("hdds.datanode.volume.min.free.space.percent", "0.001");
    conf.set("hdds.datanode.volume.min.free.space.hard.limit.percent", "0.001");
    conf.set("hdds.heartbeat.interval", "1s");
    conf.set("hdds.container.ratis.num.write.chunk.threads.per.volume", "4");
    conf.set("ozone.om.s3.grpc.server_enabled", "false");
    System.setProperty("test.build.data", base.toString());
    GenericTestUtils.PortAllocator.NEXT_PORT.set(freePortBlock(64));
    MiniOzoneCluster cluster = MiniOzoneCluster.newBuilder(conf).setNumDatanodes(DATANODES).build();
    try {
      cluster.waitForClusterToBeReady();
      cluster.waitForPipelineTobeReady(HddsProtos.ReplicationFactor.THREE, 120_000);
      return cluster;
    } catch (Exception | Error e) {
      cluster.shutdown();
      throw e;
    }
  }

  /** MiniOzoneCluster hands out ports one after another without checking: start at a free block. */
  private static int freePortBlock(int count) {
    int min = GenericTestUtils.PortAllocator.MIN_PORT;
    int max = GenericTestUtils.PortAllocator.MAX_PORT - count;
    for (int tries = 0; tries < 50; tries++) {
      int first = ThreadLocalRandom.current().nextInt(min, max + 1);
      boolean free = true;
      for (int p = first; p < first + count && free; p++) {
        try (ServerSocket s = new ServerSocket()) {
          s.setReuseAddress(false);
          s.bind(new InetSocketAddress(p));
        } catch (IOException e) {
          free = false;
        }
      }
      if (free) {
        return first;
      }
    }
    return min;
  }

  private static void assertRefused(io.harness.testkit.Run r, String message) {
    assertEquals(2, r.code(), "exit code; stderr: " + r.err());
    assertEquals(1, r.errLines().size(), "one line on stderr: " + r.err());
    assertTrue(r.err().contains(message), "stderr should say '" + message + "': " + r.err());
  }

  private static void assertOk(io.harness.testkit.Run r) {
    assertEquals(0, r.code(), "exit code; stdout: " + r.out() + " stderr: " + r.err());
  }

  private static List<Long> ids(long from, int n) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ids.add(from + i);
    }
    return ids;
  }

  private static String[] concat(String[] a, String... b) {
    String[] r = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static byte[] randomBytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : (Iterable<Path>) s.sorted((x, y) -> y.getNameCount() - x.getNameCount())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }

  private static RunResult read(Path result) {
    try {
      return ResultWriter.read(result);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
