package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.cli.Harness;
import java.io.ByteArrayOutputStream;
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

/**
 * Runs a harness command line: in this JVM through its real entry point ({@link #run}), or as the assembled
 * distribution's {@code bin/harness} in a process of its own ({@link #process}); {@link #exec} runs any other
 * program the same way (a {@code hadoop jar}, {@code tar}).
 */
public final class Cli {
  /** The system property that names the assembled distribution (dist's failsafe sets it). */
  public static final String HOME_PROPERTY = "harness.home";

  private Cli() {}

  /** {@code harness ARGS} in this JVM, with no environment variables. */
  public static Run run(String... args) {
    return run(Map.of(), args);
  }

  /** {@code harness ARGS} in this JVM; {@code env} is the environment the command sees ({@code HADOOP_CONF_DIR}). */
  public static Run run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    long start = System.nanoTime();
    int code = Harness.run(env, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), args);
    return new Run("harness " + String.join(" ", args), code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8), secondsSince(start));
  }

  /** The assembled distribution, from the system property {@value #HOME_PROPERTY}. */
  public static Path home() {
    String home = System.getProperty(HOME_PROPERTY);
    assertTrue(home != null && Files.isDirectory(Path.of(home)), HOME_PROPERTY + " not set or missing: " + home);
    return Path.of(home);
  }

  /**
   * {@code bin/harness ARGS} of the assembled distribution as a process in {@code workDir}, without the caller's
   * {@code HADOOP_CONF_DIR} and {@code OZONE_CONF_DIR}. The limit only guards against a hang; it is not a speed
   * check.
   */
  public static Run process(Path workDir, long limitSeconds, String... args) throws IOException, InterruptedException {
    return process(workDir, limitSeconds, Map.of(), args);
  }

  /** {@link #process(Path, long, String...)} with these environment variables set. */
  public static Run process(Path workDir, long limitSeconds, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(home().resolve("bin/harness").toString());
    cmd.addAll(Arrays.asList(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().remove("OZONE_CONF_DIR");
    TestJvm.quick(pb.environment());
    pb.environment().putAll(env);
    return exec(pb, limitSeconds);
  }

  /**
   * Starts {@code pb} (its command, folder and environment as the caller set them), its stdout and stderr
   * caught apart, and waits for its end; a process still running after {@code limitSeconds} is killed and the
   * test fails (a guard against a hang, not a speed check).
   */
  public static Run exec(ProcessBuilder pb, long limitSeconds) throws IOException, InterruptedException {
    String command = String.join(" ", pb.command());
    Path out = Files.createTempFile("harness-test-", ".out");
    Path err = Files.createTempFile("harness-test-", ".err");
    try {
      pb.redirectOutput(out.toFile()).redirectError(err.toFile());
      long start = System.nanoTime();
      Process p = pb.start();
      if (!p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError(command + "\nstill running after " + limitSeconds + " s\n--- stdout\n" + read(out)
            + "\n--- stderr\n" + read(err));
      }
      return new Run(command, p.exitValue(), read(out), read(err), secondsSince(start));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** {@code first}, then {@code more}: a command line built from a shared part. */
  public static String[] concat(String[] first, String... more) {
    String[] all = Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }

  private static String read(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }

  private static double secondsSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
