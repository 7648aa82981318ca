package io.harness.instrumentation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * A JVM started by a test: the test class path less this module's own classes and Byteman (an
 * application knows nothing of the agent; the agent jar brings both), stdout and stderr in files.
 */
final class ChildJvm {
  private final Process process;
  private final Path dir;
  private final Path stdout;
  private final Path stderr;

  private ChildJvm(Process process, Path dir) {
    this.process = process;
    this.dir = dir;
    this.stdout = dir.resolve("stdout.txt");
    this.stderr = dir.resolve("stderr.txt");
  }

  /** The agent jar the build made (failsafe passes its path). */
  static Path agentJar() {
    Path jar = Path.of(System.getProperty("harness.agent.jar", "target/harness-instrumentation.jar"));
    assertTrue(Files.isRegularFile(jar), "the agent jar is built before the integration tests: " + jar);
    return jar.toAbsolutePath();
  }

  /** A fresh folder under target/it-work for one test's files. */
  static Path workDir(String name) throws IOException {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("HHmmss-SSS"));
    return Files.createDirectories(Path.of("target", "it-work", name + "-" + stamp)).toAbsolutePath();
  }

  /** Starts {@code java [jvmArgs] -cp <app class path> mainClass args} with its output in {@code dir}. */
  static ChildJvm start(Path dir, List<String> jvmArgs, Class<?> mainClass, List<String> args)
      throws IOException {
    return start(dir, jvmArgs, List.of(), mainClass, args);
  }

  /** The same with {@code extraClassPath} in front of the application's class path. */
  static ChildJvm start(Path dir, List<String> jvmArgs, List<Path> extraClassPath, Class<?> mainClass,
      List<String> args) throws IOException {
    Path argFile = dir.resolve("java.args");
    List<String> cp = new ArrayList<>();
    for (Path p : extraClassPath) {
      cp.add(p.toString());
    }
    cp.add(appClassPath());
    // the class path is long (the Ozone client and its dependencies): hand it over in an @argfile
    Files.writeString(argFile, "-cp \"" + String.join(File.pathSeparator, cp).replace("\\", "\\\\")
        + "\"\n", StandardCharsets.UTF_8);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    // the client compiler only, as every test JVM (the build's argLine): a short-lived JVM's server compiles cost
    // more CPU than they save
    cmd.add("-XX:TieredStopAtLevel=1");
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-opens")) {
        cmd.add(a);
      }
    }
    cmd.addAll(jvmArgs);
    cmd.add("@" + argFile);
    cmd.add(mainClass.getName());
    cmd.addAll(args);
    Files.writeString(dir.resolve("command.txt"), String.join(" ", cmd) + "\n", StandardCharsets.UTF_8);
    Process p = new ProcessBuilder(cmd)
        .directory(dir.toFile())
        .redirectOutput(dir.resolve("stdout.txt").toFile())
        .redirectError(dir.resolve("stderr.txt").toFile())
        .start();
    return new ChildJvm(p, dir);
  }

  Process process() {
    return process;
  }

  long pid() {
    return process.pid();
  }

  Path dir() {
    return dir;
  }

  /** Waits for the JVM to end (at most {@code seconds}) and returns its exit code. */
  int waitFor(long seconds) throws InterruptedException, IOException {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError("the JVM did not end within " + seconds + " s; its output is in " + dir
          + "\n" + stderr());
    }
    return process.exitValue();
  }

  /** Waits until stdout has a line starting with {@code prefix}. */
  void awaitLine(String prefix, long seconds) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      for (String line : stdout().split("\n")) {
        if (line.startsWith(prefix)) {
          return;
        }
      }
      if (!process.isAlive()) {
        throw new AssertionError("the JVM ended before printing " + prefix + ":\n" + stderr());
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no line " + prefix + " within " + seconds + " s");
  }

  String stdout() throws IOException {
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }

  String stderr() throws IOException {
    return Files.readString(stderr, StandardCharsets.UTF_8);
  }

  void destroy() {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
    }
  }

  /**
   * The test class path without this module's classes or Byteman. Surefire and failsafe may run tests
   * from a manifest-only jar; they also put the real class path in surefire.test.class.path.
   */
  static String appClassPath() throws IOException {
    String cp = System.getProperty("surefire.test.class.path");
    if (cp == null || cp.isBlank()) {
      cp = System.getProperty("java.class.path");
    }
    List<String> entries = new ArrayList<>();
    for (String e : cp.split(File.pathSeparator)) {
      if (!e.isBlank()) {
        entries.addAll(expandManifestOnly(e));
      }
    }
    Path ownClasses = Path.of("target", "classes").toAbsolutePath().normalize();
    List<String> kept = new ArrayList<>();
    for (String e : entries) {
      Path p = Path.of(e).toAbsolutePath().normalize();
      String name = p.getFileName() == null ? "" : p.getFileName().toString();
      if (p.equals(ownClasses) || name.startsWith("harness-instrumentation")
          || name.startsWith("original-harness-instrumentation") || name.startsWith("byteman")) {
        continue;
      }
      kept.add(p.toString());
    }
    return String.join(File.pathSeparator, kept);
  }

  private static List<String> expandManifestOnly(String entry) throws IOException {
    Path p = Path.of(entry);
    if (!entry.endsWith(".jar") || !Files.isRegularFile(p)) {
      return List.of(entry);
    }
    try (JarFile jar = new JarFile(p.toFile())) {
      Manifest m = jar.getManifest();
      String classPath = m == null ? null : m.getMainAttributes().getValue("Class-Path");
      if (classPath == null || jar.stream().anyMatch(e -> e.getName().endsWith(".class"))) {
        return List.of(entry);
      }
      List<String> out = new ArrayList<>();
      for (String url : classPath.trim().split("\\s+")) {
        out.add(Path.of(p.getParent().toUri().resolve(URI.create(url))).toString());
      }
      return out;
    }
  }
}
