package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import io.harness.testkit.Cli;
import io.harness.testkit.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
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

  /**
   * {@code hadoop jar harness.jar ARGS} in {@code workDir}: RunJar in a JVM of its own whose class path is
   * {@code confDir} and {@link #classPath()} alone, with {@code jvmOptions} before the class path (what
   * {@code HADOOP_CLIENT_OPTS} adds), no {@code HADOOP_CONF_DIR} or {@code OZONE_CONF_DIR} from this JVM.
   */
  static Run runJar(Path confDir, Path workDir, List<String> jvmOptions, List<String> args) throws Exception {
    List<String> cp = new ArrayList<>();
    cp.add(confDir.toString());
    cp.addAll(classPath());
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", io.harness.testkit.TestJvm.QUICK,
        "-Dlog4j.configuration=file:" + Cli.home().resolve("conf/log4j.properties")));
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", String.join(File.pathSeparator, cp), "org.apache.hadoop.util.RunJar",
        System.getProperty("harness.jobjar")));
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().remove("OZONE_CONF_DIR");
    // a guard against a hang only, not a speed check
    return Cli.exec(pb, 600);
  }
}
