package io.harness.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.SeededData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/**
 * Which jars a session on a cluster master sends its executors: the ones harness-spark's and harness-core's classes
 * were loaded from, after what {@code spark.jars} held; none with a local master or under spark-submit.
 */
class ExecutorJarsTest {
  /** The jars the two classes came from here (a build's classes folder is no jar: it cannot be shipped). */
  private static List<String> harnessJars() {
    List<String> jars = new ArrayList<>();
    for (Class<?> c : List.of(SparkRunner.class, SeededData.class)) {
      Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().getPath());
      if (Files.isRegularFile(p)) {
        jars.add(p.toString());
      }
    }
    return jars;
  }

  @Test
  void aClusterMasterGetsTheHarnessJarsAfterTheGivenOnes() {
    SparkConf conf = new SparkConf(false).setMaster("spark://127.0.0.1:7077").set("spark.jars", "/opt/extra.jar");
    ExecutorJars.addTo(conf);
    List<String> expected = new ArrayList<>(List.of("/opt/extra.jar"));
    expected.addAll(harnessJars());
    assertEquals(String.join(",", expected), conf.get("spark.jars"));
    // once there, not again
    ExecutorJars.addTo(conf);
    assertEquals(String.join(",", expected), conf.get("spark.jars"));
  }

  @Test
  void localMastersAndSparkSubmitGetNothing() {
    for (String master : List.of("local", "local[2]", "local[*]")) {
      SparkConf conf = new SparkConf(false).setMaster(master);
      ExecutorJars.addTo(conf);
      assertFalse(conf.contains("spark.jars"), master);
      assertTrue(ExecutorJars.inProcess(master), master);
    }
    assertFalse(ExecutorJars.inProcess("local-cluster[2,1,1024]"), "local-cluster's executors are JVMs of their own");
    SparkConf submitted = new SparkConf(false).setMaster("yarn").set("spark.submit.deployMode", "client");
    ExecutorJars.addTo(submitted);
    assertFalse(submitted.contains("spark.jars"), "spark-submit ships its application jar itself");
  }
}
