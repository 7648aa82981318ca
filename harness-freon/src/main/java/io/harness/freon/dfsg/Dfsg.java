package io.harness.freon.dfsg;

import io.harness.core.base.UsageException;
import io.harness.core.run.RunBuilder;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import io.harness.core.util.Sizes;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;

/**
 * freon dfsg from Java: Freon's HCFS file generator through the same pipeline as {@code harness freon dfsg},
 * on a file system the caller has. Nothing is printed or written unless asked.
 *
 * <pre>{@code
 * RunOutcome r = Dfsg.files(500).size("1MB").threads(10).path("/vol1/bucket1/freon").run(conf);
 * double filesPerSecond = r.figures(DfsgFigures.class).filesPerSecond();
 * }</pre>
 */
public final class Dfsg extends RunBuilder<Dfsg> {
  /** Freon's default thread count. */
  static final int DEFAULT_THREADS = 10;

  private final long files;
  private String size = "10KB";
  private String buffer = "10240";
  private String copyBuffer = "4096";
  private DfsgPlan.Sync sync = DfsgPlan.Sync.NONE;
  private String path;
  private String prefix;
  private Duration duration;
  private String durationText;
  private boolean failAtEnd;
  private long seed = 24301;
  private int threads = DEFAULT_THREADS;

  private Dfsg(long files) {
    this.files = files;
  }

  /** {@code -n}: files to create. */
  public static Dfsg files(long n) {
    return new Dfsg(n);
  }

  /** {@code --duration}: create files until this much time has passed (instead of a number of files). */
  public static Dfsg forDuration(Duration duration) {
    Dfsg d = new Dfsg(0);
    d.duration = duration;
    return d;
  }

  /** {@code -s}: bytes per file; a bare number is bytes (default 10KB). */
  public Dfsg size(String size) {
    this.size = size;
    return this;
  }

  /** {@code --buffer}: the content buffer a file is written from (default 10240). */
  public Dfsg buffer(String size) {
    this.buffer = size;
    return this;
  }

  /** {@code --copy-buffer}: bytes per write() call, at most {@link #buffer} (default 4096). */
  public Dfsg copyBuffer(String size) {
    this.copyBuffer = size;
    return this;
  }

  /** {@code --sync}: after every write() call. */
  public Dfsg sync(DfsgPlan.Sync sync) {
    this.sync = sync;
    return this;
  }

  /** {@code --path}: the directory the files go under (default /freon-dfsg). */
  public Dfsg path(String path) {
    this.path = path;
    return this;
  }

  /** {@code --prefix}: the run's sub-directory (default: 10 random letters and digits). */
  public Dfsg prefix(String prefix) {
    this.prefix = prefix;
    return this;
  }

  /** {@code -f}: go on after a failed file. */
  public Dfsg failAtEnd() {
    this.failAtEnd = true;
    return this;
  }

  /** {@code --seed}: of the content buffer. */
  public Dfsg seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** {@code -t}: threads (default 10, as Freon). */
  @Override
  public Dfsg threads(int threads) {
    this.threads = threads;
    return super.threads(threads);
  }

  /** The duration as the command line typed it, for messages. */
  Dfsg duration(Duration duration, String text) {
    this.duration = duration;
    this.durationText = text;
    return this;
  }

  /** The checked plan; {@link UsageException} names the setting that is wrong. */
  public DfsgPlan plan() {
    if (files < 1 && duration == null) {
      throw new UsageException("-n", "must be at least 1, was " + files);
    }
    long fileBytes = size("-s", size, 0);
    int bufferBytes = (int) Math.min(Integer.MAX_VALUE - 16, size("--buffer", buffer, 1));
    int copyBytes = (int) Math.min(Integer.MAX_VALUE - 16, size("--copy-buffer", copyBuffer, 1));
    if (copyBytes > bufferBytes) {
      throw new UsageException("--copy-buffer", "must be at most --buffer (" + bufferBytes + " B), was "
          + copyBuffer);
    }
    if (duration != null && (duration.isZero() || duration.isNegative())) {
      throw new UsageException("--duration", "must be positive, was " + (durationText != null ? durationText
          : duration));
    }
    if (prefix != null && (prefix.isBlank() || prefix.contains("/") || prefix.contains("\\") || prefix.equals(".")
        || prefix.equals("..") || prefix.chars().anyMatch(Character::isISOControl))) {
      throw new UsageException("--prefix", "must be one directory name under --path (no '/', not '.' or '..'), was '"
          + prefix + "'");
    }
    if (path != null && path.isBlank()) {
      throw new UsageException("--path", "must not be empty");
    }
    if (threads < 1) {
      throw new UsageException("--threads", "must be at least 1, was " + threads);
    }
    return new DfsgPlan(files, fileBytes, bufferBytes, copyBytes, sync, path,
        prefix != null ? prefix : randomPrefix(), duration == null ? 0 : duration.toNanos(), threads, failAtEnd, seed);
  }

  private static long size(String option, String text, long min) {
    long v;
    try {
      v = Sizes.parse(text, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
    if (v < min) {
      throw new UsageException(option, "must be at least " + min + " B, was " + text);
    }
    return v;
  }

  private static String randomPrefix() {
    String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      b.append(alphabet.charAt(ThreadLocalRandom.current().nextInt(alphabet.length())));
    }
    return b.toString();
  }

  @Override
  protected Workload<Target> workload(Configuration conf) {
    return new DfsgWorkload(plan());
  }
}
