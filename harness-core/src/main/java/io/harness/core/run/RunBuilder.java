package io.harness.core.run;

import io.harness.core.base.UsageException;
import io.harness.core.target.Target;
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

  /** This builder, as its own class (for setters of subclasses). */
  @SuppressWarnings("unchecked")
  protected final B self() {
    return (B) this;
  }

  /** Prints the run's block to {@code out}, and progress and failures to {@code err}. */
  public B printTo(PrintStream out, PrintStream err) {
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
    this.taskTimeoutNanos = timeout.toNanos();
    return self();
  }

  /**
   * Runs a loop's threads ({@link ItemLoop}, {@link PhaseLoop}) in {@code clients} maps of a MapReduce job, each with
   * the threads of {@link #threads(int)}, started by one barrier that waits at most {@code barrierTimeout}.
   */
  public B clients(int clients, Duration barrierTimeout) {
    this.clients = Clients.of("mapreduce", clients, null, barrierTimeout.toNanos(), false, new Configuration());
    return self();
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
    return run(FileSystem.getDefaultUri(conf), conf);
  }

  /**
   * Runs on the file system {@code fileSystem} (e.g. {@code ofs://om:9862/}, {@code hdfs://nn:8020}); a workload
   * with a target of its own (an offline generator's, Spark's) takes it for its paths that name no file system.
   */
  public RunOutcome run(URI fileSystem, Configuration conf) throws Exception {
    Configuration own = new Configuration(conf);
    Start<?> start = start(own, fileSystem, err);
    Recording recording = runDir == null ? null : Recording.to(runDir);
    // the run's own stop request: its exit code is this run's, whatever ran before it in this JVM
    io.harness.core.base.StopRequest stop = io.harness.core.base.StopRequest.open();
    try {
      Settings settings = new Settings(out, err, recording, List.of(), Map.of(), threads, taskTimeoutNanos, false,
          stop, clients);
      return start.run(new Pipeline(settings));
    } finally {
      stop.close();
    }
  }
}
