package io.harness.containers;

import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;

/**
 * Whether the container tests can run. Without a reachable Docker engine they are skipped with one line
 * (a laptop without Docker), unless {@code HARNESS_REQUIRE_DOCKER=1} (or {@code -Dharness.requireDocker=true})
 * says this machine must run them, as CI does: then the missing engine is a failure.
 */
public final class Docker {
  /** The environment variable (and, lower-cased with a dot, the system property) that forbids the skip. */
  public static final String REQUIRE = "HARNESS_REQUIRE_DOCKER";

  private Docker() {}

  /** Returns when a Docker engine answers; otherwise skips the calling test, or fails it when required. */
  public static void requireOrSkip() {
    if (available()) {
      return;
    }
    String line = "no Docker engine reachable: multi-process cluster tests skipped";
    if (required()) {
      throw new IllegalStateException(line.replace("skipped", "cannot run") + ", and " + REQUIRE
          + "=1 requires them (start dockerd, or run .ci/run)");
    }
    Assumptions.abort(line);
  }

  /**
   * Whether a Docker engine answers Testcontainers. Its probe logs each way it tried and failed with a stack trace
   * (a DOCKER_HOST that does not listen, say): those lines are the probe's, not the user's, and are dropped (the
   * harness's log appender writes to whatever System.err is at the time).
   */
  public static boolean available() {
    java.io.PrintStream err = System.err;
    System.setErr(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException e) {
      return false;
    } finally {
      System.setErr(err);
    }
  }

  /**
   * Why the {@code docker} command (which builds the cluster images) cannot use a Docker engine, or null when
   * {@code docker info} answers: Testcontainers may find the engine at its socket while the command looks where
   * {@code DOCKER_HOST} points, or is not installed.
   */
  public static String commandProblem() {
    java.nio.file.Path out = null;
    try {
      out = java.nio.file.Files.createTempFile("harness-docker-info-", ".txt");
      Process p = new ProcessBuilder("docker", "info", "--format", "{{.ServerVersion}}").redirectErrorStream(true)
          .redirectOutput(out.toFile()).start();
      if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "'docker info' did not answer in 60 s";
      }
      if (p.exitValue() == 0) {
        return null;
      }
      String text = java.nio.file.Files.readString(out).strip();
      String last = text.isEmpty() ? "exit " + p.exitValue() : text.lines().reduce((a, b) -> b).orElse(text);
      return "'docker info' failed: " + last;
    } catch (java.io.IOException e) {
      return "no docker command (" + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while asking 'docker info'";
    } finally {
      if (out != null) {
        try {
          java.nio.file.Files.deleteIfExists(out);
        } catch (java.io.IOException ignored) {
          // a temporary file left behind
        }
      }
    }
  }

  static boolean required() {
    String env = System.getenv(REQUIRE);
    return "1".equals(env) || "true".equalsIgnoreCase(env)
        || Boolean.getBoolean("harness.requireDocker");
  }
}
