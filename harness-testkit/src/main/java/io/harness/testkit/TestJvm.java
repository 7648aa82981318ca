package io.harness.testkit;

import java.util.Map;

/**
 * The options of the JVMs the tests start (bin/harness, the job jar through RunJar, a child holding an agent):
 * {@value #QUICK}, the client compiler only. A test's JVM lives seconds to a minute, too short for the server
 * compiler's code to pay back its compile threads, which on a 2-core CI machine take the CPU the clusters and
 * the other build thread need (a module's tests used about a third less CPU with it). Benchmarks (bench/) and
 * users' runs keep the JVM's default; nothing measured in a test depends on the compiler.
 */
public final class TestJvm {
  /** The option itself. */
  public static final String QUICK = "-XX:TieredStopAtLevel=1";

  private TestJvm() {}

  /**
   * Sets {@code HARNESS_OPTS} (bin/harness's extra JVM options) in {@code env} to {@value #QUICK} in front of what
   * it held.
   */
  public static void quick(Map<String, String> env) {
    String held = env.get("HARNESS_OPTS");
    env.put("HARNESS_OPTS", held == null || held.isBlank() ? QUICK : QUICK + " " + held);
  }
}
