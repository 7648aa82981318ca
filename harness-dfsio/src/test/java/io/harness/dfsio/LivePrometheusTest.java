package io.harness.dfsio;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.PrometheusServer;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics-port} watched by a real Prometheus server (scraping every second) during and after a dfsio read
 * of 6 s on the local file system: what Prometheus stored is the run's {@code result.json}.
 */
class LivePrometheusTest {
  @TempDir
  Path dir;

  @Test
  void prometheusStoresTheRunsBytesAndARateWithinItsSeconds() throws Exception {
    String root = dir.resolve("dfsio").toString();
    assertExit(Cli.run("dfsio", "-write", "-nrFiles", "2", "-fileSize", "16MB", "--root", root, "--run-dir",
        dir.resolve("written").toString(), "--no-report"), 0);
    int port = PrometheusServer.freePort();
    Path runs = dir.resolve("runs");
    Files.createDirectories(dir.resolve("prometheus"));
    try (PrometheusServer prometheus = PrometheusServer.start(dir.resolve("prometheus"), port)) {
      CompletableFuture<Run> read = CompletableFuture.supplyAsync(() -> Cli.run("dfsio", "-read", "-nrFiles", "2",
          "-fileSize", "16MB", "--duration", "6s", "--root", root, "--run-dir", runs.toString(), "--no-report",
          "--metrics-port", String.valueOf(port)));
      // during the run: Prometheus has its bytes while the run says it has not ended, and both tasks running
      Double during = null;
      Double running = null;
      while (!read.isDone() && (during == null || running == null)) {
        Double bytes = prometheus.query("sum(harness_bytes_total) and on() (max(harness_run_ended) == 0)");
        Double tasks = prometheus.query("sum(harness_tasks{state=\"running\"})");
        if (bytes != null && bytes > 0) {
          during = bytes;
        }
        if (tasks != null && tasks == 2) {
          running = tasks;
        }
        Thread.sleep(200);
      }
      Run r = read.get(2, TimeUnit.MINUTES);
      assertExit(r, 0);
      assertNotNull(during, "Prometheus never had the run's bytes while it ran: " + r.err());
      assertNotNull(running, "Prometheus never saw the two tasks running");
      assertTrue(r.err().contains("metrics: http://127.0.0.1:" + port + "/metrics"), r.err());

      JsonNode result = Runs.latestResult(runs);
      String runId = Runs.latest(runs).getFileName().toString();
      long bytes = result.at("/aggregate/bytes").asLong();
      assertTrue(bytes > during, bytes + " vs " + during);
      // after the run: the command waited for the scrape of its final values
      String total = "sum(harness_bytes_total{run_id=\"" + runId + "\"})";
      Double stored = prometheus.query(total);
      for (int i = 0; i < 50 && (stored == null || stored != bytes); i++) {
        Thread.sleep(200); // the scrape is in; its samples are being appended
        stored = prometheus.query(total);
      }
      assertEquals((double) bytes, stored, total);
      String reads = "sum(harness_operations_total{run_id=\"" + runId + "\",kind=\"read\"})";
      assertEquals(result.at("/aggregate/latency/read/count").asDouble(), prometheus.query(reads), reads);

      // a rate Prometheus computes in the middle of the run lies within the run's own per-second range
      List<Long> seconds = new ArrayList<>();
      for (JsonNode s : result.at("/aggregate/timeSeries")) {
        if (!s.get("partial").asBoolean()) {
          seconds.add(s.get("bytes").asLong());
        }
      }
      assertTrue(seconds.size() >= 4, seconds.toString());
      double at = result.at("/aggregate/firstStartEpochNanos").asLong() / 1e9 + 4.5;
      String rate = "sum(rate(harness_bytes_total{run_id=\"" + runId + "\"}[3s]))";
      Double perSecond = prometheus.query(rate, at);
      assertNotNull(perSecond, () -> rate + " at " + at + ": " + samples(prometheus, runId, at));
      long min = seconds.stream().mapToLong(Long::longValue).min().orElseThrow();
      long max = seconds.stream().mapToLong(Long::longValue).max().orElseThrow();
      System.out.printf("live: %s = %.0f, result.json aggregate bytes %d; %s at +4.5 s = %.0f B/s, the run's whole "
          + "seconds %d .. %d B/s%n", total, stored, bytes, rate, perSecond, min, max);
      assertTrue(perSecond >= min && perSecond <= max, perSecond + " not within " + seconds);
    }
  }

  @Test
  void aPortInUseIsBadInputBeforeAnythingIsWritten() throws Exception {
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      Path runs = dir.resolve("runs");
      Run r = Cli.run("dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", dir.resolve("d").toString(),
          "--run-dir", runs.toString(), "--metrics-port", String.valueOf(taken.getLocalPort()));
      io.harness.testkit.RunAssertions.assertUsageError(r, "--metrics-port");
      assertTrue(Files.notExists(runs) && Files.notExists(dir.resolve("d")), "something was written");
    }
    Run bad = Cli.run("dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root", dir.resolve("d").toString(),
        "--metrics-port", "70000");
    io.harness.testkit.RunAssertions.assertUsageError(bad, "--metrics-port");
    Run unknown = Cli.run("dfsio", "-write", "-nrFiles", "1", "-fileSize", "1MB", "--root",
        dir.resolve("d").toString(), "--metrics-port", "0", "--metrics-bind", "no-such-host.invalid");
    io.harness.testkit.RunAssertions.assertUsageError(unknown, "--metrics-bind");
  }

  /** The samples Prometheus holds of the run's bytes around {@code at}, for a failure's message. */
  private static String samples(PrometheusServer prometheus, String runId, double at) {
    try {
      StringBuilder b = new StringBuilder();
      for (String q : new String[] {"harness_bytes_total{run_id=\"" + runId + "\",kind=\"read\"}[12s]",
          "up[12s]", "scrape_duration_seconds[12s]"}) {
        b.append(q).append(": ").append(prometheus.get("/api/v1/query?query=" + java.net.URLEncoder.encode(q,
            java.nio.charset.StandardCharsets.UTF_8) + "&time=" + (at + 5)).path("result")).append('\n');
      }
      return b.toString();
    } catch (Exception e) {
      return e.toString();
    }
  }
}
