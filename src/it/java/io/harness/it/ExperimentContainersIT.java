package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.containers.Docker;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import io.harness.testkit.TestJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped TeraGen study ({@code experiments/teragen-layouts.yaml}, its targets and its teragen line unchanged) on
 * the published topology as real processes: {@code bin/harness experiment --processes containers --yarn 3} runs each
 * target as a cluster in containers (a namenode or SCM + OM, 3 datanodes) with a YARN beside it (ResourceManager,
 * JobHistoryServer, 3 NodeManagers), so teragen, whose engine is MapReduce when the configuration names YARN, is a
 * YARN job there, and teravalidate reads its rows back. One of the file's three targets runs ({@code --only
 * ozone-chunk}: Ozone with the target's own server setting, the FILE_PER_CHUNK layout, and the MapReduce staging
 * directory in its bucket), one repeat, 20,000 rows; HDFS with YARN in containers is YarnContainersIT's (one cluster
 * start less here, for CI's time). The same cluster serves the other workloads that run as YARN jobs, added to the
 * study here: dfsio write then read with every byte verified, freon dfsg and namespace on 3 clients, none given
 * {@code --engine} (the configuration's YARN makes it MapReduce). Checked per run: the MapReduce engine on YARN, every
 * teragen map under one of that target's NodeManagers (its records' {@code NM_HOST:NM_PORT}, against the
 * NodeManagers the cluster's client configuration lists), the rows, bytes and checksum against Hadoop's own generator
 * (teragen's and teravalidate's), the chunk layout given to the Ozone servers and the one its datanodes report they
 * run (Ozone 2.2 falls back to FILE_PER_BLOCK); dfsio's bytes and verified read, dfsg's files and namespace's calls,
 * each from 3 clients none of which was late (the start barrier on Ozone); and the table.
 */
class ExperimentContainersIT {
  private static final Path STUDY = Path.of("..", "experiments", "teragen-layouts.yaml").toAbsolutePath().normalize();
  private static final long ROWS = 20_000;
  private static final String NODE_MANAGERS = "harness.containers.yarn.nodemanagers";

  @Test
  void teragenLayoutsRunAsYarnJobsOnClustersInContainers(@TempDir Path dir) throws Exception {
    Docker.requireOrSkip();
    Path out = dir.resolve("out");
    Path study = withYarnWorkloads(dir.resolve("study.yaml"));
    // the servers in the containers start on the client compiler, as the test JVMs (the maps keep the default)
    // Testcontainers' settings emptied: bin/harness's own defaults (no reaper, no checks: no registry) must do
    Run r = Cli.process(dir, 1500, Map.of("HARNESS_OPTS", TestJvm.QUICK + " -Dharness.containers.serverOptions="
        + TestJvm.QUICK, "TESTCONTAINERS_RYUK_DISABLED", "", "TESTCONTAINERS_CHECKS_DISABLE", ""), "experiment", study.toString(), "-o", out.toString(), "--processes", "containers",
        "--yarn", "3", "--only", "ozone-chunk", "--repeat", "1", "--set", "rows=" + ROWS);
    System.out.printf("EXPERIMENT CONTAINERS | exit %d | %.1f s%n", r.code(), r.seconds());
    assertExit(r, 0);
    assertTrue(r.out().contains("containers ozone, 3 datanode(s) + YARN, 3 NodeManager(s)"), r.out());

    JsonNode runs = new ObjectMapper().readTree(out.resolve("experiment.json").toFile()).path("runs");
    String checksum = hadoopChecksum(ROWS);
    Set<String> targets = new HashSet<>();
    Map<String, JsonNode> others = new java.util.TreeMap<>();
    int validated = 0;
    for (JsonNode run : runs) {
      assertEquals(0, run.path("exitCode").asInt(), run.toString());
      String target = run.path("target").asText();
      targets.add(target);
      Path folder = out.resolve(run.path("dir").asText());
      JsonNode result = Runs.result(folder);
      if (result.path("workload").asText().equals("teravalidate")) {
        assertEquals(ROWS, result.at("/figures/rows").asLong(), result.path("figures").toString());
        assertEquals(checksum, result.at("/figures/checksum").asText(), "teravalidate's checksum, Hadoop's");
        validated++;
        continue;
      }
      if (!result.path("workload").asText().equals("teragen")) {
        others.put(run.path("workload").asText() + "/" + run.path("step").asText(), result);
        continue;
      }
      String description = result.path("targetDescription").asText();
      assertTrue(description.startsWith("Ozone in containers") && description.contains("3 NodeManagers"),
          description);
      JsonNode f = result.path("figures");
      assertEquals("mapreduce", f.path("engine").asText(), f.toString());
      assertEquals(ROWS, f.path("rows").asLong());
      assertEquals(ROWS * 100, result.at("/aggregate/bytes").asLong());
      assertEquals(checksum, f.path("checksum").asText(), "the rows' checksum, Hadoop's generator's");

      Set<Integer> nodeManagers = nodeManagerPorts(out.resolve("targets").resolve(target + "-site.xml"));
      assertEquals(3, nodeManagers.size(), nodeManagers.toString());
      List<JsonNode> maps = records(folder);
      assertEquals(2, maps.size(), "the study's -m 2");
      long bytes = 0;
      for (JsonNode m : maps) {
        String node = m.at("/extra/node").asText();
        assertTrue(node.contains(":") && nodeManagers.contains(Integer.parseInt(node.substring(node.lastIndexOf(':')
            + 1))), "map " + m.path("name") + " ran under " + node + ", not a NodeManager of " + target + " ("
            + nodeManagers + ")");
        bytes += m.path("bytes").asLong();
      }
      assertEquals(ROWS * 100, bytes);
      if (target.equals("ozone-chunk")) {
        // the target's conf: went to the servers (the same settings are laid over the client's configuration, saved
        // here); Ozone 2.2's datanodes refuse FILE_PER_CHUNK ("FILE_PER_CHUNK layout is not supported. Falling back
        // to default"), and the run's context reads what they run from a datanode's own /conf
        String site = Files.readString(out.resolve("targets").resolve(target + "-site.xml"));
        assertTrue(site.matches("(?s).*<name>ozone\\.scm\\.(chunk|container)\\.layout</name>"
            + "<value>FILE_PER_CHUNK</value>.*"), "the target's chunk layout in its configuration");
        assertEquals("FILE_PER_BLOCK", result.at("/cluster/ozone/chunkLayout").asText(), result.at("/cluster")
            .toString());
      } else {
        assertEquals("HDFS", result.at("/cluster/system").asText(), result.at("/cluster").toString());
      }
    }
    assertEquals(Set.of("ozone-chunk"), targets);
    assertEquals(1, validated, "teravalidate's run");
    assertYarnWorkloads(others);
    // each run's own output (the experiment keeps it in logs/) names the engine it ran on
    try (java.util.stream.Stream<Path> logs = Files.list(out.resolve("logs"))) {
      List<Path> all = logs.toList();
      assertEquals(6, all.size(), all.toString());
      for (Path log : all.stream().filter(l -> !l.getFileName().toString().contains("teravalidate")).toList()) {
        assertTrue(Files.readString(log).contains("MapReduce engine (yarn)"), log + ":\n" + Files.readString(log));
      }
    }
    List<String> table = Files.readAllLines(out.resolve("table.csv"), StandardCharsets.UTF_8);
    assertEquals(1 + 2 + 1 + 2 + 2 + 2 + 1, table.size(), "teragen's, dfsio write's and read's and dfsg's seconds "
        + "and mb_per_sec or items_per_sec, teravalidate's and namespace's seconds, on 1 target: " + table);
  }

  private static final int FILES = 3;
  private static final long FILE_SIZE = 4L << 20;
  private static final int DFSG_FILES = 30;

  /**
   * A machine whose {@code docker} command cannot reach the engine (here: {@code DOCKER_HOST} names a port nobody
   * listens on; Testcontainers may still find the engine at its socket, but the images are built with the command):
   * bad input before anything starts, one line naming the target and why, no stack trace, no folder made.
   */
  @Test
  void aDockerThatCannotBeReachedIsBadInputNamingTheTarget(@TempDir Path dir) throws Exception {
    Path study = dir.resolve("study.yaml");
    Files.writeString(study, String.join("\n", "name: nodocker", "targets:", "  hdfs:", "    containers: hdfs",
        "    datanodes: 1", "workloads:", "  - name: w", "    run: dfsio -write -nrFiles 1 -fileSize 1MB --root ${root}/d",
        ""));
    Path out = dir.resolve("out");
    Run r = Cli.process(dir, 300, Map.of("DOCKER_HOST", "tcp://127.0.0.1:1"), "experiment", study.toString(), "-o",
        out.toString());
    io.harness.testkit.RunAssertions.assertUsageError(r, "targets.hdfs: ");
    assertTrue(r.err().contains("Docker engine"), r.err());
    assertTrue(!Files.exists(out), "the experiment's folder was made");
  }

  /** The study as shipped, with the workloads other than teragen that run as YARN jobs after its teragen. */
  private static Path withYarnWorkloads(Path to) throws Exception {
    ObjectMapper yaml = new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
    com.fasterxml.jackson.databind.node.ObjectNode study = (com.fasterxml.jackson.databind.node.ObjectNode) yaml
        .readTree(STUDY.toFile());
    com.fasterxml.jackson.databind.node.ArrayNode workloads = (com.fasterxml.jackson.databind.node.ArrayNode) study
        .path("workloads");
    assertEquals(1, workloads.size(), "the study's one workload, teragen: " + workloads);
    // teragen's rows read back on Ozone (teravalidate runs in the client, YARN or not)
    workloads.addObject().put("name", "teravalidate").put("run", "teravalidate ${root}/teragen-${rows}-${repeat} "
        + "--checksum-only --expect-rows ${rows}").putArray("figures").add("seconds");
    String dfsio = " -nrFiles " + FILES + " -fileSize 4MB --root ${root}/dfsio-${repeat}";
    workloads.addObject().put("name", "dfsio").putArray("steps")
        .add(yaml.createObjectNode().put("name", "write").put("run", "dfsio -write" + dfsio))
        .add(yaml.createObjectNode().put("name", "read").put("run", "dfsio -read --verify" + dfsio));
    workloads.addObject().put("name", "dfsg").put("run", "freon dfsg --clients 3 -t 2 -n " + DFSG_FILES
        + " -s 256KB --path ${root}/dfsg-${repeat}").putArray("figures").add("seconds").add("items_per_sec");
    workloads.addObject().put("name", "namespace").put("run", "namespace --phases create,stat,list,rename,delete "
        + "-n 60 --clients 3 -t 2 --path ${root}/ns-${repeat}").putArray("figures").add("seconds");
    yaml.writeValue(to.toFile(), study);
    return to;
  }

  /** dfsio's, dfsg's and namespace's runs by workload/step: YARN jobs of every byte, file and call, none late. */
  private static void assertYarnWorkloads(Map<String, JsonNode> runs) {
    assertEquals(4, runs.size(), "dfsio write and read, dfsg, namespace: " + runs.keySet());
    for (JsonNode r : runs.values()) {
      String what = r.path("workload").asText() + " " + r.path("operation").asText();
      assertEquals(0, r.path("exitCode").asInt(), what);
      if (r.path("workload").asText().equals("dfsio")) {
        assertEquals(FILES, r.path("tasks").size(), what);
        assertEquals(FILES * FILE_SIZE, r.at("/aggregate/bytes").asLong(), what);
        assertEquals(0, r.at("/aggregate/failedTasks").asInt(), what);
        if (r.path("operation").asText().equals("read")) {
          assertTrue(r.at("/plan/verify").asBoolean(), what + " verified every byte: " + r.path("plan"));
        }
      } else {
        assertEquals(3, r.at("/clients/count").asInt(), what + ": " + r.path("clients"));
        assertEquals(0, r.at("/clients/late").asInt(), what + ": " + r.path("clients"));
        if (r.path("workload").asText().equals("namespace")) {
          for (JsonNode p : r.at("/figures/phases")) {
            assertEquals(60, p.path("items").asLong(), p.toString());
            assertEquals(0, p.path("failed").asLong(), p.toString());
          }
          assertEquals(5, r.at("/figures/phases").size(), r.at("/figures").toString());
        } else {
          assertEquals(DFSG_FILES, r.at("/figures/files").asLong(), what);
          assertEquals(DFSG_FILES, r.at("/aggregate/latency/file/count").asLong(), what);
        }
      }
    }
  }

  /** The NodeManagers' RPC ports the target's client configuration lists (the experiment saved it). */
  private static Set<Integer> nodeManagerPorts(Path site) {
    Configuration c = new Configuration(false);
    c.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
    Set<Integer> ports = new HashSet<>();
    for (String a : c.getTrimmedStrings(NODE_MANAGERS)) {
      ports.add(Integer.parseInt(a.substring(a.lastIndexOf(':') + 1)));
    }
    return ports;
  }

  /** The task lines of a run's records file (its first line is the run's own). */
  private static List<JsonNode> records(Path folder) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> tasks = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(
        folder.resolve("records.jsonl.gz"))), StandardCharsets.UTF_8))) {
      in.readLine();
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        tasks.add(json.readTree(line));
      }
    }
    return tasks;
  }

  /**
   * TeraGen's checksum of rows 0 to {@code rows - 1} (the sum of each row's CRC32, in hex as TeraValidate prints
   * it), each row made by Hadoop's own generator (hadoop-mapreduce-examples' package-private classes).
   */
  static String hadoopChecksum(long rows) throws Exception {
    String pkg = "org.apache.hadoop.examples.terasort.";
    Class<?> u16 = Class.forName(pkg + "Unsigned16");
    Constructor<?> of = u16.getDeclaredConstructor(long.class);
    Method skipAhead = Class.forName(pkg + "Random16").getDeclaredMethod("skipAhead", u16);
    Method nextRand = Class.forName(pkg + "Random16").getDeclaredMethod("nextRand", u16);
    Method generate = Class.forName(pkg + "GenSort").getDeclaredMethod("generateRecord", byte[].class, u16, u16);
    for (java.lang.reflect.AccessibleObject o : List.of(of, skipAhead, nextRand, generate)) {
      o.setAccessible(true);
    }
    Object rand = skipAhead.invoke(null, of.newInstance(0L));
    byte[] row = new byte[100];
    long sum = 0;
    for (long id = 0; id < rows; id++) {
      nextRand.invoke(null, rand);
      generate.invoke(null, row, rand, of.newInstance(id));
      CRC32 crc = new CRC32();
      crc.update(row);
      sum += crc.getValue();
    }
    return Long.toHexString(sum);
  }
}
