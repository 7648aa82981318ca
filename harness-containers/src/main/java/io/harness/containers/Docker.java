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

  /** Whether a Docker engine answers. */
  public static boolean available() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException e) {
      return false;
    }
  }

  static boolean required() {
    String env = System.getenv(REQUIRE);
    return "1".equals(env) || "true".equalsIgnoreCase(env)
        || Boolean.getBoolean("harness.requireDocker");
  }
}
