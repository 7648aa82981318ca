package io.harness.spark;

import io.harness.core.base.SeededData;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.SparkConf;

/**
 * The harness's jars that executors in JVMs of their own need (the payload and check functions run there:
 * harness-spark's classes and harness-core's seeded data). spark-submit ships its application jar itself; a session
 * the harness starts on a cluster master ({@code spark://}, {@code yarn}, {@code k8s://}, {@code local-cluster})
 * adds the jars these classes were loaded from to {@code spark.jars}, and the driver serves them to the executors,
 * as spark-submit does. Without them every task fails on the executors, deserializing a function whose class they
 * do not have.
 */
final class ExecutorJars {
  private static final List<Class<?>> NEEDED = List.of(SparkRunner.class, SeededData.class);

  private ExecutorJars() {}

  /** Whether {@code master}'s executors are threads of this JVM ({@code local}, {@code local[N]}). */
  static boolean inProcess(String master) {
    return master.equals("local") || master.startsWith("local[");
  }

  /**
   * Adds the harness's jars to {@code conf}'s {@code spark.jars} when its master's executors run in JVMs of their own
   * and spark-submit did not start this driver (it sets {@code spark.submit.deployMode}); jars already there stay.
   * Classes loaded from a directory (an IDE's or a build's classes) cannot be shipped: give {@code spark.jars}.
   */
  static void addTo(SparkConf conf) {
    if (inProcess(conf.get("spark.master")) || conf.contains("spark.submit.deployMode")) {
      return;
    }
    Set<String> jars = new LinkedHashSet<>();
    for (String j : conf.get("spark.jars", "").split(",")) {
      if (!j.isBlank()) {
        jars.add(j.trim());
      }
    }
    for (Class<?> c : NEEDED) {
      Path jar = jarOf(c);
      if (jar != null && jars.stream().noneMatch(j -> j.endsWith(jar.getFileName().toString()))) {
        jars.add(jar.toString());
      }
    }
    if (!jars.isEmpty()) {
      conf.set("spark.jars", String.join(",", jars));
    }
  }

  /** The jar {@code c} was loaded from, or null (a directory, or no code source). */
  static Path jarOf(Class<?> c) {
    CodeSource cs = c.getProtectionDomain().getCodeSource();
    if (cs == null || cs.getLocation() == null) {
      return null;
    }
    try {
      Path p = Path.of(cs.getLocation().toURI());
      return Files.isRegularFile(p) ? p : null;
    } catch (URISyntaxException | IllegalArgumentException e) {
      return null;
    }
  }
}
