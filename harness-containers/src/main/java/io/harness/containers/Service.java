package io.harness.containers;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * One server JVM in a container of its own: host network, its configuration and data in host directories
 * mounted at the same paths (so a restarted container finds its data, and tools on the host can read or
 * write a stopped service's volumes), its output appended to {@code logs/<name>.log}. The container counts
 * as started once the service accepts connections on its RPC port.
 */
public final class Service {
  /** The JDK reflection the servers need on Java 17 (Guice, Netty, RocksDB, Kerby). */
  private static final List<String> ADD_OPENS = List.of("java.base/java.lang", "java.base/java.util",
      "java.base/java.lang.reflect", "java.base/java.io", "java.base/java.net", "java.base/java.nio",
      "java.base/sun.nio.ch", "java.base/java.util.concurrent", "java.base/java.util.concurrent.atomic",
      "java.base/java.lang.invoke", "java.security.jgss/sun.security.krb5");

  /**
   * The image's JRE as {@code JAVA_HOME}: the child JVMs a service starts (a NodeManager's application masters and
   * tasks, launched as {@code $JAVA_HOME/bin/java}) need it, and the image sets no environment of its own.
   */
  private static final String JAVA_HOME =
      "export JAVA_HOME=\"$(dirname \"$(dirname \"$(readlink -f \"$(command -v java)\")\")\")\"; ";

  private final String name;
  private final ClusterImage image;
  private final String mainClass;
  private final List<String> initArgs;
  private final Path confDir;
  private final Path dataDir;
  private final Path log;
  /**
   * A system property: more JVM options for every server JVM, split on white space (the project's own tests give
   * them the client compiler only, as their own JVMs).
   */
  public static final String SERVER_OPTIONS = "harness.containers.serverOptions";

  private final String heap;
  private final int rpcPort;
  private final Launch launch;
  private GenericContainer<?> container;
  private PrintStream logStream;
  private boolean initialized;

  /**
   * What a service needs beyond its site files, for servers configured otherwise (Spark's master and workers): its
   * main class's arguments, more JVM options, environment variables, host directories mounted read-only at the same
   * path, and the loopback address it listens on (its RPC port is awaited there).
   */
  record Launch(List<String> args, List<String> jvmOptions, Map<String, String> env, List<Path> readOnly,
      String address) {
    static final Launch NONE = new Launch(List.of(), List.of(), Map.of(), List.of(), "127.0.0.1");
  }

  /** {@code initArgs}: the one-time step before the first start (e.g. {@code -format}), or null. */
  Service(String name, ClusterImage image, String mainClass, List<String> initArgs, Path confDir,
      Path dataDir, Path log, String heap, int rpcPort, Launch launch) {
    this.name = name;
    this.image = image;
    this.mainClass = mainClass;
    this.initArgs = initArgs;
    this.confDir = confDir;
    this.dataDir = dataDir;
    this.log = log;
    this.heap = heap;
    this.rpcPort = rpcPort;
    this.launch = launch;
  }

  public String name() {
    return name;
  }

  /** The host directory of this service's site file and log4j setup (read-only in its container). */
  public Path confDir() {
    return confDir;
  }

  /** The host directory that holds this service's data, mounted at the same path in its container. */
  public Path dataDir() {
    return dataDir;
  }

  public Path log() {
    return log;
  }

  public int rpcPort() {
    return rpcPort;
  }

  /** Starts a new container (removing the previous one, if any); the first start runs the init step. */
  public synchronized void start(Duration limit) {
    removeContainer();
    String run = java(mainClass, launch.args());
    String cmd = JAVA_HOME + (!initialized && initArgs != null ? java(mainClass, initArgs) + " && exec " + run
        : "exec " + run);
    try {
      logStream = new PrintStream(Files.newOutputStream(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
          true, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    logStream.println("==== " + name + ": " + cmd);
    PrintStream out = logStream;
    GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(image.name()))
        .withNetworkMode("host")
        .withFileSystemBind(confDir.toString(), confDir.toString(), BindMode.READ_ONLY)
        .withFileSystemBind(dataDir.toString(), dataDir.toString(), BindMode.READ_WRITE)
        .withEnv(launch.env())
        .withCommand("sh", "-c", cmd)
        .withLogConsumer(frame -> out.print(frame.getUtf8String()))
        .waitingFor(new RpcPortOpen().withStartupTimeout(limit));
    for (Path dir : launch.readOnly()) {
      c.withFileSystemBind(dir.toString(), dir.toString(), BindMode.READ_ONLY);
    }
    container = c;
    try {
      c.start();
    } catch (RuntimeException e) {
      throw new IllegalStateException(name + " did not start: " + e.getMessage() + "\n" + logTail(40), e);
    }
    initialized = true;
  }

  /**
   * {@code docker kill}: the JVM gets SIGKILL; the stopped container stays until the next start. A service whose
   * process has already ended is down as asked: this says so on stderr with its log's last lines, and returns.
   */
  public synchronized void kill() {
    if (!running()) {
      System.err.println(name + " had already exited before it was killed (" + exitState() + "); its log ends:\n"
          + logTail(30));
      return;
    }
    DockerClientFactory.instance().client().killContainerCmd(container.getContainerId()).exec();
  }

  /** How the container ended, as Docker says: its exit code, whether the kernel's OOM killer ended it, when. */
  private String exitState() {
    try {
      var state = DockerClientFactory.instance().client().inspectContainerCmd(container.getContainerId()).exec()
          .getState();
      return "exit code " + state.getExitCodeLong() + ", OOM-killed " + state.getOOMKilled() + ", at "
          + state.getFinishedAt();
    } catch (RuntimeException e) {
      return "no state: " + e.getMessage();
    }
  }

  /**
   * {@code docker pause}: every thread of the JVM frozen, its sockets open. The kernel's freezer gives up when a
   * thread stays in an uninterruptible wait (a write to a busy disk), and runc then reports "unable to freeze" and
   * leaves the container running: such a pause is tried again, five times at most, half a second apart.
   */
  public synchronized void pause() {
    for (int attempt = 1; ; attempt++) {
      try {
        DockerClientFactory.instance().client().pauseContainerCmd(container.getContainerId()).exec();
        return;
      } catch (RuntimeException e) {
        if (attempt == 5 || e.getMessage() == null || !e.getMessage().contains("unable to freeze")) {
          throw e;
        }
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while pausing " + container.getContainerId(), e);
      }
    }
  }

  public synchronized void unpause() {
    DockerClientFactory.instance().client().unpauseContainerCmd(container.getContainerId()).exec();
  }

  /**
   * {@code docker stop}: the JVM gets SIGTERM and runs its shutdown hooks (stores closed), SIGKILL after 30 s;
   * then its container is removed. The data stays; {@link #start} runs the service again on it.
   */
  public synchronized void stop() {
    if (container != null && container.isRunning()) {
      try {
        DockerClientFactory.instance().client().stopContainerCmd(container.getContainerId()).withTimeout(30).exec();
      } catch (RuntimeException alreadyStopped) {
        // it ended meanwhile: nothing left to stop
      }
    }
    removeContainer();
  }

  /** Removes the container at once (Testcontainers kills a running one): the data stays. */
  public synchronized void remove() {
    removeContainer();
  }

  public synchronized boolean running() {
    return container != null && container.isRunning();
  }

  private void removeContainer() {
    if (container != null) {
      container.stop();
      container = null;
    }
    if (logStream != null) {
      logStream.close();
      logStream = null;
    }
  }

  /** The last {@code lines} lines of this service's log. */
  public String logTail(int lines) {
    try {
      List<String> all = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** The JVM options every service gets for the JDK reflection its libraries need on Java 17. */
  static List<String> addOpens() {
    List<String> opts = new ArrayList<>();
    for (String open : ADD_OPENS) {
      opts.add("--add-opens=" + open + "=ALL-UNNAMED");
    }
    return opts;
  }

  private String java(String main, List<String> args) {
    List<String> cmd = new ArrayList<>(List.of("java", "-Xmx" + heap, "-XX:+UseSerialGC",
        "-XX:+ExitOnOutOfMemoryError", "-Djava.net.preferIPv4Stack=true"));
    cmd.addAll(addOpens());
    cmd.addAll(launch.jvmOptions());
    cmd.addAll(List.of(System.getProperty(SERVER_OPTIONS, "").trim().split("\\s+")).stream()
        .filter(o -> !o.isEmpty()).toList());
    cmd.addAll(List.of("-cp", confDir + ":" + image.classPath(), main));
    cmd.addAll(args);
    StringBuilder sb = new StringBuilder();
    for (String a : cmd) {
      sb.append(sb.length() == 0 ? "" : " ").append('\'').append(a.replace("'", "'\\''")).append('\'');
    }
    return sb.toString();
  }

  /** Ready when the service accepts a connection on its RPC port; fails as soon as its container ends. */
  private final class RpcPortOpen extends AbstractWaitStrategy {
    @Override
    protected void waitUntilReady() {
      long deadline = System.nanoTime() + startupTimeout.toNanos();
      while (System.nanoTime() < deadline) {
        if (!waitStrategyTarget.isRunning()) {
          throw new ContainerLaunchException(name + " exited before it listened on port " + rpcPort);
        }
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(InetAddress.getByName(launch.address()), rpcPort), 1000);
          return;
        } catch (IOException notYet) {
          try {
            Thread.sleep(200);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerLaunchException("interrupted", e);
          }
        }
      }
      throw new ContainerLaunchException(name + " not listening on port " + rpcPort + " after " + startupTimeout);
    }
  }
}
