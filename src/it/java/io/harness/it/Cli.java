package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.core.cli.Harness;
import io.harness.core.result.ResultWriter;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the harness: in this JVM through its real entry point, or as the shipped bin/harness. */
final class Cli {
  record Run(int code, String out, String err) {
    String all() {
      return out + err;
    }
  }

  private Cli() {}

  static Run inProcess(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Harness.run(Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The assembled distribution (set by the dist module's failsafe configuration). */
  static Path home() {
    String home = System.getProperty("harness.home");
    assertTrue(home != null && Files.isDirectory(Path.of(home)), "harness.home not set or missing: " + home);
    return Path.of(home);
  }

  /**
   * Runs {@code bin/harness} as a separate process in {@code workDir}. The time limit only guards
   * against a hang; it is not a speed check.
   */
  static Run process(Path workDir, long limitSeconds, String... args) throws IOException, InterruptedException {
    return process(workDir, limitSeconds, Map.of(), args);
  }

  /** {@link #process(Path, long, String...)} with these environment variables set. */
  static Run process(Path workDir, long limitSeconds, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(home().resolve("bin/harness").toString());
    cmd.addAll(Arrays.asList(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().remove("OZONE_CONF_DIR");
    pb.environment().putAll(env);
    File out = Files.createTempFile("harness-it-out-", ".txt").toFile();
    File err = Files.createTempFile("harness-it-err-", ".txt").toFile();
    pb.redirectOutput(out).redirectError(err);
    Process p = pb.start();
    if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("bin/harness " + String.join(" ", args) + " still running after "
          + limitSeconds + " s; stderr: " + Files.readString(err.toPath()));
    }
    Run r = new Run(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
    Files.delete(out.toPath());
    Files.delete(err.toPath());
    return r;
  }

  /**
   * The jars of a plain Hadoop client's class path, what {@code hadoop jar} runs a job jar on: the Hadoop client
   * modules and their third-party libraries as Maven resolves them (module hadoop-client-classpath), nothing of
   * the harness, no Ozone, no mini clusters.
   */
  static List<String> hadoopClassPath() throws IOException {
    String file = System.getProperty("hadoop.client.classpath");
    assertTrue(file != null && Files.isRegularFile(Path.of(file)), "hadoop.client.classpath not set or missing: "
        + file + " (build the hadoop-client-classpath module in the same reactor)");
    List<String> jars = Arrays.asList(Files.readString(Path.of(file)).trim().split(File.pathSeparator));
    for (String jar : jars) {
      assertTrue(jar.endsWith(".jar") && !Path.of(jar).getFileName().toString().startsWith("harness")
          && !jar.contains("/io/harness/"), "not a Hadoop client jar: " + jar);
    }
    return jars;
  }

  /** The result.json of the newest run under a run dir. */
  static JsonNode lastResult(Path runDir) throws IOException {
    return ResultWriter.mapper().readTree(lastRunDir(runDir).resolve("result.json").toFile());
  }

  /** The newest run's folder under a run dir. */
  static Path lastRunDir(Path runDir) throws IOException {
    try (var s = Files.list(runDir)) {
      return s.sorted().reduce((a, b) -> b).orElseThrow();
    }
  }
}
