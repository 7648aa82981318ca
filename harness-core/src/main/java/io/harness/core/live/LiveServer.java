package io.harness.core.live;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.harness.core.base.UsageException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The metrics port ({@code --metrics-port}): {@code /metrics} in Prometheus's text format, {@code /live.json} for
 * the live page, and the page itself at {@code /}. The JDK's HTTP server on one thread of its own: a request
 * reads the runs' counters and copies their histograms, and never takes a lock a task waits on, so a slow or
 * stuck scraper holds up nothing but itself.
 */
final class LiveServer implements AutoCloseable {
  /** The longest wait at the end for a scraper to fetch the final values. */
  static final long FINAL_SCRAPE_MAX_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final HttpServer server;
  private final ExecutorService executor;
  private long lastScrapeNanos;
  private long scrapeGapNanos;

  private LiveServer(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  private static boolean isLocal(InetAddress address) {
    try {
      return address.isLoopbackAddress() || java.net.NetworkInterface.getByInetAddress(address) != null;
    } catch (java.net.SocketException e) {
      return true; // cannot tell: binding will say
    }
  }

  /** Listens on {@code bind:port}; an address that is not this machine's or a port in use is bad input. */
  static LiveServer start(String bind, int port, Supplier<String> metrics, Supplier<String> json,
      Supplier<String> page) {
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new UsageException("--metrics-bind", "unknown host " + bind);
    }
    if (!address.isAnyLocalAddress() && !isLocal(address)) {
      throw new UsageException("--metrics-bind", bind + " is not an address of this machine");
    }
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(address, port), 16);
    } catch (BindException e) {
      throw new UsageException("--metrics-port", "cannot listen on " + bind + ":" + port + ": "
          + (e.getMessage() == null ? "in use" : e.getMessage().toLowerCase(java.util.Locale.ROOT)));
    } catch (IOException e) {
      throw new UsageException("--metrics-port", "cannot listen on " + bind + ":" + port + ": " + e.getMessage());
    }
    ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "harness-metrics");
      t.setDaemon(true);
      return t;
    });
    LiveServer live = new LiveServer(server, executor);
    server.createContext("/metrics", x -> live.scraped(x, metrics));
    server.createContext("/live.json", x -> send(x, 200, "application/json", json.get()));
    server.createContext("/", x -> {
      String path = x.getRequestURI().getPath();
      if (path.equals("/") || path.equals("/index.html")) {
        send(x, 200, "text/html; charset=utf-8", page.get());
      } else {
        send(x, 404, "text/plain; charset=utf-8", "not found: " + path + "\n");
      }
    });
    server.setExecutor(executor);
    server.start();
    return live;
  }

  /** The port it listens on (the one asked for, or the one given for 0). */
  int port() {
    return server.getAddress().getPort();
  }

  private void scraped(HttpExchange x, Supplier<String> metrics) throws IOException {
    send(x, 200, "text/plain; version=0.0.4; charset=utf-8", metrics.get());
    synchronized (this) {
      long now = System.nanoTime();
      if (lastScrapeNanos != 0) {
        scrapeGapNanos = now - lastScrapeNanos;
      }
      lastScrapeNanos = now;
      notifyAll();
    }
  }

  /**
   * Waits until a scraper that has been fetching {@code /metrics} fetched it once after {@code sinceNanos} (the
   * run's end), so it has the final values: at most three of its gaps between fetches, and at most
   * {@link #FINAL_SCRAPE_MAX_NANOS}. Returns at once when nobody scraped.
   */
  synchronized void awaitScrapeAfter(long sinceNanos) throws InterruptedException {
    if (lastScrapeNanos == 0) {
      return;
    }
    long wait = scrapeGapNanos == 0 ? FINAL_SCRAPE_MAX_NANOS : Math.min(FINAL_SCRAPE_MAX_NANOS, 3 * scrapeGapNanos);
    long until = System.nanoTime() + wait;
    while (lastScrapeNanos - sinceNanos < 0) {
      long left = until - System.nanoTime();
      if (left <= 0) {
        return;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
  }

  private static void send(HttpExchange x, int status, String type, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", type);
    x.getResponseHeaders().set("Cache-Control", "no-store");
    x.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
