package io.harness.core.run;

import io.harness.core.engine.Settings;

import io.harness.core.engine.Clients;
import io.harness.core.workload.RunOutcome;
import io.harness.core.workload.RunTarget;
import io.harness.core.workload.TargetSource;
import io.harness.core.workload.Workload;

import io.harness.core.base.UsageException;
import io.harness.core.live.Live;
import io.harness.core.fs.Target;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The Java API's common part: how a workload built in code runs on a file system the caller already has (its
 * own MiniDFSCluster or MiniOzoneCluster, or any Hadoop {@link Configuration}), through the same pipeline as
 * the command line. By default nothing is printed and nothing is written; {@link #printTo} and
 * {@link #saveTo} ask for the block and for the run's folder (records, {@code result.json}). Bad input is a
 * {@link UsageException} (an {@link IllegalArgumentException}-like runtime exception naming the setting).
 *
 * @param <B> the workload's own builder
 */
public abstract class RunBuilder<B extends RunBuilder<B>> {
  private PrintStream out = new PrintStream(OutputStream.nullOutputStream());
  private PrintStream err = out;
  private Path runDir;
  private Integer threads;
  private long taskTimeoutNanos;
  private Clients clients;
  private Live.Options live = Live.Options.NONE;
  private Live hub;

  /** {@code d} in nanoseconds: null, zero, negative or longer than a long counts (292 years) is bad input. */
  private static long positiveNanos(String name, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new UsageException(name, "must be positive, was " + d);
    }
    try {
      return d.toNanos();
    } catch (ArithmeticException e) {
      throw new UsageException(name, "must be at most 292 years, was " + d);
    }
  }

  /** This builder, as its own class (for setters of subclasses). */
  @SuppressWarnings("unchecked")
  protected final B self() {
    return (B) this;
  }

  /** Prints the run's block to {@code out}, and progress and failures to {@code err}. */
  public B printTo(PrintStream out, PrintStream err) {
    if (out == null || err == null) {
      throw new UsageException("printTo", "the " + (out == null ? "out" : "err") + " stream must not be null (a "
          + "run prints nothing unless asked)");
    }
    this.out = out;
    this.err = err;
    return self();
  }

  /** Saves the run's folder (its records, {@code result.json}, its log) under {@code runDir}. */
  public B saveTo(Path runDir) {
    this.runDir = runDir;
    return self();
  }

  /** Threads of the local engine (default: one per task, at most twice the cores). */
  public B threads(int threads) {
    if (threads < 1) {
      throw new UsageException("threads", "must be at least 1, was " + threads);
    }
    this.threads = threads;
    return self();
  }

  /** The threads {@link #threads(int)} set, or {@code otherwise} when it was not called. */
  protected int threadsOr(int otherwise) {
    return threads != null ? threads : otherwise;
  }

  /** Fails a task stuck in one call longer than {@code timeout} (default: never). */
  public B taskTimeout(Duration timeout) {
    this.taskTimeoutNanos = positiveNanos("taskTimeout", timeout);
    return self();
  }

  /**
   * Runs a loop's threads ({@link ItemLoop}, {@link PhaseLoop}) in {@code clients} maps of a MapReduce job, each with
   * the threads of {@link #threads(int)}, started by one barrier that waits at most {@code barrierTimeout}.
   */
  public B clients(int clients, Duration barrierTimeout) {
    positiveNanos("barrierTimeout", barrierTimeout);
    this.clients = Clients.of("mapreduce", clients, null, barrierTimeout.toNanos(), false, new Configuration());
    return self();
  }

  /**
   * Serves the run's live metrics on {@code port} while it runs ({@code --metrics-port}): Prometheus's text at
   * {@code /metrics}, {@code /live.json}, the live page at {@code /}; 0 takes any free port (its address goes to
   * {@link #printTo}'s {@code err}). A port in use is a {@link UsageException} when the run starts.
   */
  public B metricsPort(int port) {
    if (port < 0 || port > 65535) {
      throw new UsageException("metricsPort", "must be a port number (0 to 65535), was " + port);
    }
    live = new Live.Options(live.bind(), port, live.csv(), live.intervalNanos(), live.jmx());
    return self();
  }

  /** The address {@link #metricsPort} listens on (default {@value Live.Options#LOOPBACK}: this machine only). */
  public B metricsBind(String address) {
    if (address == null || address.isBlank()) {
      throw new UsageException("metricsBind", "must not be empty");
    }
    live = new Live.Options(address, live.port(), live.csv(), live.intervalNanos(), live.jmx());
    return self();
  }

  /** Writes a row per {@link #liveEvery} interval to {@code file} while the run goes on (replaced if it exists). */
  public B liveCsv(Path file) {
    live = new Live.Options(live.bind(), live.port(), file, live.intervalNanos(), live.jmx());
    return self();
  }

  /** The interval of the live CSV's rows and the live page's points (default 1 s, at least 10 ms). */
  public B liveEvery(Duration every) {
    if (every == null || every.compareTo(Duration.ofNanos(Live.MIN_INTERVAL_NANOS)) < 0) {
      throw new UsageException("liveEvery", "must be at least 10ms, was " + every);
    }
    live = new Live.Options(live.bind(), live.port(), live.csv(), positiveNanos("liveEvery", every), live.jmx());
    return self();
  }

  /** The run's live metrics as MBeans of this JVM (domain {@code harness}) while it runs. */
  public B jmx() {
    live = new Live.Options(live.bind(), live.port(), live.csv(), live.intervalNanos(), true);
    return self();
  }

  /**
   * Feeds the run's live view to {@code hub}, which the caller started ({@link Live#start}) and closes: several runs
   * on one port, one after the other (as {@code harness experiment} does), or a port the caller reads
   * ({@link Live#port}). Make one with {@link #liveHub}. Instead of the options above.
   */
  public B live(Live hub) {
    this.hub = hub;
    return self();
  }

  /** A live hub for {@code options}, its page the report's when the report layer is on the class path. */
  public static Live liveHub(Live.Options options) {
    return new Live(options, RunReports.find()::livePage);
  }

  /**
   * The run this builder describes, checked against {@code conf} (the run's own copy): its workload, on the file
   * system {@code fileSystem} names unless it runs on a target of its own (which may print to {@code err}).
   */
  protected abstract Start<?> start(Configuration conf, URI fileSystem, PrintStream err);

  /**
   * A checked run: its workload and how the run gets what the workload works on.
   *
   * @param <T> what the workload runs on
   */
  public record Start<T extends RunTarget>(Workload<T> workload, TargetSource<T> target) {
    /**
     * {@code workload} on what {@code target} opens. The two come from one options class, which gives a workload of
     * the kind of target it gives (a {@link Target}, or its own): the one unchecked conversion relies on that.
     */
    @SuppressWarnings("unchecked")
    static <T extends RunTarget> Start<T> of(Workload<? extends RunTarget> workload,
        TargetSource<? extends RunTarget> target) {
      return new Start<>((Workload<T>) workload, (TargetSource<T>) target);
    }

    /** Runs the workload through {@code pipeline}. */
    public RunOutcome run(Pipeline pipeline) throws Exception {
      return pipeline.run(workload, target);
    }
  }

  /** Runs on the file system {@code conf} names ({@code fs.defaultFS}). */
  public RunOutcome run(Configuration conf) throws Exception {
    if (conf == null) {
      throw new UsageException("conf", "must not be null (new Configuration() reads the site files)");
    }
    return run(FileSystem.getDefaultUri(conf), conf);
  }

  /**
   * Runs on the file system {@code fileSystem} (e.g. {@code ofs://om:9862/}, {@code hdfs://nn:8020}); a workload
   * with a target of its own (an offline generator's, Spark's) takes it for its paths that name no file system.
   */
  public RunOutcome run(URI fileSystem, Configuration conf) throws Exception {
    if (fileSystem == null || conf == null) {
      throw new UsageException(conf == null ? "conf" : "fileSystem", "must not be null");
    }
    Configuration own = new Configuration(conf);
    if (runDir != null) {
      // as --run-dir: one that cannot be written is bad input before anything is made
      io.harness.core.base.LocalOutputs.checkDirectory("saveTo", runDir);
    }
    Start<?> start = start(own, fileSystem, err);
    Live ownHub = hub == null && live.any() ? liveHub(live) : null;
    Live watching = hub != null ? hub : ownHub;
    if (ownHub != null) {
      ownHub.start(err); // a port in use, a CSV that cannot be written: UsageException, before anything is made
    }
    Recording recording = runDir == null && watching == null ? null : Recording.to(runDir);
    if (recording != null && watching != null) {
      recording.live(watching);
    }
    // the run's own stop request: its exit code is this run's, whatever ran before it in this JVM
    io.harness.core.base.StopRequest stop = io.harness.core.base.StopRequest.open();
    try {
      Settings settings = new Settings(out, err, recording, List.of(), Map.of(), threads, taskTimeoutNanos, false,
          stop, clients);
      return start.run(new Pipeline(settings, recording));
    } finally {
      stop.close();
      if (ownHub != null) {
        ownHub.close(); // after a scraper that was fetching /metrics got the final values (at most 10 s)
      }
    }
  }
}
