package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real Prometheus server (Debian's {@code prometheus} package, {@value #BINARY}) started for a test: its own
 * configuration and data in a temporary folder, listening on a free loopback port, scraping one target every
 * second, ready once it has tried the target once; {@link #query} asks its HTTP API. {@link #close} stops it.
 */
public final class PrometheusServer implements AutoCloseable {
  public static final String BINARY = "/usr/bin/prometheus";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final int port;
  private final HttpClient http = HttpClient.newHttpClient();

  private PrometheusServer(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /** A free loopback port (for the harness's {@code --metrics-port}). */
  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Starts Prometheus in {@code dir}, scraping {@code 127.0.0.1:targetPort/metrics} every second (job harness). */
  public static PrometheusServer start(Path dir, int targetPort) throws IOException, InterruptedException {
    assertTrue(Files.isExecutable(Path.of(BINARY)), BINARY + " is missing: apt-get install prometheus");
    int port = freePort();
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(config, String.join("\n",
        "global:", "  scrape_interval: 1s", "  evaluation_interval: 1s",
        "scrape_configs:", "  - job_name: harness", "    scrape_interval: 1s", "    scrape_timeout: 1s",
        "    static_configs:", "      - targets: ['127.0.0.1:" + targetPort + "']", ""));
    Process p = new ProcessBuilder(BINARY, "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
        "--web.listen-address=127.0.0.1:" + port, "--log.level=warn")
        .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
    PrometheusServer server = new PrometheusServer(p, port);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!server.ready()) {
      assertTrue(p.isAlive(), "prometheus exited: " + Files.readString(dir.resolve("prometheus.log")));
      assertTrue(System.nanoTime() < until, "prometheus did not get ready: "
          + Files.readString(dir.resolve("prometheus.log")));
      Thread.sleep(200);
    }
    // its discovery hands the target to the scrape loop a few seconds after start: wait for the first try (up is 0
    // until the harness listens), so a run that starts now is scraped from its start
    while (server.query("up{job=\"harness\"}") == null) {
      assertTrue(System.nanoTime() < until, "prometheus never tried its target");
      Thread.sleep(200);
    }
    return server;
  }

  private boolean ready() {
    try {
      return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/-/ready")).build(),
          HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The instant query's first value now, or null when it has none. */
  public Double query(String promql) throws IOException, InterruptedException {
    return value(get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)));
  }

  /** The instant query's first value at {@code epochSeconds}, or null when it has none. */
  public Double query(String promql, double epochSeconds) throws IOException, InterruptedException {
    return value(get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&time="
        + epochSeconds));
  }

  /** The API's answer to {@code path}; a failed query fails the test with Prometheus's error. */
  public JsonNode get(String path) throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .build(), HttpResponse.BodyHandlers.ofString());
    JsonNode j = JSON.readTree(r.body());
    assertTrue("success".equals(j.path("status").asText()), path + ": " + r.body());
    return j.path("data");
  }

  private static Double value(JsonNode data) {
    JsonNode result = data.path("result");
    if (!result.isArray() || result.isEmpty()) {
      return null;
    }
    return Double.parseDouble(result.get(0).path("value").get(1).asText());
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
