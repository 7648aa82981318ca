package io.harness.it;

import static io.harness.testkit.RunAssertions.assertExit;
import static io.harness.testkit.RunAssertions.assertUsageError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped artifacts, run as a user runs them: {@code bin/harness} of the assembled
 * distribution as a real process, and the job jar {@code harness.jar} as {@code hadoop jar} sees it.
 *
 * <p>System properties (set by dist's failsafe configuration): {@code harness.home} (the assembled
 * directory), {@code harness.jobjar} (the job jar), {@code harness.version}.
 */
class DistributionIT {
  private static final long TIMEOUT_SECONDS = 120;
  /** A subcommand line of picocli's usage: two spaces, the name, then its description. */
  private static final Pattern DFSIO_COMMAND = Pattern.compile("(?m)^\\s+dfsio\\s+\\S");

  private static Path home;
  private static Path script;
  private static Path jobJar;

  @BeforeAll
  static void locateArtifacts() {
    home = Paths.get(required("harness.home"));
    script = home.resolve("bin/harness");
    jobJar = Paths.get(required("harness.jobjar"));
    assertTrue(Files.isDirectory(home), "no assembled distribution at " + home);
    assertTrue(Files.isExecutable(script), "bin/harness missing or not executable: " + script);
    assertTrue(Files.isRegularFile(jobJar), "no job jar at " + jobJar);
  }

  @Test
  void helpListsTheCommands() throws Exception {
    Run r = run(harness("--help"));
    assertExit(r, 0);
    assertTrue(r.out().startsWith("Usage: harness"), r::toString);
    assertTrue(DFSIO_COMMAND.matcher(r.out()).find(), () -> "dfsio is not listed\n" + r);
    for (String command : Arrays.asList("teragen", "teravalidate", "freon")) {
      assertTrue(Pattern.compile("(?m)^\\s+" + command + "\\s+\\S").matcher(r.out()).find(),
          () -> command + " is not listed\n" + r);
    }
    assertEquals("", r.err().strip(), () -> "--help wrote to stderr (logging not quiet?)\n" + r);
    // with Ozone's server jars in lib/, freon offers the offline generators too
    Run freon = run(harness("freon", "--help"));
    assertExit(freon, 0);
    for (String command : Arrays.asList("dfsg", "cgscm", "cgom", "cgdn")) {
      assertTrue(Pattern.compile("(?m)^\\s+" + command + "[,\\s]").matcher(freon.out()).find(),
          () -> "freon " + command + " is not listed\n" + freon);
    }
  }

  @Test
  void versionNamesTheHarnessAndItsStack() throws Exception {
    Run r = run(harness("--version"));
    assertExit(r, 0);
    String version = System.getProperty("harness.version", "");
    assertTrue(r.out().startsWith("harness " + version), r::toString);
    assertTrue(r.out().contains("Hadoop "), r::toString);
    assertTrue(r.out().contains("Java "), r::toString);
  }

  @Test
  void unknownCommandExitsTwoWithOneLine() throws Exception {
    Run r = run(harness("nosuchcommand"));
    assertUsageError(r, "nosuchcommand");
    assertEquals("", r.out().strip(), r::toString);
  }

  @Test
  void runsThroughASymlink(@TempDir Path dir) throws Exception {
    Path link = dir.resolve("harness");
    Files.createSymbolicLink(link, script);
    List<String> cmd = harness("--version");
    cmd.set(0, link.toString());
    Run r = run(cmd);
    assertExit(r, 0);
    assertTrue(r.out().startsWith("harness "), r::toString);
  }

  @Test
  void distributionHoldsConfAndLibs() throws IOException {
    assertTrue(Files.isRegularFile(home.resolve("conf/log4j.properties")));
    List<String> libs = libJars().stream().map(p -> p.getFileName().toString())
        .collect(Collectors.toList());
    for (String module : Arrays.asList("harness-core-", "harness-dfsio-", "harness-freon-", "harness-teragen-")) {
      assertTrue(libs.stream().anyMatch(n -> n.startsWith(module)), module + " not in lib/: " + libs);
    }
    assertTrue(libs.stream().anyMatch(n -> n.startsWith("hadoop-common-")), "hadoop-common not in lib/");
    // the tests' kit is a test dependency: not shipped
    assertFalse(libs.stream().anyMatch(n -> n.startsWith("harness-testkit")), "harness-testkit in lib/: " + libs);
    // Ratis (every Ozone server) needs Dropwizard Metrics 3.x; 4.x breaks the embedded Ozone cluster.
    List<String> metrics = libs.stream().filter(n -> n.startsWith("metrics-core-"))
        .collect(Collectors.toList());
    assertEquals(1, metrics.size(), "metrics-core in lib/: " + metrics);
    assertTrue(metrics.get(0).startsWith("metrics-core-3."), "lib/ needs metrics-core 3.x: " + metrics);
    // one SLF4J binding, or every start prints "multiple SLF4J bindings" on stderr
    assertEquals(1, libs.stream().filter(n -> n.startsWith("slf4j-reload4j-")
        || n.startsWith("log4j-slf4j") || n.startsWith("slf4j-log4j12-") || n.startsWith("logback-classic-")
        || n.startsWith("slf4j-simple-") || n.startsWith("slf4j-jdk14-") || n.startsWith("slf4j-nop-")).count(),
        "SLF4J bindings in lib/: " + libs);
  }

