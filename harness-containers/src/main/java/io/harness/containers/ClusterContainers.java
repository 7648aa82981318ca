package io.harness.containers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;

/**
 * What the HDFS and Ozone clusters of containers share: their services by name, the control of each
 * (kill, pause, stop, start), the site files they are configured with, the client's configuration, and the
 * wait for a state the cluster itself reports.
 */
public abstract class ClusterContainers implements AutoCloseable {
  /** The log4j setup every service gets: everything INFO and up on its output, so the container log has it. */
  private static final String LOG4J = String.join("\n",
      "log4j.rootLogger=INFO, console",
      "log4j.appender.console=org.apache.log4j.ConsoleAppender",
      "log4j.appender.console.layout=org.apache.log4j.PatternLayout",
      "log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{1}: %m%n", "");

  private static final ObjectMapper JSON = new ObjectMapper();

  protected final Path root;
  protected final ClusterImage image;
  private final Map<String, Service> services = new LinkedHashMap<>();
  private final List<String> datanodes = new ArrayList<>();
  private Configuration client;
  private Path clientFile;
  private double startSeconds;

  protected ClusterContainers(Path root, ClusterImage image) throws IOException {
    this.root = root.toAbsolutePath();
    this.image = image;
    Files.createDirectories(this.root.resolve("logs"));
    // without Ryuk (no image to run it from) nothing else removes the containers of a JVM that exits early
    Runtime.getRuntime().addShutdownHook(new Thread(this::closeQuietly, "stop-" + this.root.getFileName()));
  }

  /** The file system URI clients use: {@code hdfs://127.0.0.1:PORT} or {@code ofs://127.0.0.1:PORT}. */
  public abstract URI uri();

  /** A client configuration for this cluster (a copy: change it freely). */
  public Configuration configuration() {
    return new Configuration(client);
  }

  /** The same client configuration as a file, for {@code -conf} or as a Hadoop {@code core-site.xml}. */
  public Path configurationFile() {
    return clientFile;
  }

  public Service service(String name) {
    Service s = services.get(name);
    if (s == null) {
      throw new NoSuchElementException("no service " + name + " (there are " + services.keySet() + ")");
    }
    return s;
  }

  /** The datanodes' service names, in start order ({@code dn1}, {@code dn2}, ...). */
  public List<String> datanodes() {
    return List.copyOf(datanodes);
  }

  public Service datanode(int index) {
    return service(datanodes.get(index));
  }

  /** Seconds from the first container's start to the cluster's readiness. */
  public double startSeconds() {
    return startSeconds;
  }

  public Path root() {
    return root;
  }

  /** Waits (up to {@code limit}) until the cluster reports itself ready for clients again. */
  public abstract void awaitReady(Duration limit) throws IOException, InterruptedException;

  protected final Service add(String name, String mainClass, List<String> initArgs, Map<String, String> site,
      String siteFile, String heap, int rpcPort) throws IOException {
    return add(name, mainClass, initArgs, site, siteFile, heap, rpcPort, Service.Launch.NONE);
  }

  /** A service started as {@code launch} says (its arguments, environment, mounts, address). */
  protected final Service add(String name, String mainClass, List<String> initArgs, Map<String, String> site,
      String siteFile, String heap, int rpcPort, Service.Launch launch) throws IOException {
    Path conf = Files.createDirectories(root.resolve("conf").resolve(name));
    Path data = Files.createDirectories(root.resolve("data").resolve(name));
    writeSite(conf.resolve(siteFile), site);
    Files.writeString(conf.resolve("log4j.properties"), LOG4J);
    Service s = new Service(name, image, mainClass, initArgs, conf, data,
        root.resolve("logs").resolve(name + ".log"), heap, rpcPort, launch);
    services.put(name, s);
    if (name.startsWith("dn")) {
      datanodes.add(name);
    }
    return s;
  }

  protected final void client(Map<String, String> site, String siteFile) throws IOException {
    Path dir = Files.createDirectories(root.resolve("conf").resolve("client"));
    clientFile = dir.resolve(siteFile);
    writeSite(clientFile, site);
    client = new Configuration();
    site.forEach(client::set);
  }

