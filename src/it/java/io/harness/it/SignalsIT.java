package io.harness.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.Runs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of the shipped bin/harness stopped by SIGTERM (what a scheduler, {@code timeout} or {@code kill}
 * send) or SIGINT (Ctrl-C): it stops its tasks, prints and saves what it measured, marks the run
 * interrupted, and exits 143 / 130.
 */
class SignalsIT {
  @TempDir
  Path work;

  private record Stopped(int code, String out, String err, double secondsAfterSignal) {}

  /** Starts the command, waits for {@code line} on stdout, sends {@code signal} two seconds later. */
  private Stopped runAndSignal(String signal, String line, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    // a build started in the background by a shell without job control inherits SIGINT ignored (as under nohup),
    // and a JVM keeps a signal that was ignored at its start ignored: give the harness the default dispositions
    cmd.addAll(List.of("env", "--default-signal=INT,TERM"));
    cmd.add(Cli.home().resolve("bin/harness").toString());
    cmd.addAll(List.of(args));
    File out = work.resolve("out.txt").toFile();
    File err = work.resolve("err.txt").toFile();
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectOutput(out).redirectError(err);
    pb.environment().remove("HADOOP_CONF_DIR");
    io.harness.testkit.TestJvm.quick(pb.environment());
    Process p = pb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      while (!Files.readString(out.toPath()).contains(line)) {
        assertTrue(p.isAlive(), "ended early: " + Files.readString(out.toPath()) + Files.readString(err.toPath()));
        assertTrue(System.nanoTime() < deadline, "no '" + line + "' after 180 s");
        Thread.sleep(100);
      }
      Thread.sleep(2000);
      long t0 = System.nanoTime();
      new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start().waitFor();
      // a limit against a hang, not a speed check: the run has its own grace period of 60 s
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        // what the process was doing, for the report: its threads, and what it printed
        Process dump = new ProcessBuilder("jcmd", Long.toString(p.pid()), "Thread.print").redirectErrorStream(true)
            .start();
        String threads = new String(dump.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        dump.waitFor(30, TimeUnit.SECONDS);
        fail("still running 120 s after SIG" + signal + "\n--- stdout\n" + Files.readString(out.toPath())
            + "\n--- stderr\n" + Files.readString(err.toPath()) + "\n--- threads\n"
            + threads.substring(0, Math.min(threads.length(), 30000)));
      }
      return new Stopped(p.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()),
          (System.nanoTime() - t0) / 1e9);
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void sigtermStopsADfsioWriteThatKeepsWhatItMeasured() throws Exception {
    Stopped s = runAndSignal("TERM", "dfsio write:", "dfsio", "-write", "-nrFiles", "2", "--duration", "10m",
        "-bufferSize", "65536", "--embedded", "hdfs:1");
    System.out.printf("SIGNAL | dfsio -write --duration 10m, SIGTERM | exit %d | %d stderr line(s) | %.1f s after "
        + "the signal%n--- stdout%n%s--- stderr%n%s---%n", s.code(), s.err().lines().count(), s.secondsAfterSignal(),
        s.out(), s.err());
    assertEquals(143, s.code(), s.out() + s.err());
    assertTrue(s.err().contains("harness: SIGTERM: stopping the run and writing what it measured"), s.err());
    assertTrue(s.err().contains("dfsio: stopped by SIGTERM"), s.err());
    assertFalse(s.err().contains("\tat "), s.err());
    assertTrue(s.out().contains("----- TestDFSIO ----- : write"), s.out());
    assertTrue(s.out().contains("Aggregate throughput mb/sec: "), s.out());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(143, json.get("exitCode").asInt());
    assertEquals("SIGTERM", json.get("interrupted").asText());
    assertEquals(2, json.get("tasks").size());
    for (JsonNode t : json.get("tasks")) {
      assertTrue(t.get("interrupted").asBoolean(), t.toString());
      assertTrue(t.get("error").isNull(), t.toString());
      assertTrue(t.get("bytes").asLong() > 0, t.toString());
    }
    assertEquals("not written: the run was stopped by SIGTERM",
        json.get("figures").get("partFile").get("error").asText());
  }

  @Test
  void sigintStopsADfsgRunThatKeepsWhatItMeasured() throws Exception {
    Stopped s = runAndSignal("INT", "freon dfsg:", "freon", "dfsg", "-n", "100000000", "-s", "64KB", "-t", "2",
        "--embedded", "hdfs:1");
    System.out.printf("SIGNAL | freon dfsg, SIGINT | exit %d | %d stderr line(s) | %.1f s after the signal%n",
        s.code(), s.err().lines().count(), s.secondsAfterSignal());
    assertEquals(130, s.code(), s.out() + s.err());
    assertTrue(s.err().contains("freon dfsg: stopped by SIGINT"), s.err());
    JsonNode json = Runs.latestResult(work.resolve("harness-runs"));
    assertEquals(130, json.get("exitCode").asInt());
    assertEquals("SIGINT", json.get("interrupted").asText());
    long files = json.get("figures").get("files").asLong();
    assertTrue(files > 0, json.get("figures").toString());
    assertTrue(s.out().contains("Files written: " + files + " (0 failed)"), s.out());
  }
}
