package io.harness.freon.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.cli.Harness;
import io.harness.core.result.ResultWriter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.ozone.freon.Vapor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peer check of {@code harness freon cgdn}: Ozone's own offline datanode generator ({@code vapor cgdn}, run in
 * this JVM through its entry class) and the harness, each on a fresh copy of one stopped cluster's datanode volume,
 * container schema v2 (the schema both write; Vapor fails on v3), the same containers, keys and key size. Both must
 * leave as many containers with the same chunk files (count and sizes) in each, and the harness's result must count
 * the bytes on disk. Counts and bytes, not speed (bench/cgdn-vs-vapor compares the times).
 */
class CgDnVaporPeerTest {
  private static final int CONTAINERS = 2;
  private static final int KEYS = 3;
  private static final long KEY_SIZE = 1L << 20;

  @TempDir
  Path work;

  @Test
  void harnessAndVaporLeaveTheSameChunkFilesAndTheHarnessCountsThem() throws Exception {
    Path pristine = DatanodeVolumes.stoppedClusterVolume(work);
    String perContainer = Long.toString(KEYS * KEY_SIZE);

    Path vapor = DatanodeVolumes.volume(pristine, work.resolve("vapor"), "v2");
    int rc = quietly(() -> new Vapor().execute(new String[] {"-conf", vapor.resolve("site.xml").toString(), "cgdn",
        "--datanodes", "3", "--index", "1", "-n", Integer.toString(CONTAINERS), "-t", "2", "--key-size",
        Long.toString(KEY_SIZE), "--size", perContainer, "-p", "peer"}));
    assertEquals(0, rc, "vapor cgdn exited " + rc);

    Path ours = DatanodeVolumes.volume(pristine, work.resolve("harness"), "v2");
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    PrintStream p = new PrintStream(said, true, StandardCharsets.UTF_8);
    int code = Harness.run(Map.of(), p, p, "freon", "cgdn", "-conf", ours.resolve("site.xml").toString(), "--index",
        "0", "--datanodes", "3", "--from", "1", "-n", Integer.toString(CONTAINERS), "--keys-per-container",
        Integer.toString(KEYS), "--key-size", Long.toString(KEY_SIZE), "--size", perContainer, "-t", "2",
        "--run-dir", ours.resolve("runs").toString(), "--no-report");
    assertEquals(0, code, said.toString(StandardCharsets.UTF_8));

    Map<Long, List<Long>> peer = DatanodeVolumes.chunkSizes(vapor.resolve("data"));
    Map<Long, List<Long>> harness = DatanodeVolumes.chunkSizes(ours.resolve("data"));
    assertEquals(CONTAINERS, peer.size(), "Vapor's containers: " + peer);
    // Vapor numbers its containers from 0, the harness from --from (1, as SCM does): the same chunk files in each
    assertEquals(List.copyOf(peer.values()), List.copyOf(harness.values()), "the same chunk files per container as "
        + "Vapor's: " + peer + " and " + harness);
    assertEquals(List.of(1L, 2L), List.copyOf(harness.keySet()), "containers --from 1");
    long bytes = CONTAINERS * KEYS * KEY_SIZE;
    assertEquals(bytes, DatanodeVolumes.chunkBytes(ours.resolve("data")));

    JsonNode result;
    try (Stream<Path> runs = Files.list(ours.resolve("runs"))) {
      result = ResultWriter.mapper().readTree(runs.findFirst().orElseThrow().resolve("result.json").toFile());
    }
    assertEquals(0, result.get("exitCode").asInt(), result.toString());
    assertEquals(bytes, result.get("aggregate").get("bytes").asLong(), result.get("aggregate").toString());
  }

  /** Runs {@code call} with System.out and System.err kept off the test's terminal. */
  private static int quietly(java.util.concurrent.Callable<Integer> call) throws Exception {
    PrintStream out = System.out;
    PrintStream err = System.err;
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try {
      System.setOut(quiet);
      System.setErr(quiet);
      return call.call();
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }
}