  /** A GET of a service's JSON (a REST API, a web UI's state): its answer; anything but HTTP 200 is an error. */
  protected static JsonNode getJson(URI uri) throws IOException {
    HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
    c.setRequestProperty("Accept", "application/json");
    c.setConnectTimeout(5000);
    c.setReadTimeout(30000);
    try {
      if (c.getResponseCode() != 200) {
        throw new IOException("GET " + uri + ": HTTP " + c.getResponseCode());
      }
      try (InputStream in = c.getInputStream()) {
        return JSON.readTree(in);
      }
    } finally {
      c.disconnect();
    }
  }

  /** The data directory of a service, inside the cluster's root (the same path in its container). */
  protected final String dataPath(String service, String sub) {
    return root.resolve("data").resolve(service).resolve(sub).toString();
  }

  /** What a cluster does once ready, before clients get it (e.g. create a bucket). */
  protected interface Step {
    void run() throws IOException;
  }

  /**
   * Starts every service in the order they were added, waits for the cluster's readiness, runs {@code then};
   * on any failure stops what started and rethrows.
   */
  protected final void startAll(Duration limit, Step then) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    try {
      startAgain(limit);
      then.run();
    } catch (IOException | InterruptedException | RuntimeException e) {
      close();
      throw e;
    }
    startSeconds = (System.nanoTime() - t0) / 1e9;
  }

  /**
   * Starts every service again on the data it kept (after {@link #stop()}, {@link #close()} or a fault), in the order they were
   * added, and waits for the cluster's readiness.
   */
  public final void startAgain(Duration limit) throws IOException, InterruptedException {
    for (Service s : services.values()) {
      s.start(limit);
    }
    awaitReady(limit);
  }

  static void writeSite(Path file, Map<String, String> site) throws IOException {
    Configuration c = new Configuration(false);
    site.forEach(c::set);
    try (OutputStream out = Files.newOutputStream(file)) {
      c.writeXml(out);
    }
  }

  /**
   * Polls {@code ready} until it holds; on timeout fails with {@code what}, the last state {@code ready}
   * saw (its exception, if it threw) and the end of every service's log.
   */
  protected final void await(String what, Duration limit, Callable<Boolean> ready) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    Exception last = null;
    while (System.nanoTime() < deadline) {
      try {
        if (ready.call()) {
          return;
        }
        last = null;
      } catch (InterruptedException e) {
        throw e;
      } catch (Exception e) {
        last = e;
      }
      Thread.sleep(500);
    }
    StringBuilder logs = new StringBuilder();
    for (Service s : services.values()) {
      logs.append("\n--- ").append(s.name()).append(" (").append(s.log()).append(")\n").append(s.logTail(15));
    }
    throw new IllegalStateException("cluster not ready after " + limit.toSeconds() + " s: " + what
        + (last == null ? "" : " (last: " + last + ")") + logs);
  }

  private void closeQuietly() {
    try {
      close();
    } catch (RuntimeException ignored) {
      // the JVM is exiting: the containers that could be stopped are
    }
  }

  /**
   * Stops every service the way an operator would ({@code docker stop}: SIGTERM, shutdown hooks, stores
   * closed), the datanodes first; the data stays in {@link #root()} for tools that need a stopped cluster (the
   * offline generators) and for {@link #startAgain}.
   */
  public void stop() {
    each(Service::stop);
  }

  /** Removes every container at once (a running one is killed); the data stays in {@link #root()}. */
  @Override
  public void close() {
    each(Service::remove);
  }

  /** {@code action} on every service, the datanodes first; the first failure is rethrown after all ran. */
  private void each(java.util.function.Consumer<Service> action) {
    RuntimeException first = null;
    List<Service> all = new ArrayList<>(services.values());
    java.util.Collections.reverse(all);
    for (Service s : all) {
      try {
        action.accept(s);
      } catch (RuntimeException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
