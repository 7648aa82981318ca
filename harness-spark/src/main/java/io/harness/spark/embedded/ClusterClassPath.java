package io.harness.spark.embedded;

import io.harness.core.base.UsageException;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The class path of the cluster JVM a {@link ClusterProcess} starts: the harness's server jars, from
 * {@value ClusterProcess#CLASSPATH_ENV} or the system properties {@link ClusterProcess} names, with
 * {@code dir/*} expanded and test jars last.
 */
public final class ClusterClassPath {
  private ClusterClassPath() {}

  /**
   * The cluster JVM's class path, or a usage error when none is configured: checked before anything
   * starts.
   */
  public static List<String> of(Map<String, String> env) {
    List<String> entries = new ArrayList<>();
    // this module (ClusterLauncher) and harness-core (the SPI) first: wherever they come from
    entries.add(location(ClusterLauncher.class));
    entries.add(location(io.harness.core.fs.EmbeddedSpec.class));
    List<String> configured = new ArrayList<>();
    String prop = System.getProperty(ClusterProcess.CLASSPATH_PROPERTY);
    if (prop != null && !prop.isBlank()) {
      configured.addAll(split(prop));
    }
    String envValue = env.get(ClusterProcess.CLASSPATH_ENV);
    if (envValue != null && !envValue.isBlank()) {
      configured.addAll(split(envValue));
    }
    String file = System.getProperty(ClusterProcess.CLASSPATH_FILE_PROPERTY);
    if (file != null && !file.isBlank()) {
      try {
        configured.addAll(split(Files.readString(Path.of(file), StandardCharsets.UTF_8).trim()));
      } catch (IOException e) {
        throw new UsageException("--embedded", "cannot read the cluster class path file " + file + ": " + e);
      }
    }
    if (configured.isEmpty()) {
      throw new UsageException("--embedded", "the cluster runs in its own JVM on the harness's server class "
          + "path, and none is configured: run through bin/harness, or set " + ClusterProcess.CLASSPATH_ENV
          + " (or -D" + ClusterProcess.CLASSPATH_PROPERTY + ") to the harness's lib/*");
    }
    entries.addAll(configured);
    return order(expand(entries));
  }

  private static List<String> split(String cp) {
    List<String> out = new ArrayList<>();
    for (String e : cp.split(File.pathSeparator)) {
      if (!e.isBlank()) {
        out.add(e.trim());
      }
    }
    return out;
  }

  /** {@code dir/*} becomes the jars of dir, sorted; everything else stays. Duplicates go. */
  static List<String> expand(List<String> entries) {
    Set<String> out = new LinkedHashSet<>();
    for (String e : entries) {
      if (e.endsWith(File.separator + "*") || e.equals("*")) {
        Path d = Path.of(e.substring(0, e.length() - 1).isEmpty() ? "." : e.substring(0, e.length() - 1));
        try (Stream<Path> s = Files.list(d)) {
          s.filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar"))
              .map(Path::toString).sorted().forEach(out::add);
        } catch (IOException ex) {
          throw new UsageException("--embedded", "cannot list the cluster class path directory " + d + ": " + ex);
        }
      } else {
        out.add(e);
      }
    }
    return new ArrayList<>(out);
  }

  /**
   * Test jars after all others, as bin/harness orders them: hdds-common-*-tests.jar has its own, shorter
   * hdds-common-default.xml, and whichever comes first wins.
   */
  static List<String> order(List<String> entries) {
    List<String> out = new ArrayList<>();
    List<String> tests = new ArrayList<>();
    for (String e : entries) {
      (e.endsWith("-tests.jar") ? tests : out).add(e);
    }
    out.addAll(tests);
    return out;
  }

  private static String location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("cannot tell where " + c.getName() + " was loaded from", e);
    }
  }
}