  @Test
  void tarballHoldsTheSameTree() throws Exception {
    Path tarball = home.resolveSibling(home.getFileName() + "-bin.tar.gz");
    assertTrue(Files.isRegularFile(tarball), "no tarball at " + tarball);
    Run r = run(Arrays.asList("tar", "-tzvf", tarball.toString()));
    assertExit(r, 0);
    String base = home.getFileName().toString();
    assertTrue(Pattern.compile("(?m)^-rwxr-xr-x .* " + Pattern.quote(base + "/bin/harness") + "$")
        .matcher(r.out()).find(), "bin/harness not executable in the tarball");
    assertTrue(r.out().contains(base + "/conf/log4j.properties"));
    assertTrue(r.out().contains(base + "/lib/harness-core-"));
    long jars = r.out().lines().filter(l -> l.contains(base + "/lib/") && !l.contains(base + "/lib/spark/")
        && l.endsWith(".jar")).count();
    assertEquals(libJars().size(), jars, "tarball and directory hold different lib/ jars");
  }

  @Test
  void jobJarHoldsOnlyTheHarnessAndRelocatedLibraries() throws IOException {
    try (JarFile jar = new JarFile(jobJar.toFile())) {
      assertNotNull(jar.getEntry("io/harness/core/cli/Harness.class"));
      assertNotNull(jar.getManifest(), "no manifest");
      assertEquals("io.harness.core.cli.Harness",
          jar.getManifest().getMainAttributes().getValue(Attributes.Name.MAIN_CLASS));
      List<String> names = jar.stream().map(JarEntry::getName).collect(Collectors.toList());
      assertEquals(List.of(), names.stream()
          .filter(n -> n.startsWith("org/apache/hadoop/") || n.startsWith("org/apache/ozone/")
              || n.startsWith("org/apache/ratis/"))
          .limit(5).collect(Collectors.toList()), "Hadoop / Ozone classes in the job jar");
      assertFalse(names.stream().anyMatch(n -> n.startsWith("io/harness/testkit/")), "the tests' kit in the job jar");
      for (String top : Arrays.asList("picocli/", "org/HdrHistogram/", "com/codahale/metrics/")) {
        assertFalse(names.stream().anyMatch(n -> n.startsWith(top)), top + " is not relocated");
      }
      assertNotNull(jar.getEntry("io/harness/shaded/picocli/CommandLine.class"));
      assertNotNull(jar.getEntry("META-INF/services/io.harness.core.cli.HarnessSubcommand"));
      assertTrue(names.stream().anyMatch(n -> n.startsWith("META-INF/resources/webjars/chart.js/")
          && n.endsWith("/dist/chart.umd.js")), "the HTML report's Chart.js");
    }
  }

  /**
   * The job jar on a class path like {@code hadoop jar}'s on a plain Hadoop cluster: Hadoop's client jars
   * only ({@link HadoopClient#classPath()}).
   */
  @Test
  void jobJarRunsOnAHadoopClassPath() throws Exception {
    List<String> cp = new ArrayList<>();
    cp.add(jobJar.toString());
    cp.addAll(HadoopClient.classPath());
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    List<String> cmd = new ArrayList<>(Arrays.asList(java.toString(), "-Xmx256m", io.harness.testkit.TestJvm.QUICK,
        "-Dlog4j.configuration=file:" + home.resolve("conf/log4j.properties"),
        "-cp", String.join(":", cp), "io.harness.core.cli.Harness", "--help"));
    Run r = run(cmd);
    assertExit(r, 0);
    assertTrue(r.out().startsWith("Usage: harness"), r::toString);
    assertTrue(DFSIO_COMMAND.matcher(r.out()).find(), () -> "dfsio is not listed\n" + r);

    cmd.add(cmd.size() - 1, "dfsio");
    Run sub = run(cmd);
    assertExit(sub, 0);
    assertTrue(sub.out().startsWith("Usage: harness dfsio"), sub::toString);

    // freon offers dfsg there; the offline generators need Ozone's server jars: listed, as stand-ins that say so
    // (JobJarLocalIT runs every command of the job jar)
    cmd.set(cmd.size() - 2, "freon");
    Run freon = run(cmd);
    assertExit(freon, 0);
    assertTrue(Pattern.compile("(?m)^\\s+dfsg[,\\s]").matcher(freon.out()).find()
        && Pattern.compile("(?m)^\\s+cgdn\\s").matcher(freon.out()).find(), freon::toString);
  }

