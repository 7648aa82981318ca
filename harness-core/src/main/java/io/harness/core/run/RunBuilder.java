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

  @SuppressWarnings("unchecked")
  private B self() {
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

  /** The workload this builder describes, checked against {@code conf}. */
  protected abstract Workload<Target> workload(Configuration conf);

  /** Runs on the file system {@code conf} names ({@code fs.defaultFS}). */
  public RunOutcome run(Configuration conf) throws Exception {
    return run(FileSystem.getDefaultUri(conf), conf);
  }

  /** Runs on the file system {@code fileSystem} (e.g. {@code ofs://om:9862/}, {@code hdfs://nn:8020}). */
  public RunOutcome run(URI fileSystem, Configuration conf) throws Exception {
    Workload<Target> workload = workload(conf);
    Configuration own = new Configuration(conf);
    Recording recording = runDir == null ? null : Recording.to(runDir);
    // the run's own stop request: its exit code is this run's, whatever ran before it in this JVM
    io.harness.core.base.StopRequest stop = io.harness.core.base.StopRequest.open();
    try {
      Settings settings = new Settings(out, err, recording, List.of(), Map.of(), threads, taskTimeoutNanos, false,
          stop);
      URI uri = Target.check(own, fileSystem, "fileSystem");
      return new Pipeline(settings).run(workload, () -> Target.configured(own, uri));
    } finally {
      stop.close();
    }
  }
}
