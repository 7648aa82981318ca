package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.harness.testkit.Cli;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The shipped {@code bin/harness cluster ...} running as a process of its own, as a user starts it in a terminal
 * (with the default dispositions of SIGINT and SIGTERM, which a shell without job control would leave ignored).
 */
final class ClusterProcess implements AutoCloseable {
  private final Process process;
  private final Path out;
  private final Path err;

  private ClusterProcess(Process process, Path out, Path err) {
    this.process = process;
    this.out = out;
    this.err = err;
  }

  static ClusterProcess start(Path workDir, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM",
        Cli.home().resolve("bin/harness").toString(), "cluster"));
    cmd.addAll(List.of(args));
    File o = Files.createTempFile("harness-cluster-out-", ".txt").toFile();
    File e = Files.createTempFile("harness-cluster-err-", ".txt").toFile();
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectOutput(o).redirectError(e);
    pb.environment().remove("HADOOP_CONF_DIR");
    pb.environment().remove("OZONE_CONF_DIR");
    io.harness.testkit.TestJvm.quick(pb.environment());
    return new ClusterProcess(pb.start(), o.toPath(), e.toPath());
  }

  /** Waits until {@code file} is there (the cluster takes writes); fails after {@code seconds}, a hang guard. */
  ClusterProcess awaitFile(Path file, long seconds) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!Files.exists(file)) {
      assertTrue(process.isAlive(), "the cluster ended before it wrote " + file + ":\n" + output());
      assertTrue(System.nanoTime() < deadline, "no " + file + " after " + seconds + " s:\n" + output());
      Thread.sleep(100);
    }
    // the file is moved into place whole, after the ready lines are printed and flushed
    return this;
  }

  /** The command lines the cluster printed under "Try, from another terminal:". */
  List<String> nextCommands() throws IOException {
    List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
    int at = lines.indexOf("Try, from another terminal:");
    assertTrue(at >= 0, output());
    List<String> commands = new ArrayList<>();
    for (String line : lines.subList(at + 1, lines.size())) {
      if (!line.startsWith("  harness ")) {
        break;
      }
      commands.add(line.strip());
    }
    return commands;
  }

  /** The one line of stdout that starts with {@code prefix}. */
  String line(String prefix) throws IOException {
    String all = output();
    return stdout().lines().filter(l -> l.startsWith(prefix)).findFirst()
        .orElseThrow(() -> new AssertionError("no line '" + prefix + "...' in:\n" + all));
  }

  /** The file system URI of the ready line: {@code cluster: <description> at <uri>, ready in ...}. */
  String uri() throws IOException {
    String all = output();
    return stdout().lines().map(l -> l.replaceFirst("^cluster: .* at (\\S+), ready in .*$", "$1"))
        .filter(u -> !u.startsWith("cluster: ") && u.contains("://")).findFirst()
        .orElseThrow(() -> new AssertionError("no ready line in:\n" + all));
  }

  /** Sends {@code signal} (TERM, INT) and returns the exit code; fails if the process is still there 120 s later. */
  int signal(String signal) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start().waitFor();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      fail("still running 120 s after SIG" + signal + ":\n" + output());
    }
    return process.exitValue();
  }

  boolean alive() {
    return process.isAlive();
  }

  String stdout() throws IOException {
    return Files.readString(out);
  }

  String stderr() throws IOException {
    return Files.readString(err);
  }

  String output() throws IOException {
    return "--- stdout\n" + stdout() + "--- stderr\n" + stderr();
  }

  @Override
  public void close() throws IOException {
    process.destroyForcibly();
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
  }
}