  // ---------------------------------------------------------------------------------------------

  private static String required(String property) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      fail("system property " + property + " is not set (run through dist's failsafe)");
    }
    return value;
  }

  private static List<Path> libJars() throws IOException {
    try (Stream<Path> s = Files.list(home.resolve("lib"))) {
      return s.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
    }
  }

  /**
   * harness spark from the shipped script: Spark on lib/spark, the embedded HDFS cluster in a JVM of its
   * own on lib/; the generated rows are counted and every payload verified. With --instrument and
   * --profile: the agent (lib/harness-instrumentation.jar) and async-profiler are on Spark's class path, the
   * executors' writes are timed, and the flame graph lies beside the JSON.
   */
  @Test
  void sparkGeneratesAndCountsOnEmbeddedHdfs(@TempDir Path dir) throws Exception {
    assertTrue(Files.isDirectory(home.resolve("lib/spark")), "no lib/spark");
    List<String> cmd = harness("spark", "generate", dir.resolve("data").toString(), "--records", "100",
        "--iteration", "2", "--record-size", "4KB", "--embedded", "hdfs:1", "--verify", "--run-dir",
        dir.resolve("runs").toString(), "--instrument", "--profile", "wall");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    pb.environment().remove("HARNESS_OPTS");
    io.harness.testkit.TestJvm.quick(pb.environment());
    Path out = dir.resolve("spark.out");
    pb.redirectErrorStream(true).redirectOutput(out.toFile());
    Process p = pb.start();
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("harness spark generate still running after 600 s: " + read(out));
    }
    String text = read(out);
    assertEquals(0, p.exitValue(), text);
    assertTrue(text.contains("spark generate: 200 rows, 819200 payload bytes"), text);
    assertTrue(text.contains("--verify: OK"), text);
    assertTrue(text.contains("harness-instrumentation: timing write,ozone in this JVM"), text);
    Path runDir;
    try (Stream<Path> runs = Files.list(dir.resolve("runs"))) {
      runDir = runs.filter(d -> d.getFileName().toString().endsWith("-spark-generate")).findFirst().orElseThrow();
    }
    JsonNode j = Runs.latestResult(dir.resolve("runs"));
    long writes = 0;
    long closes = 0;
    for (JsonNode fs : j.get("instrumentation")) {
      if ("hdfs".equals(fs.get("scheme").asText())) {
        writes += fs.get("counters").path("write.call").asLong();
        closes += fs.get("counters").path("close.call").asLong();
      }
    }
    assertTrue(writes > 0, j.get("instrumentation").toString());
    assertTrue(closes >= 3, "two batches of Parquet files and a _SUCCESS each: " + j.get("figures"));
    assertEquals("flamegraph-wall.html", j.get("profile").get("flameGraph").asText());
    assertTrue(Files.size(runDir.resolve("flamegraph-wall.html")) > 0, "flame graph");
  }

  /**
   * The launcher's class path lists main jars before test jars, so a resource that a test jar also
   * carries resolves to the main jar's copy: Ozone's generated defaults (hdds-common-default.xml,
   * with the 60 s Ratis client request timeout) must come from hdds-common, not hdds-common-tests.
   */
  @Test
  void classPathPutsMainJarsBeforeTestJars() throws Exception {
    Run r = run(harness("classpath"));
    assertExit(r, 0);
    List<String> entries = Arrays.asList(r.out().strip().split(":"));
    assertEquals(libJars().size(), entries.size(), r::toString);
    int lastMain = -1;
    int firstTest = Integer.MAX_VALUE;
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).endsWith("-tests.jar")) {
        firstTest = Math.min(firstTest, i);
      } else {
        lastMain = i;
      }
    }
    assertTrue(lastMain < firstTest, "a main jar after a test jar: " + entries);
    java.net.URL[] urls = new java.net.URL[entries.size()];
    for (int i = 0; i < urls.length; i++) {
      urls[i] = Paths.get(entries.get(i)).toUri().toURL();
    }
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(urls, null)) {
      java.net.URL defaults = loader.getResource("hdds-common-default.xml");
      assertNotNull(defaults);
      assertTrue(defaults.toString().contains("/hdds-common-2.2.0.jar!"), defaults.toString());
      String xml = new String(defaults.openStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(xml.contains("hdds.ratis.raft.client.rpc.request.timeout"), defaults.toString());
    }
  }

  private static List<String> harness(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(script.toString());
    Collections.addAll(cmd, args);
    return cmd;
  }

  private static Run run(List<String> cmd) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("HARNESS_HEAPSIZE", "512m"); // the machine is shared; --help is small
    pb.environment().remove("HARNESS_OPTS");
    io.harness.testkit.TestJvm.quick(pb.environment());
    return Cli.exec(pb, TIMEOUT_SECONDS);
  }

  private static String read(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }
}
