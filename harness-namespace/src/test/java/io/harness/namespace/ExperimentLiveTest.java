package io.harness.namespace;

import static io.harness.testkit.RunAssertions.assertExit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.harness.testkit.Cli;
import io.harness.testkit.PrometheusServer;
import io.harness.testkit.Run;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness experiment --metrics-port --live-csv}: two runs of a namespace mix on one hub. While the second
 * goes on, the page's JSON names it and lists the first with its figures; the CSV holds both runs' rows.
 */
class ExperimentLiveTest {
  @TempDir
  Path dir;

  @Test
  void thePageNamesTheRunGoingOnAndListsTheEndedOnes() throws Exception {
    Path yaml = dir.resolve("live.yaml");
    Files.writeString(yaml, String.join("\n", "name: live", "repeat: 2", "targets:", "  local:",
        "    fs: \"file:///\"", "    root: " + dir.resolve("root"), "workloads:", "  - name: mix",
        "    run: namespace --mix stat=100 --duration 3s --rate 100 -n 20 -t 1 --path ${root}/ns${run}", ""));
    int port = PrometheusServer.freePort();
    Path csv = dir.resolve("live.csv");
    CompletableFuture<Run> experiment = CompletableFuture.supplyAsync(() -> Cli.run("experiment", yaml.toString(),
        "-o", dir.resolve("out").toString(), "--metrics-port", String.valueOf(port), "--live-csv", csv.toString()));
    HttpClient http = HttpClient.newHttpClient();
    ObjectMapper json = new ObjectMapper();
    JsonNode seen = null;
    while (!experiment.isDone() && seen == null) {
      try {
        JsonNode j = json.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
            + "/live.json")).build(), HttpResponse.BodyHandlers.ofString()).body());
        if (j.path("running").asBoolean() && j.path("note").asText().startsWith("experiment run 2:")
            && j.path("finished").size() == 1) {
          seen = j;
        }
      } catch (java.io.IOException e) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    assertExit(experiment.get(5, TimeUnit.MINUTES), 0);
    assertNotNull(seen, "the page never named the second run while the first was listed as ended");
    JsonNode first = seen.path("finished").get(0);
    assertEquals(0, first.at("/figures/exit").asInt(), first.toString());
    assertTrue(first.path("operations").asLong() > 0, first.toString());
    assertTrue(seen.at("/run/run_id").asText().contains("namespace"), seen.toString());

    List<String[]> rows = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",")).toList();
    Set<String> runs = rows.stream().map(r -> r[1]).collect(Collectors.toSet());
    assertEquals(2, runs.size(), runs.toString());
  }
}
