package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.spark.embedded.ClusterClassPath;
import io.harness.spark.embedded.ClusterProcess;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
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

  @Test
  void generateAndCountThroughSparkSubmit() throws Exception {
    String dir = cluster.fileSystemUri() + cluster.rootPrefix().substring(1) + "/submit/gen";
    String gen = submit("generate", dir, "--records", "400", "--iteration", "2", "--record-size", "2KB", "--verify");
    assertTrue(gen.contains("spark generate: 800 rows, 1638400 payload bytes"), gen);
    assertTrue(gen.contains("spark count --verify: OK"), gen);
    String count = submit("count", dir);
    assertTrue(count.contains("spark count: 800 rows in " + dir), count);
  }
}
