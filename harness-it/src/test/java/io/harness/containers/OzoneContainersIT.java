package io.harness.containers;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.SeededContent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * SCM, OM and three datanodes in containers of their own: the harness writes and reads over ofs://, then the
 * offline generators fill the stopped services' stores and volumes, and the cluster started again serves every
 * generated key and the files written before.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OzoneContainersIT {
  private static final long SEED = 777;
  private static final long FROM = 1000;
  private static final int CONTAINERS = 3;
  private static final int KEYS = 2;
  /** Two chunks, the second not a multiple of bytes-per-checksum. */
  private static final int KEY_SIZE = (5 << 20) + 1000;

  @TempDir
  static Path work;

  static OzoneContainers cluster;

  @BeforeAll
  static void start() throws Exception {
    Docker.requireOrSkip();
    cluster = OzoneContainers.start(work.resolve("cluster"), 3, ClusterImage.project(), Map.of(),
        Duration.ofMinutes(3));
    System.out.printf("CONTAINERS | ozone, 3 datanodes | started in %.1f s%n", cluster.startSeconds());
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  @Order(1)
  void dfsioWritesFourFilesAndAVerifiedReadFindsEveryByte() throws Exception {
    RoundTrip.dfsioWriteThenVerifiedRead("ozone", cluster, cluster.rootPrefix() + "/bench", work, "-conf",
        cluster.configurationFile().toString());
  }

  /**
   * Fault case 5: cgscm, cgom and cgdn (once per datanode, each with that service's own site file) write into
   * the stopped cluster's stores and volumes; started again, the cluster serves every generated key byte for
   * byte (random data: block (c, l) is {@code SeededData(seed, c << 32 | l)}) and the dfsio files from before.
   */
  @Test
  @Order(2)
  void case5OfflineGeneratorsIntoTheStoppedClusterEveryKeyReadsBackAfterARestart() throws Exception {
    cluster.stop();
    String runs = work.resolve("generator-runs").toString();
    String[] ids = {"--from", Long.toString(FROM), "-n", Integer.toString(CONTAINERS), "--keys-per-container",
        Integer.toString(KEYS), "--key-size", Integer.toString(KEY_SIZE), "--replication", "THREE", "--run-dir", runs};
    generate("cgscm", OzoneContainers.SCM, ids);
    generate("cgom", OzoneContainers.OM, Cli.concat(ids, "--volume", OzoneContainers.VOLUME, "-b",
        OzoneContainers.BUCKET, "-p", "gen/"));
    List<String> datanodes = cluster.datanodes();
    for (int i = 0; i < datanodes.size(); i++) {
      generate("cgdn", datanodes.get(i), Cli.concat(ids, "--index", Integer.toString(i), "--datanodes",
          Integer.toString(datanodes.size()), "--seed", Long.toString(SEED)));
    }

    long t0 = System.nanoTime();
    cluster.startAgain(Duration.ofMinutes(4));
    System.out.printf("CONTAINERS | ozone, 3 datanodes | started again on the generated data in %.1f s%n",
        (System.nanoTime() - t0) / 1e9);
    List<String> keys = new ArrayList<>();
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.configuration())) {
      String dir = cluster.rootPrefix() + "/gen/";
      assertEquals(CONTAINERS * KEYS, fs.listStatus(new org.apache.hadoop.fs.Path(dir)).length, "keys listed");
      for (long c = FROM; c < FROM + CONTAINERS; c++) {
        for (long l = 1; l <= KEYS; l++) {
          try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(dir + c + "-" + l))) {
            SeededContent.assertStream("key " + c + "-" + l, in, SEED, c << 32 | l, 0, KEY_SIZE);
          }
          keys.add(c + "-" + l);
        }
      }
    }
    System.out.println("CONTAINERS | ozone | generated keys read back byte for byte: " + keys);
    Run read = Cli.run("dfsio", "-read", "--verify", "-conf", cluster.configurationFile().toString(), "--root",
        cluster.rootPrefix() + "/bench", "-nrFiles", "4", "-fileSize", "16MB", "--run-dir",
        work.resolve("runs").toString(), "-resFile", work.resolve("res.log").toString());
    assertExit(read, 0);
  }

  /** Runs one generator with {@code service}'s own site file; it must exit 0. */
  private static void generate(String generator, String service, String... args) {
    Path site = cluster.service(service).confDir().resolve("ozone-site.xml");
    Run r = Cli.run(Cli.concat(new String[] {"freon", generator, "-conf", site.toString()}, args));
    System.out.printf("CONTAINERS | ozone | %s on %s's stopped store | exit %d | %.1f s%n", generator, service,
        r.code(), r.seconds());
    assertExit(r, 0);
    assertTrue(r.out().contains("----- harness ----- : " + generator), r.out());
  }
}
