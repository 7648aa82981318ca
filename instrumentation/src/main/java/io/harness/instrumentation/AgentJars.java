package io.harness.instrumentation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

/** The agent jar {@link Attach} loads: where it is, that it is the agent's, and that a report is not written into it. */
final class AgentJars {
  private AgentJars() {}

  /** Whether {@code a} and {@code b} are one file (by their absolute paths when one is missing). */
  static boolean sameFile(Path a, Path b) {
    try {
      return Files.exists(a) && Files.exists(b) ? Files.isSameFile(a, b)
          : a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    } catch (IOException e) {
      return false;
    }
  }

  /** The agent jar is a file and holds the agent (its manifest names {@link Agent} as Agent-Class). */
  static void check(Path jar) throws Attach.Failure {
    if (!Files.isRegularFile(jar)) {
      throw new Attach.Failure("--agent-jar", "no such file: " + jar, 2);
    }
    try (JarFile j = new JarFile(jar.toFile())) {
      Attributes main = j.getManifest() == null ? null : j.getManifest().getMainAttributes();
      if (main == null || !Agent.class.getName().equals(main.getValue("Agent-Class"))) {
        throw new Attach.Failure("--agent-jar", jar + " is not harness-instrumentation.jar (no Agent-Class "
            + Agent.class.getName() + ")", 2);
      }
    } catch (IOException e) {
      throw new Attach.Failure("--agent-jar", "cannot read " + jar + ": " + Agent.oneLine(e), 2);
    }
  }

  /**
   * The agent jar: the {@value Attach#AGENT_JAR_PROPERTY} system property, else the jar this class was loaded
   * from when it is the agent jar (the distribution's lib/ holds it).
   */
  static Optional<Path> find() {
    String property = System.getProperty(Attach.AGENT_JAR_PROPERTY);
    if (property != null && !property.isBlank()) {
      return Optional.of(Path.of(property));
    }
    try {
      Path own = Agent.ownJar();
      try (JarFile j = new JarFile(own.toFile())) {
        if (j.getManifest() != null
            && Agent.class.getName().equals(j.getManifest().getMainAttributes().getValue("Agent-Class"))) {
          return Optional.of(own);
        }
      }
    } catch (IOException e) {
      // loaded from a class directory (a build), or not readable
    }
    return Optional.empty();
  }
}
