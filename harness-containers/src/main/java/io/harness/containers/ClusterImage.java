package io.harness.containers;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

/**
 * The image the services run in, and the class path inside it. Given no name, the project's own image: a
 * JRE base made by debootstrap and the jars of this JVM's class path (Hadoop's and Ozone's servers, the
 * versions the embedded clusters use), built by {@code containers/build-images.sh} once per content hash.
 */
public record ClusterImage(String name, String classPath) {
  /** Where the project's image keeps its jars. */
  static final String OWN_LIB = "/opt/cluster/lib/*";
  /** Where the {@code apache/ozone} images keep theirs. */
  static final String APACHE_OZONE_LIB = "/opt/hadoop/share/ozone/lib/*";

  /**
   * Jars of a test JVM (or of the distribution's {@code lib/}) that the servers do not need: Testcontainers,
   * JUnit 5, Surefire, the harness (a job ships its own: {@code harness.jar}), and any jar a reactor build just
   * made (in a {@code target} folder: its bytes change with every build, and so would the image's content hash).
   */
  private static final Pattern NOT_IN_IMAGE = Pattern.compile(
      ".*/(org/testcontainers|com/github/docker-java|net/java/dev/jna|org/junit|org/opentest4j"
          + "|org/apiguardian|org/apache/maven/surefire|io/harness|org/rnorth)/.*|.*/target/[^/]+\\.jar"
          + "|.*/lib/(harness-|testcontainers-|docker-java-|jna-|duct-tape-|junit-jupiter-|junit-platform-"
          + "|opentest4j-|apiguardian-)[^/]*\\.jar");

  private static ClusterImage built;

  /** An existing image by name; its class path guessed from the name ({@code apache/ozone} or ours). */
  public static ClusterImage named(String name) {
    return new ClusterImage(name, name.startsWith("apache/ozone") ? APACHE_OZONE_LIB : OWN_LIB);
  }

  /** {@code name} when given (not blank), else the project's image, built when missing. */
  public static ClusterImage of(String name) throws IOException, InterruptedException {
    return name == null || name.isBlank() ? project() : named(name);
  }

  /** The project's image for this JVM's class path, built when its tag does not exist yet. */
  public static synchronized ClusterImage project() throws IOException, InterruptedException {
    if (built == null) {
      built = new ClusterImage(build(serverJars()), OWN_LIB);
    }
    return built;
  }

  /** Runs the build script on these jars; returns the image's name (the script's last line). */
  static String build(List<String> jars) throws IOException, InterruptedException {
    Path script = Files.createTempFile("harness-build-images-", ".sh");
    Path log = Files.createTempFile("harness-build-images-", ".log");
    try (InputStream in = ClusterImage.class.getResourceAsStream("build-images.sh")) {
      if (in == null) {
        throw new IOException("build-images.sh is not on the class path");
      }
      Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
      List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
      cmd.addAll(jars);
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      int code = p.waitFor();
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      if (code != 0 || lines.isEmpty()) {
        throw new IOException("building the cluster image failed (exit " + code + "):\n"
            + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
      }
      return lines.get(lines.size() - 1).trim();
    } finally {
      Files.deleteIfExists(script);
      Files.deleteIfExists(log);
    }
  }

  /** The jars of this JVM's class path (a manifest-only booter jar expanded) that belong in the image. */
  static List<String> serverJars() throws IOException {
    String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    Set<String> jars = new LinkedHashSet<>();
    for (String entry : cp.split(File.pathSeparator)) {
      for (String jar : expand(entry)) {
        if (jar.endsWith(".jar") && Files.isRegularFile(Path.of(jar))
            && !NOT_IN_IMAGE.matcher(jar.replace(File.separatorChar, '/')).matches()) {
          jars.add(jar);
        }
      }
    }
    if (jars.isEmpty()) {
      throw new IOException("no server jars on the class path: " + cp);
    }
    return new ArrayList<>(jars);
  }

  /** A jar whose manifest names a class path (Surefire's booter) stands for those entries. */
  private static List<String> expand(String entry) throws IOException {
    if (!entry.endsWith(".jar") || !Files.isRegularFile(Path.of(entry))) {
      return List.of(entry);
    }
    try (JarFile jar = new JarFile(entry)) {
      Manifest m = jar.getManifest();
      String refs = m == null ? null : m.getMainAttributes().getValue("Class-Path");
      if (refs == null || jar.size() > 1) {
        return List.of(entry);
      }
      List<String> out = new ArrayList<>();
      for (String ref : refs.trim().split("\\s+")) {
        out.add(ref.startsWith("file:") ? Path.of(java.net.URI.create(ref)).toString() : ref);
      }
      return out;
    }
  }
}
