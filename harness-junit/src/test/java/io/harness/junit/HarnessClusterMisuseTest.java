package io.harness.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.harness.junit.HarnessCluster.Kind;
import io.harness.junit.HarnessCluster.Processes;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Annotations that cannot give a cluster fail their class before any test runs, with a message that says why.
 * The sample classes run in a launcher of their own (Surefire leaves nested classes alone); harness-freon and
 * harness-containers are not on this module's test class path, so no Ozone provider is, nor any containers one.
 */
class HarnessClusterMisuseTest {

  @Test
  void aKindWithoutProviderNamesTheArtifactToAdd() {
    Throwable failure = onlyFailureOf(NeedsOzone.class);
    assertInstanceOf(ExtensionConfigurationException.class, failure);
    String message = failure.getMessage();
    assertTrue(message.contains("@HarnessCluster(kind = OZONE) on " + NeedsOzone.class.getName()), message);
    assertTrue(message.contains("no embedded cluster provider named 'ozone' on the class path (found: hdfs)"),
        message);
    assertTrue(message.contains("io.harness.storage:harness-freon"), message);
  }

  @Test
  void containersWithoutHarnessContainersNamesTheArtifactToAdd() {
    Throwable failure = onlyFailureOf(InContainers.class);
    assertInstanceOf(ExtensionConfigurationException.class, failure);
    String message = failure.getMessage();
    assertEquals(-1, message.indexOf('\n'), "one line: " + message);
    assertTrue(message.startsWith("@HarnessCluster(kind = HDFS, processes = CONTAINERS) on "
        + InContainers.class.getName() + ": no embedded cluster provider named 'hdfs-containers' on the class path "
        + "(found: hdfs)"), message);
    assertTrue(message.contains("add io.harness.storage:harness-containers as a test dependency"), message);
  }

  @Test
  void anImageForAnEmbeddedCluster() {
    Throwable failure = onlyFailureOf(EmbeddedWithImage.class);
    assertInstanceOf(ExtensionConfigurationException.class, failure);
    assertTrue(failure.getMessage().endsWith(": image = \"apache/ozone:2.0.0\" needs processes = CONTAINERS "
        + "(an embedded cluster runs in the test's JVM)"), failure.getMessage());
  }

  @Test
  void aConfEntryWithoutEqualsSign() {
    Throwable failure = onlyFailureOf(BadConf.class);
    assertInstanceOf(ExtensionConfigurationException.class, failure);
    assertTrue(failure.getMessage().endsWith("conf entry 'dfs.blocksize' is not key=value"), failure.getMessage());
  }

  @Test
  void noDatanodes() {
    Throwable failure = onlyFailureOf(NoDatanodes.class);
    assertInstanceOf(ExtensionConfigurationException.class, failure);
    assertTrue(failure.getMessage().endsWith("datanodes must be at least 1, was 0"), failure.getMessage());
  }

  /** Runs {@code sample} in a launcher of its own: the one failure it reports (its class's). */
  private static Throwable onlyFailureOf(Class<?> sample) {
    List<Throwable> failures = new ArrayList<>();
    List<String> started = new ArrayList<>();
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
        .selectors(DiscoverySelectors.selectClass(sample)).build(), new TestExecutionListener() {
          @Override
          public void executionStarted(TestIdentifier test) {
            if (test.isTest()) {
              started.add(test.getDisplayName());
            }
          }

          @Override
          public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            result.getThrowable().ifPresent(failures::add);
          }
        });
    assertEquals(List.of(), started, "no test of " + sample.getSimpleName() + " runs");
    assertEquals(1, failures.size(), failures.toString());
    return failures.get(0);
  }

  @HarnessCluster(kind = Kind.OZONE)
  static class NeedsOzone {
    @Test
    void never(Configuration conf) {
      fail("ran without a cluster");
    }
  }

  @HarnessCluster(kind = Kind.HDFS, processes = Processes.CONTAINERS)
  static class InContainers {
    @Test
    void never(Configuration conf) {
      fail("ran without a cluster");
    }
  }

  @HarnessCluster(kind = Kind.OZONE, image = "apache/ozone:2.0.0")
  static class EmbeddedWithImage {
    @Test
    void never(Configuration conf) {
      fail("ran without a cluster");
    }
  }

  @HarnessCluster(kind = Kind.HDFS, conf = "dfs.blocksize")
  static class BadConf {
    @Test
    void never(Configuration conf) {
      fail("ran without a cluster");
    }
  }

  @HarnessCluster(kind = Kind.HDFS, datanodes = 0)
  static class NoDatanodes {
    @Test
    void never(Configuration conf) {
      fail("ran without a cluster");
    }
  }
}
