package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.result.ResultWriter;
import io.harness.spark.embedded.ClusterClassPath;
import io.harness.spark.embedded.ClusterProcess;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job jar as the README tells to run it on a cluster: Spark's own spark-submit
 * ({@code org.apache.spark.deploy.SparkSubmit}, in a JVM whose class path is Spark's jars only, no harness
 * class), the Ozone client given with {@code --jars ozone-filesystem-hadoop3-2.2.0.jar}, writing to and
 * counting on a MiniOzoneCluster through {@code ofs://}.
 */
class SparkSubmitIT {
  @TempDir
  static Path tmp;

  static ClusterProcess cluster;
  static Path clientXml;

  @BeforeAll
  static void startCluster() throws IOException {
    cluster = ClusterProcess.start("ozone", 1, ClusterClassPath.of(System.getenv()), Map.of(), System.out);
    clientXml = tmp.resolve("client.xml");
    try (OutputStream o = Files.newOutputStream(clientXml)) {
      cluster.configuration().writeXml(o);
    }
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static boolean harnessOrOzone(String entry) {
    String n = Path.of(entry).getFileName().toString();
    return entry.contains(File.separator + "harness-spark" + File.separator + "target") || n.startsWith("harness-")
        || n.startsWith("picocli-") || n.startsWith("HdrHistogram-") || n.startsWith("ozone-filesystem-hadoop3");
  }

  private static String ozoneJar() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> Path.of(e).getFileName().toString().startsWith("ozone-filesystem-hadoop3")).findFirst()
        .orElseThrow();
  }

  private String submit(String... harnessArgs) throws Exception {
    List<String> sparkOnly = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!harnessOrOzone(e)) {
        sparkOnly.add(e);
      }
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx1g");
    cmd.add(io.harness.testkit.TestJvm.QUICK);
    cmd.addAll(Arrays.asList(System.getProperty("harness.spark.addOpens").trim().split("\\s+")));
    cmd.add("-Dlog4j2.configurationFile=" + Path.of("target", "test-classes", "log4j2-test.properties").toAbsolutePath());
    cmd.add("-cp");
    cmd.add(String.join(File.pathSeparator, sparkOnly));
    cmd.add("org.apache.spark.deploy.SparkSubmit");
    cmd.addAll(List.of("--class", "io.harness.spark.SparkMain", "--master", "local[2]",
        "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.driver.bindAddress=127.0.0.1",
        "--conf", "spark.ui.enabled=false", "--jars", ozoneJar(), System.getProperty("harness.spark.jobjar")));
    cmd.addAll(Arrays.asList(harnessArgs));
    cmd.addAll(List.of("-conf", clientXml.toString(), "--run-dir", tmp.resolve("runs").toString()));
    Path out = tmp.resolve("submit.out");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    boolean done = p.waitFor(300, TimeUnit.SECONDS);
    String text = Files.readString(out, StandardCharsets.UTF_8);
    System.out.println("$ spark-submit ... " + String.join(" ", harnessArgs) + "\n" + text);
    if (!done) {
      p.destroyForcibly();
    }
    assertTrue(done, "spark-submit did not end");
    assertEquals(0, p.exitValue(), text);
    return text;
  }

  @Test
  void jobJarHoldsTheHarnessAndNotSpark() throws IOException {
    try (ZipFile z = new ZipFile(System.getProperty("harness.spark.jobjar"))) {
      assertTrue(z.getEntry("io/harness/spark/SparkMain.class") != null);
      assertTrue(z.getEntry("io/harness/core/cli/Harness.class") != null);
      assertTrue(z.getEntry("io/harness/shaded/picocli/CommandLine.class") != null);
      assertTrue(z.getEntry("org/apache/spark/sql/SparkSession.class") == null);
      assertTrue(z.getEntry("org/apache/hadoop/fs/FileSystem.class") == null);
    }
  }

  /** The result.json of the newest run of {@code operation} under the runs folder. */
  private static JsonNode lastResult(String operation) throws IOException {
    try (Stream<Path> s = Files.list(tmp.resolve("runs"))) {
      Path dir = s.filter(p -> p.getFileName().toString().endsWith("-spark-" + operation)).sorted()
          .reduce((a, b) -> b).orElseThrow();
      return ResultWriter.mapper().readTree(dir.resolve("result.json").toFile());
    }
  }

  /** The Parquet files under {@code uri}: their count and bytes, as the file system lists them. */
  private static long[] parquet(String uri) throws IOException {
    try (FileSystem fs = FileSystem.newInstance(URI.create(uri), cluster.configuration())) {
      long files = 0;
      long bytes = 0;
      for (FileStatus st : fs.listStatus(new org.apache.hadoop.fs.Path(uri))) {
        String n = st.getPath().getName();
        if (st.isFile() && n.startsWith("part-") && n.endsWith(".parquet")) {
          files++;
          bytes += st.getLen();
        }
      }
      return new long[] {files, bytes};
    }
  }

  @Test
  void generateAndCountThroughSparkSubmit() throws Exception {
    String dir = cluster.fileSystemUri() + cluster.rootPrefix().substring(1) + "/submit/gen";
    submit("generate", dir, "--records", "400", "--iteration", "2", "--record-size", "2KB", "--verify");
    // 2 iterations of 400 records of 2 KB payloads
    long rows = 2 * 400;
    long payload = 2048;
    long[] onOzone = parquet(dir);
    JsonNode gen = lastResult("generate");
    assertEquals(0, gen.get("exitCode").asInt(), gen.toString());
    assertEquals(rows, gen.at("/figures/rows").asLong());
    assertEquals(rows * payload, gen.at("/figures/payloadBytes").asLong());
    assertEquals(2, gen.at("/figures/batches").size(), "one batch per iteration");
    assertEquals(onOzone[0], gen.at("/figures/files").asLong(), "the Parquet files on the cluster");
    assertEquals(onOzone[1], gen.at("/figures/bytesWritten").asLong(), "their bytes on the cluster");
    assertTrue(onOzone[1] > rows * payload, "Parquet holds at least the payloads: " + onOzone[1]);
    // --verify's scan: every row, each id once, every payload of 2 KB and the generator's
    JsonNode verify = gen.at("/figures/verify");
    assertEquals(rows, verify.get("rows").asLong(), verify.toString());
    assertEquals(rows, verify.get("distinctIds").asLong(), verify.toString());
    assertEquals(rows - 1, verify.get("maxId").asLong() - verify.get("minId").asLong(), verify.toString());
    assertEquals(payload, verify.get("minPayloadBytes").asLong(), verify.toString());
    assertEquals(payload, verify.get("maxPayloadBytes").asLong(), verify.toString());
    assertEquals(0, verify.get("badPayloads").asLong(), verify.toString());

    submit("count", dir);
    JsonNode count = lastResult("count");
    assertEquals(0, count.get("exitCode").asInt(), count.toString());
    assertEquals(rows, count.at("/figures/rows").asLong());
    assertEquals(onOzone[0], count.at("/figures/files").asLong());
    assertEquals(onOzone[1], count.at("/figures/bytesRead").asLong(), "count read the Parquet files' bytes");
  }
}
