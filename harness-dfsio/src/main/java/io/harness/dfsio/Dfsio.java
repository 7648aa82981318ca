package io.harness.dfsio;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.engine.Window;
import io.harness.core.run.RunBuilder;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;

/**
 * dfsio from Java: TestDFSIO's operations, built in code and run through the same pipeline as
 * {@code harness dfsio}, on a file system the caller has (a test's MiniDFSCluster or MiniOzoneCluster, any
 * Hadoop configuration). Nothing is printed or written unless asked ({@link #printTo}, {@link #saveTo}).
 *
 * <pre>{@code
 * RunOutcome w = Dfsio.write().files(4).fileSize("64MB").root("/vol1/bucket1/bench").run(conf);
 * RunOutcome r = Dfsio.read().verify().files(4).fileSize("64MB").root("/vol1/bucket1/bench").run(conf);
 * DfsioFigures f = r.figures(DfsioFigures.class);   // TestDFSIO's figures: f.legacy().throughputMbSec()
 * double mbPerSec = r.aggregate().mbPerSec();       // wall-clock aggregate
 * }</pre>
 *
 * Sizes are typed as on the command line ({@code 64MB}, {@code 16G}; a bare {@link #fileSize} is MB, a bare
 * {@link #bufferSize} bytes). Bad settings throw {@link UsageException} naming the option, before anything is
 * created.
 */
public final class Dfsio extends RunBuilder<Dfsio> {
  private final DfsioOperation op;
  private int files = 1;
  private Units.Size fileSize = Units.megabytes("1MB");
  private boolean fileSizeGiven;
  private Units.Size bufferSize = Units.bytes(DfsioCommand.DEFAULT_BUFFER);
  private Units.Size skipSize;
  private long seed = DfsioCommand.DEFAULT_SEED;
  private boolean verify;
  private String compression;
  private String root;
  private String storagePolicy;
  private String erasureCodePolicy;
  private String replication;
  private Units.Span warmup;
  private Units.Span duration;
  private String engine;
  private String sizeOption = "-fileSize";

  private Dfsio(DfsioOperation op) {
    this.op = op;
  }

  /** {@code -write}: each task writes one file of {@link #fileSize} bytes of seeded data. */
  public static Dfsio write() {
    return new Dfsio(DfsioOperation.WRITE);
  }

  /** {@code -read}: each task reads {@link #fileSize} bytes of its file from the start. */
  public static Dfsio read() {
    return new Dfsio(DfsioOperation.READ);
  }

  /** {@code -append}: each task appends {@link #fileSize} bytes to its file. */
  public static Dfsio append() {
    return new Dfsio(DfsioOperation.APPEND);
  }

  /** {@code -truncate}: each file is cut to {@link #fileSize} bytes. */
  public static Dfsio truncate() {
    return new Dfsio(DfsioOperation.TRUNCATE);
  }

  /** Any operation, e.g. {@link DfsioOperation#READ_RANDOM} ({@code -read -random}). */
  public static Dfsio of(DfsioOperation op) {
    return new Dfsio(op);
  }

  /** {@code -nrFiles}: files, one task each (default 1). */
  public Dfsio files(int n) {
    this.files = n;
    return this;
  }

  /** {@code -fileSize}: e.g. {@code 64MB}; a bare number is MB (default 1MB). */
  public Dfsio fileSize(String size) {
    return fileSize(Units.megabytes(size));
  }

  Dfsio fileSize(Units.Size size) {
    this.fileSize = size;
    this.fileSizeGiven = true;
    return this;
  }

  /** {@code -bufferSize}: bytes per write()/read() call; a bare number is bytes (default 1000000). */
  public Dfsio bufferSize(String size) {
    this.bufferSize = Units.bytes(size);
    return this;
  }

  /** {@code -skipSize}, with {@code -read -skip}: bytes skipped after each buffer; a bare number is MB. */
  public Dfsio skipSize(String size) {
    this.skipSize = Units.megabytes(size);
    return this;
  }

  /** {@code --seed}: of the data written and verified, and of random reads' positions. */
  public Dfsio seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** {@code --verify}: a read checks every byte against the seeded data. */
  public Dfsio verify() {
    this.verify = true;
    return this;
  }

  /** {@code -compression}: a Hadoop codec (class name, simple name or alias such as {@code gzip}). */
  public Dfsio compression(String codec) {
    this.compression = codec;
    return this;
  }

