package io.harness.junit;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * This module's tests run without picocli on their class path (pom.xml excludes it from the test class path), so
 * {@link HarnessClusterHdfsTest} and {@link HarnessClusterMisuseTest} show that {@code @HarnessCluster} and the
 * workloads' Java API need no command-line library; this test makes sure it is really absent.
 */
class WithoutPicocliTest {
  @Test
  void picocliIsNotOnTheTestClassPath() {
    assertThrows(ClassNotFoundException.class, () -> Class.forName("picocli.CommandLine"));
  }
}
