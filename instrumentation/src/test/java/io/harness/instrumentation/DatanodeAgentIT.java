package io.harness.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The datanode rule set on a MiniOzoneCluster in the instrumented JVM ({@link DatanodeProgram}, RATIS/THREE on 3
 * datanodes, 1 MB chunks, 4 MB blocks, the client's flush size above the block size): the datanode scope's counters
 * equal what the file sizes say the client wrote.
 *
 * <p>A file of S bytes has ceil(S / block) blocks; a block of B bytes is ceil(B / chunk) WriteChunks (one per full
 * client buffer, one for the partial last) and one PutBlock (at the block's close; no flush before it). Each of the
 * 3 replicas writes every chunk's data once (dn.write) and applies every WriteChunk and PutBlock entry once
 * (dn.apply); its dispatcher sees each WriteChunk twice (the data from write, the commit from apply) and each
 * PutBlock once.
 */
class DatanodeAgentIT {
  private static final long TIMEOUT_S = 420;
  private static final long MB = 1024 * 1024;
  private static final long CHUNK = MB;
  private static final long BLOCK = 4 * MB;
  private static final int REPLICAS = 3;
  /** 3 blocks (4 + 4 + 2 MB), 2 blocks (4 MB + 1.5 MB), 1 block of 100 KB, 1 block of exactly 4 MB. */
  private static final long[] FILES = {10 * MB, 5 * MB + MB / 2, 100 * 1024, 4 * MB};

  @Test
  void datanodeCountersEqualTheChunksAndBlocksWritten() throws Exception {
    long blocks = 0;
    long chunks = 0;
    for (long size : FILES) {
      for (long left = size; left > 0; left -= BLOCK) {
        blocks++;
        chunks += (Math.min(left, BLOCK) + CHUNK - 1) / CHUNK;
      }
    }
    assertEquals(7, blocks);
    assertEquals(21, chunks);

    Path dir = ChildJvm.workDir("datanode");
    List<String> args = new ArrayList<>(List.of(String.valueOf(CHUNK), String.valueOf(BLOCK)));
    for (long size : FILES) {
      args.add(String.valueOf(size));
    }
    ChildJvm jvm = ChildJvm.start(dir, List.of("-Xmx1500m",
        "-javaagent:" + ChildJvm.agentJar() + "=rules=write,ozone,datanode"), DatanodeProgram.class, args);
    assertEquals(0, jvm.waitFor(TIMEOUT_S), jvm.stderr());
    Reports.assertNoRuleErrors(jvm.stderr());
    JsonNode dn = line(jvm.stdout(), "DATANODE ");
    JsonNode client = line(jvm.stdout(), "CLIENT ");

    assertEquals(chunks * REPLICAS, dn.get("dn.write.call").asLong(), dn.toString());
    assertEquals(2 * chunks * REPLICAS, dn.get("dn.dispatch.WriteChunk.call").asLong(), dn.toString());
    assertEquals(blocks * REPLICAS, dn.get("dn.dispatch.PutBlock.call").asLong(), dn.toString());
    assertEquals((chunks + blocks) * REPLICAS, dn.get("dn.apply.call").asLong(), dn.toString());
    for (String op : List.of("dn.write", "dn.apply", "dn.dispatch.WriteChunk", "dn.dispatch.PutBlock")) {
      assertEquals(0, dn.get(op + ".failed").asLong(), op + ": " + dn);
      assertDistribution(dn, op);
    }
    // the client waited for commits (at each block's close), so the leader handled watch requests
    assertTrue(client.get("watchForCommit.call").asLong() >= blocks, client.toString());
    assertTrue(dn.get("dn.watch.call").asLong() > 0, dn.toString());
    assertDistribution(dn, "dn.watch");
    assertDistribution(client, "watchForCommit");
    System.out.printf("datanode: %d chunks, %d blocks x %d replicas: dn.write %d, WriteChunk %d, PutBlock %d, "
            + "apply %d; client watchForCommit %d calls p50 %.3f p99 %.3f max %.3f ms; dn.watch %d calls p50 %.3f "
            + "p99 %.3f max %.3f ms; dn.write p50 %.3f p99 %.3f ms%n", chunks, blocks, REPLICAS,
        dn.get("dn.write.call").asLong(), dn.get("dn.dispatch.WriteChunk.call").asLong(),
        dn.get("dn.dispatch.PutBlock.call").asLong(), dn.get("dn.apply.call").asLong(),
        client.get("watchForCommit.call").asLong(), ms(client, "watchForCommit.p50"), ms(client, "watchForCommit.p99"),
        ms(client, "watchForCommit.max"), dn.get("dn.watch.call").asLong(), ms(dn, "dn.watch.p50"),
        ms(dn, "dn.watch.p99"), ms(dn, "dn.watch.max"), ms(dn, "dn.write.p50"), ms(dn, "dn.write.p99"));
  }

  /**
   * Two {@code dfsio -write --embedded ozone --instrument write,ozone,datanode} runs in one JVM (1, then 2 files of
   * 6 MB; Ozone's defaults: 4 MB chunks, 256 MB blocks, RATIS/THREE): each run's {@code instrumentation}
   * has the client's FileSystem and the datanode scope with p50 / p99 / max, and the datanode's counters are the
   * run's own (a 6 MB file is 2 chunks and 1 block: 12 WriteChunk and 3 PutBlock dispatches per file).
   */
  @Test
  void dfsioRunsInOneJvmEachReportTheirOwnDatanodeCounters() throws Exception {
    Path dir = ChildJvm.workDir("dfsio-datanode");
    Path runs = dir.resolve("runs");
    List<String> run = List.of("dfsio", "-write", "-fileSize", "6MB", "--embedded", "ozone", "--instrument",
        "write,ozone,datanode", "--run-dir", runs.toString(), "--no-report");
    List<String> args = new ArrayList<>(run);
    args.addAll(List.of("-nrFiles", "1", "--next"));
    args.addAll(run);
    args.addAll(List.of("-nrFiles", "2"));
    ChildJvm jvm = ChildJvm.start(dir, List.of("-Xmx1500m", "-Djdk.attach.allowAttachSelf=true",
        "-D" + Attach.AGENT_JAR_PROPERTY + "=" + ChildJvm.agentJar()), List.of(ChildJvm.agentJar()),
        io.harness.testkit.HarnessRuns.class, args);
    assertEquals(0, jvm.waitFor(2 * TIMEOUT_S), jvm.stderr());
    Reports.assertNoRuleErrors(jvm.stderr());
    List<Path> results;
    try (var found = java.nio.file.Files.find(runs, 2, (p, a) -> p.getFileName().toString().equals("result.json"))) {
      results = found.sorted().toList();
    }
    assertEquals(2, results.size(), results.toString());
    for (int files = 1; files <= 2; files++) {
      JsonNode figures = new ObjectMapper().readTree(results.get(files - 1).toFile());
      JsonNode dn = null;
      JsonNode ofs = null;
      for (JsonNode e : figures.get("instrumentation")) {
        if ("datanode".equals(e.path("scope").asText())) {
          dn = e.get("counters");
        } else if ("ofs".equals(e.path("scheme").asText()) && e.get("counters").get("write.call").asLong() > 0) {
          ofs = e.get("counters");
        }
      }
      assertTrue(dn != null && ofs != null, figures.toString());
      assertEquals(files * 2 * 2 * REPLICAS, dn.get("dn.dispatch.WriteChunk.call").asLong(), dn.toString());
      assertEquals(files * REPLICAS, dn.get("dn.dispatch.PutBlock.call").asLong(), dn.toString());
      assertEquals(files * 2 * REPLICAS, dn.get("dn.write.call").asLong(), dn.toString());
      for (String op : List.of("dn.write", "dn.dispatch.WriteChunk", "dn.watch")) {
        assertDistribution(dn, op);
      }
      assertDistribution(ofs, "watchForCommit");
      assertDistribution(ofs, "write");
      System.out.printf("dfsio %d file(s): client watchForCommit %d calls p50 %.3f p99 %.3f ms; dn.watch %d calls "
              + "p50 %.3f p99 %.3f ms; WriteChunk %d%n", files, ofs.get("watchForCommit.call").asLong(),
          ms(ofs, "watchForCommit.p50"), ms(ofs, "watchForCommit.p99"), dn.get("dn.watch.call").asLong(),
          ms(dn, "dn.watch.p50"), ms(dn, "dn.watch.p99"), dn.get("dn.dispatch.WriteChunk.call").asLong());
    }
  }

  private static double ms(JsonNode c, String key) {
    return c.get(key + "Nanos").asLong() / 1e6;
  }

  /** p50 <= p99 <= max, max > 0 and at most the total time. */
  private static void assertDistribution(JsonNode c, String op) {
    long p50 = c.get(op + ".p50Nanos").asLong();
    long p99 = c.get(op + ".p99Nanos").asLong();
    long max = c.get(op + ".maxNanos").asLong();
    assertTrue(0 < p50 && p50 <= p99 && p99 <= max && max <= c.get(op + ".allTimeNanos").asLong(), op + ": " + c);
  }

  private static JsonNode line(String stdout, String prefix) throws Exception {
    for (String l : stdout.split("\n")) {
      if (l.startsWith(prefix)) {
        return new ObjectMapper().readTree(l.substring(prefix.length()));
      }
    }
    throw new AssertionError("no " + prefix + "line:\n" + stdout);
  }
}
