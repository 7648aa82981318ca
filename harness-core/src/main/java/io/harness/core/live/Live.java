package io.harness.core.live;

import io.harness.core.base.UsageException;
import io.harness.core.records.LiveFeed;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Where the live views of a command's runs go (one run, or an experiment's many, in turn): the metrics port
 * ({@code --metrics-port}, {@code --metrics-bind}: {@code /metrics}, {@code /live.json} and the live page), the
 * live CSV ({@code --live-csv}), and JMX ({@code --jmx}: each run's registry as MBeans of the platform MBean
 * server, domain {@code harness}, key {@code run} the run's id). Nothing listens or is written unless asked.
 *
 * <p>Its life: {@link #start} once the options are checked (a port in use is bad input, exit 2, before any run);
 * {@link #begin} and {@link #end} around each run; {@link #close} at the end, after the scraper got the final
 * values (see {@link LiveServer#awaitScrapeAfter}).
 */
public final class Live implements AutoCloseable {
  /** Runs whose final values stay on the endpoint and page (an experiment's, oldest dropped first). */
  static final int RUNS_KEPT = 50;
  /** The shortest interval of the CSV's rows and the page's points. */
  public static final long MIN_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  /**
   * What the options ask for.
   *
   * @param bind the address to listen on ({@code --metrics-bind}, loopback by default)
   * @param port the port ({@code --metrics-port}; null: no endpoint; 0: any free port)
   * @param csv the live CSV ({@code --live-csv}; null: none)
   * @param intervalNanos the live CSV's and page's interval ({@code --live-every})
   * @param jmx whether the runs' registries are MBeans ({@code --jmx})
   */
  public record Options(String bind, Integer port, Path csv, long intervalNanos, boolean jmx) {
    public static final String LOOPBACK = "127.0.0.1";
    public static final Options NONE = new Options(LOOPBACK, null, null, TimeUnit.SECONDS.toNanos(1), false);

    public boolean any() {
      return port != null || csv != null || jmx;
    }
  }

  private final Options options;
  /** The live page for this hub's JSON (from the report layer; its Chart.js inlined). */
  private final Function<String, String> page;
  private final Deque<LiveRun> runs = new ArrayDeque<>();
  private final Map<LiveRun, List<LiveTick>> ticks = new HashMap<>();
  private final Map<LiveRun, Map<String, HdrReservoir.Window>> windows = new HashMap<>();
  private final Map<LiveRun, LiveJmx> jmx = new HashMap<>();
  private LiveServer server;
  private LiveCsv csv;
  private ScheduledExecutorService ticker;
  private LiveRun current;
  private long lastEndNanos;
  private volatile String note;

  /** A hub for {@code options}; {@code page} makes the live page's HTML around the JSON's address. */
  public Live(Options options, Function<String, String> page) {
    this.options = options;
    this.page = page;
  }

  /** The live CSV's file ({@code --live-csv}), or null. */
  public Path csvFile() {
    return options.csv();
  }

  /** Asks for nothing: runs feed nobody. */
  public static Live none() {
    return new Live(Options.NONE, json -> "");
  }

  /**
   * Opens what the options ask for: the port (in use, or an address not of this machine: {@link UsageException}),
   * the ticker; checks the CSV's place (one that cannot be written: the same; the file is made when the first run
   * begins). Prints where the endpoint listens.
   */
  public synchronized void start(PrintStream err) {
    if (!options.any() || ticker != null) {
      return;
    }
    if (options.port() != null && (options.port() < 0 || options.port() > 65535)) {
      throw new UsageException("--metrics-port", "must be a port number (0 to 65535), was " + options.port());
    }
    if (options.bind() == null || options.bind().isBlank()) {
      throw new UsageException("--metrics-bind", "must not be empty");
    }
    if (options.intervalNanos() < MIN_INTERVAL_NANOS) {
      throw new UsageException("--live-every", "must be at least 10ms (each interval writes a row per kind of "
          + "call), was " + (options.intervalNanos() / 1e6) + " ms");
    }
    if (options.csv() != null) {
      io.harness.core.base.LocalOutputs.checkFile("--live-csv", options.csv());
    }
    if (options.port() != null) {
      server = LiveServer.start(options.bind(), options.port(), this::metrics, this::json, () -> page.apply("live.json"));
      err.println("metrics: http://" + hostPart(options.bind()) + ":" + server.port() + "/metrics (live page at /)");
    }
    ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "harness-live");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleAtFixedRate(this::tick, options.intervalNanos(), options.intervalNanos(), TimeUnit.NANOSECONDS);
  }

  private static String hostPart(String bind) {
    return bind.contains(":") ? "[" + bind + "]" : bind;
  }

  /** Whether the options ask for anything (else runs feed nobody). */
  public boolean asked() {
    return options.any();
  }

  /** A line the live page shows above the run going on (an experiment's: which of its runs it is). */
  public void note(String line) {
    this.note = line;
  }

  String note() {
    return note;
  }

  /** The port the endpoint listens on, or -1. */
  public synchronized int port() {
    return server == null ? -1 : server.port();
  }

  /** A run begins, labelled {@code labels}: the feed its engine records into ({@link LiveFeed#NONE} unless asked). */
  public synchronized LiveFeed begin(Map<String, String> labels) {
    if (!options.any()) {
      return LiveFeed.NONE;
    }
    if (options.csv() != null && csv == null) {
      // made when the first run begins, its checks passed: bad input leaves no file
      try {
        csv = new LiveCsv(options.csv());
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("--live-csv " + options.csv(), e);
      }
    }
    LiveRun run = new LiveRun(labels);
    runs.addLast(run);
    while (runs.size() > RUNS_KEPT) {
      forget(runs.removeFirst());
    }
    ticks.put(run, new ArrayList<>());
    windows.put(run, new HashMap<>());
    if (options.jmx()) {
      jmx.put(run, new LiveJmx(run.registry(), run.id()));
    }
    current = run;
    return run;
  }

  /** The run fed by {@code feed} ended with {@code figures} (its result's, for the page); its last tick is taken. */
  public synchronized void end(LiveFeed feed, Map<String, Object> figures) {
    if (!(feed instanceof LiveRun run) || run.ended()) {
      return;
    }
    run.end(figures);
    tickOf(run);
    if (current == run) {
      current = null;
    }
    lastEndNanos = System.nanoTime();
  }

  /** What the run going on now feeds ({@link LiveFeed#NONE} between runs or when nothing is asked). */
  public synchronized LiveFeed feed() {
    return current == null ? LiveFeed.NONE : current;
  }

  /** The run being fed now, or null between runs. */
  public synchronized LiveRun current() {
    return current;
  }

  /** The runs whose values the endpoint shows, oldest first. */
  public synchronized List<LiveRun> runs() {
    return List.copyOf(runs);
  }

  /** The run's ticks so far. */
  public synchronized List<LiveTick> ticks(LiveRun run) {
    return List.copyOf(ticks.getOrDefault(run, List.of()));
  }

  private synchronized void tick() {
    if (current != null) {
      tickOf(current);
    }
  }

  private void tickOf(LiveRun run) {
    List<LiveTick> list = ticks.get(run);
    if (list == null) {
      return;
    }
    LiveTick t = LiveTick.next(list.isEmpty() ? null : list.get(list.size() - 1), run, windows.get(run));
    list.add(t);
    if (list.size() > 3600) {
      list.remove(0);
    }
    if (csv != null) {
      csv.write(run.id(), t);
    }
  }

  private void forget(LiveRun run) {
    ticks.remove(run);
    windows.remove(run);
    LiveJmx beans = jmx.remove(run);
    if (beans != null) {
      beans.close();
    }
  }

  private String metrics() {
    return PrometheusText.of(runs());
  }

  private String json() {
    return LiveJson.of(this);
  }

  /**
   * Ends what {@link #start} opened: first waits (at most {@link LiveServer#FINAL_SCRAPE_MAX_NANOS}) for a
   * scraper that was fetching {@code /metrics} to fetch it once more after the last run ended.
   */
  @Override
  public void close() {
    LiveServer s;
    long since;
    synchronized (this) {
      s = server;
      since = lastEndNanos;
    }
    if (s != null && since != 0) {
      try {
        s.awaitScrapeAfter(since);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (this) {
      if (ticker != null) {
        ticker.shutdownNow();
      }
      if (server != null) {
        server.close();
        server = null;
      }
      new ArrayList<>(runs).forEach(this::forget);
      if (csv != null) {
        try {
          csv.close();
        } catch (IOException e) {
          // the rows so far were flushed as written
        }
        csv = null;
      }
    }
  }
}
