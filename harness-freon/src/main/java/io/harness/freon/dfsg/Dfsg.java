package io.harness.freon.dfsg;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.run.WorkloadOptions;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon dfsg}, and freon dfsg from Java: Freon's HCFS file generator. Threads create files
 * {@code <path>/<prefix>/<n>} of {@code -s} bytes through any Hadoop file system, writing a content buffer
 * {@code --copy-buffer} bytes per call with an optional hflush / hsync after each call, and time every file from
 * create to close. The options and their defaults are the fields below; the command line fills them, the Java
 * API sets them, and {@link #plan} checks them. Nothing is printed or written from Java unless asked.
 *
 * <pre>{@code
 * RunOutcome r = Dfsg.files(500).size("1MB").threads(10).path("/vol1/bucket1/freon").run(conf);
 * double filesPerSecond = r.figures(DfsgFigures.class).filesPerSecond();
 * }</pre>
 */
@Command(name = "dfsg", aliases = "dfs-file-generator", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Creates files through any Hadoop file system (hdfs://, ofs://, o3fs://, file://), as Ozone's "
            + "'freon dfsg': <path>/<prefix>/<0..n-1>, each -s bytes.",
        "Prints files/s, MB/s, failures and the per-file create+write+close latency; writes the run's JSON."})
public final class Dfsg extends WorkloadOptions<Dfsg, Dfsg.Plan> {
  /** Freon's default thread count. */
  static final int DEFAULT_THREADS = 10;

  @Option(names = {"-n", "--number-of-tests"}, paramLabel = "N",
      description = "Files to create (default: ${DEFAULT-VALUE}; ignored with --duration).")
  private long files = 1000;

  @Option(names = {"-s", "--size"}, paramLabel = "SIZE",
      description = "Bytes per file: B, KB, MB, GB or K, M, G (binary); a bare number is bytes "
          + "(default: ${DEFAULT-VALUE}).")
  private String size = "10KB";

  @Option(names = "--buffer", paramLabel = "SIZE",
      description = "Bytes of the content buffer a file is written from, over and over (default: ${DEFAULT-VALUE}).")
  private String buffer = "10240";

  @Option(names = "--copy-buffer", paramLabel = "SIZE",
      description = "Bytes per write() call, at most --buffer (default: ${DEFAULT-VALUE}).")
  private String copyBuffer = "4096";

  @Option(names = "--sync", paramLabel = "MODE",
      description = "After every write() call: NONE, HFLUSH or HSYNC (default: ${DEFAULT-VALUE}).")
  private Sync sync = Sync.NONE;

  @Option(names = {"-r", "--rpath", "--path"}, paramLabel = "URI",
      description = "Directory the files go under; a full URI (hdfs://nn:8020/dir, ofs://om/vol/bucket/dir, "
          + "o3fs://bucket.vol/dir) names the file system too (default: /freon-dfsg on the target, under "
          + "/vol1/bucket1 with --embedded ozone).")
  private String path;

  @Option(names = {"-p", "--prefix"}, paramLabel = "PREFIX",
      description = "Sub-directory of --path for this run's files (default: 10 random lower-case letters and "
          + "digits, as Freon).")
  private String prefix;

  @Option(names = "--duration", paramLabel = "TIME",
      description = "Create files until this much time has passed (10s, 5m; a bare number is seconds) "
          + "instead of -n files.")
  private String duration;

  @Option(names = {"-f", "--fail-at-end"},
      description = "Go on after a failed file and report failures at the end (default: stop at the first).")
  private boolean failAtEnd;

  @Option(names = "--seed", paramLabel = "N", description = "Seed of the content buffer (default: ${DEFAULT-VALUE}).")
  private long seed = 24301;

  private Duration span;

  /** What a run of freon dfsg is: options as above, checked. Saved in the run's JSON as {@code plan}. */
  public record Plan(long files, long fileBytes, int bufferBytes, int copyBytes, Sync sync, String path,
      String prefix, long durationNanos, int threads, boolean failAtEnd, long seed) {
    public boolean timeBounded() {
      return durationNanos > 0;
    }
  }

  /** What follows each write() call. */
  public enum Sync { NONE, HFLUSH, HSYNC }

  /** The defaults (1000 files); the command line starts from them. */
  public Dfsg() {
    super("freon", "dfsg", Plan.class);
  }

  /** {@code -n}: files to create. */
  public static Dfsg files(long n) {
    Dfsg d = new Dfsg();
    d.files = n;
    return d;
  }

  /** {@code --duration}: create files until this much time has passed (instead of a number of files). */
  public static Dfsg forDuration(Duration duration) {
    Dfsg d = files(0);
    d.span = duration;
    return d;
  }

  /** {@code -s}. */
  public Dfsg size(String size) {
    this.size = size;
    return this;
  }

  /** {@code --buffer}. */
  public Dfsg buffer(String size) {
    this.buffer = size;
    return this;
  }

  /** {@code --copy-buffer}. */
  public Dfsg copyBuffer(String size) {
    this.copyBuffer = size;
    return this;
  }

  /** {@code --sync}. */
  public Dfsg sync(Sync sync) {
    this.sync = sync;
    return this;
  }

  /** {@code --path}. */
  public Dfsg path(String path) {
    this.path = path;
    return this;
  }

  /** {@code --prefix}. */
  public Dfsg prefix(String prefix) {
    this.prefix = prefix;
    return this;
  }

  /** {@code -f}. */
  public Dfsg failAtEnd() {
    this.failAtEnd = true;
    return this;
  }

  /** {@code --seed}. */
  public Dfsg seed(long seed) {
    this.seed = seed;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    if (files < 1 && span == null && duration == null) {
      throw new UsageException("-n", "must be at least 1, was " + files);
    }
    long fileBytes = Units.bytes("-s", size, 0);
    int bufferBytes = array("--buffer", buffer);
    int copyBytes = array("--copy-buffer", copyBuffer);
    if (copyBytes > bufferBytes) {
      throw new UsageException("--copy-buffer", "must be at most --buffer (" + bufferBytes + " B), was " + copyBuffer);
    }
    long nanos = span != null ? span.toNanos() : duration != null ? Units.nanos("--duration", duration) : 0;
    if ((span != null || duration != null) && nanos <= 0) {
      throw new UsageException("--duration", "must be positive, was " + (span != null ? span : duration));
    }
    String runPrefix = prefixOr(prefix);
    if (path != null && path.isBlank()) {
      throw new UsageException("--path", "must not be empty");
    }
    return new Plan(files, fileBytes, bufferBytes, copyBytes, sync, path, runPrefix,
        nanos, threadsOr(DEFAULT_THREADS), failAtEnd, seed);
  }


  /** A buffer's size: at least a byte and below 2 GB (one Java array, whose offsets stay ints), never cut down. */
  private static int array(String option, String size) {
    long bytes = Units.bytes(option, size, 1);
    if (bytes > Integer.MAX_VALUE - 16) {
      throw new UsageException(option, "must be below 2 GB, was " + size);
    }
    return (int) bytes;
  }

  @Override
  public DfsgWorkload workload(Plan plan, String root) {
    return new DfsgWorkload(plan, root);
  }

  @Override
  public String group() {
    return "freon";
  }

  @Override
  public String threadsHelp() {
    return "Threads creating the files (default: " + DEFAULT_THREADS + ", as Freon's dfsg).";
  }

  @Override
  public TargetPath targetPath() {
    return new TargetPath("--path", path);
  }
}
