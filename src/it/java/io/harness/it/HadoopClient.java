package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** A plain Hadoop client, as {@code hadoop jar} runs the job jar on a cluster. */
final class HadoopClient {
  private HadoopClient() {}

  /**
   * The jars of a plain Hadoop client's class path, what {@code hadoop jar} runs a job jar on: the Hadoop client
   * modules and their third-party libraries as Maven resolves them (module hadoop-client-classpath), nothing of
   * the harness, no Ozone, no mini clusters.
   */
  static List<String> classPath() throws IOException {
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
}
