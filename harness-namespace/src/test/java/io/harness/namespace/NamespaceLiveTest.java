package io.harness.namespace;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.harness.testkit.Cli;
import io.harness.testkit.PrometheusServer;
import io.harness.testkit.Run;
import io.harness.testkit.Runs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A namespace mix (populate, then 4 s of calls at a rate) with {@code --metrics-port}, scraped every second by a
 * real Prometheus server: the operations it stored, per kind of call, are the run's own counts in result.json.
 */
class NamespaceLiveTest {
  @TempDir
  Path dir;

  @Test
  void prometheusStoresTheRunsOperationsPerKind() throws Exception {
    int port = PrometheusServer.freePort();
    Files.createDirectories(dir.resolve("prometheus"));
    Path runs = dir.resolve("runs");
    try (PrometheusServer prometheus = PrometheusServer.start(dir.resolve("prometheus"), port)) {
      Run r = Cli.run("namespace", "-fs", "file:///", "--path", dir.resolve("ns").toString(), "--run-dir",
          runs.toString(), "--no-report", "--mix", "create=20,stat=60,delete=20", "--duration", "4s", "--rate", "300",
          "-n", "200", "-t", "2", "--metrics-port", String.valueOf(port));
      assertExit(r, 0);
      JsonNode result = Runs.latestResult(runs);
      String runId = Runs.latest(runs).getFileName().toString();
      long all = 0;
      for (Iterator<Map.Entry<String, JsonNode>> it = result.at("/aggregate/latency").fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> kind = it.next();
        long count = kind.getValue().get("count").asLong();
        all += count;
        String q = "sum(harness_operations_total{run_id=\"" + runId + "\",kind=\"" + kind.getKey() + "\"})";
        Double stored = prometheus.query(q);
        for (int i = 0; i < 50 && (stored == null || stored != count); i++) {
          Thread.sleep(200); // the last scrape is in; its samples are being appended
          stored = prometheus.query(q);
        }
        assertEquals((double) count, stored, q);
      }
      String q = "sum(harness_operations_total{run_id=\"" + runId + "\"})";
      Double total = prometheus.query(q);
      System.out.printf("live: %s = %.0f; result.json's calls, all kinds: %d; %s%n", q, total, all,
          result.at("/aggregate/latency").toString().replaceAll("\"histogram\":\"[^\"]*\",?", ""));
      assertEquals((double) all, total, q);
      assertTrue(all > 300, "a 4 s mix at 300/s and its populate: " + all);
    }
  }
}