  /** {@code --root}: the run root (default {@value DfsioCommand#DEFAULT_ROOT}; on Ozone under a bucket). */
  public Dfsio root(String root) {
    this.root = root;
    return this;
  }

  /** {@code -storagePolicy} (HDFS, with write). */
  public Dfsio storagePolicy(String policy) {
    this.storagePolicy = policy;
    return this;
  }

  /** {@code -erasureCodePolicy} (HDFS, with write). */
  public Dfsio erasureCodePolicy(String policy) {
    this.erasureCodePolicy = policy;
    return this;
  }

  /** {@code --replication} (Ozone, with write): {@code RATIS/THREE}, {@code EC/rs-3-2-1024k}. */
  public Dfsio replication(String replication) {
    this.replication = replication;
    return this;
  }

  /** {@code --warmup}: each task's first part is left out of every figure. */
  public Dfsio warmup(Duration warmup) {
    this.warmup = new Units.Span(warmup.toString(), warmup.toNanos());
    return this;
  }

  /** {@code --duration}: each task runs until this long after its warm-up. */
  public Dfsio duration(Duration duration) {
    this.duration = new Units.Span(duration.toString(), duration.toNanos());
    return this;
  }

  /** {@code --engine}: {@code local} or {@code mapreduce} (default: the configuration's framework decides). */
  public Dfsio engine(String engine) {
    this.engine = engine;
    return this;
  }

  /** The options as the command line gave them: the spans and sizes as typed, and how the size was spelt. */
  Dfsio fromCommandLine(Units.Size bufferSize, Units.Size skipSize, Units.Span warmup, Units.Span duration,
      String sizeOption, boolean fileSizeGiven) {
    this.bufferSize = bufferSize;
    this.skipSize = skipSize;
    this.warmup = warmup;
    this.duration = duration;
    this.sizeOption = sizeOption;
    this.fileSizeGiven = fileSizeGiven;
    return this;
  }

  /** The checked plan; {@link UsageException} names the setting that is wrong. */
  public DfsioPlan plan(Configuration conf) {
    if (files < 1) {
      throw new UsageException("-nrFiles", "must be at least 1, was " + files);
    }
    if (skipSize != null && op != DfsioOperation.READ_SKIP) {
      throw new UsageException("-skipSize", "only applies to -read -skip");
    }
    // truncating to 0 bytes is a real truncate; every other operation needs a positive size
    positive(op == DfsioOperation.TRUNCATE ? sizeOption : "-fileSize", fileSize, op == DfsioOperation.TRUNCATE);
    positive("-bufferSize", bufferSize, false);
    if (bufferSize.bytes() > Integer.MAX_VALUE - 16) {
      throw new UsageException("-bufferSize", "must be below 2 GB, was " + bufferSize);
    }
    if (verify && !op.isRead()) {
      throw new UsageException("--verify", "only applies to -read");
    }
    long skipBytes = 0;
    if (op == DfsioOperation.READ_SKIP) {
      // TestDFSIO: a skip read without (or with a zero) -skipSize skips one buffer each time
      long given = skipSize == null ? 0 : positive("-skipSize", skipSize, true);
      skipBytes = given == 0 ? bufferSize.bytes() : given;
    }
    if (engine != null && !engine.equalsIgnoreCase("local") && !engine.equalsIgnoreCase("mapreduce")) {
      throw new UsageException("--engine", "must be local or mapreduce, was '" + engine + "'");
    }
    String codec = DfsioOptionChecks.codec(compression, op, conf);
    String normalized = DfsioOptionChecks.placement(op, storagePolicy, erasureCodePolicy, replication);
    Window window = DfsioOptionChecks.window(op, warmup, duration, fileSizeGiven);
    return new DfsioPlan(op, files, fileSize.bytes(), (int) bufferSize.bytes(), skipBytes, seed, verify, codec,
        window, root, sizeOption, storagePolicy, erasureCodePolicy, normalized,
        engine == null ? null : engine.toLowerCase(java.util.Locale.ROOT));
  }

  private static long positive(String option, Units.Size size, boolean zeroAllowed) {
    if (size.bytes() < 0 || (size.bytes() == 0 && !zeroAllowed)) {
      throw new UsageException(option, "must be " + (zeroAllowed ? "zero or more" : "positive") + ", was " + size);
    }
    return size.bytes();
  }

  @Override
  protected Workload<Target> workload(Configuration conf) {
    return new DfsioWorkload(plan(conf), null);
  }
}
