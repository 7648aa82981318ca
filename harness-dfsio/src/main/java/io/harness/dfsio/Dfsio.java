package io.harness.dfsio;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.options.EngineOptions;
import io.harness.core.options.UnitConverters;
import io.harness.core.records.Window;
import io.harness.core.run.WorkloadOptions;
import io.harness.core.fs.Target;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code harness dfsio}, and dfsio from Java: TestDFSIO's operations, checked into a {@link DfsioPlan}; the run
 * itself is {@link DfsioWorkload}'s ({@code -clean}: {@link DfsioClean}'s). The options and their defaults are the
 * fields below: the command line fills them, the Java API sets them, on a file system the caller has (a test's
 * MiniDFSCluster or MiniOzoneCluster, any Hadoop configuration). Nothing is printed or written from Java unless
 * asked ({@link #printTo}, {@link #saveTo}).
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
@Command(name = "dfsio", mixinStandardHelpOptions = true, sortOptions = false,
    header = "TestDFSIO's write, read, append, truncate and clean, with the wall-clock aggregate and latency.",
    subcommands = DfsioAnalyzeCommand.class,
    description = {
        "TestDFSIO-style I/O: each task writes, reads, appends to or truncates one file "
            + "io_data/test_io_<i> under the root; -clean deletes the root.",
        "Operations (exactly one): -write | -read [-random | -backward | -skip [-skipSize S]] | -append "
            + "| -truncate | -clean",
        "Prints TestDFSIO's block (appended to -resFile) and the harness's wall-clock aggregate and "
            + "per-call latency; writes the run's JSON.",
        "Options are case-insensitive, as in TestDFSIO. Sizes: B, KB, MB, GB, TB or K, M, G, T "
            + "(binary); a bare -fileSize is MB."})
public final class Dfsio extends WorkloadOptions<Dfsio, DfsioPlan> {
  /** TestDFSIO's default root. */
  public static final String DEFAULT_ROOT = "/benchmarks/TestDFSIO";
  /** The default seed of the data written. */
  public static final long DEFAULT_SEED = 0x5EEDL;
  private static final Units.Size DEFAULT_FILE_SIZE = Units.megabytes("1MB");

  @Mixin
  private final DfsioOperationOptions operation = new DfsioOperationOptions();

  @Option(names = "-nrFiles", paramLabel = "N",
      description = "Number of files, one task each (default: ${DEFAULT-VALUE}).")
  private int files = 1;

  @Option(names = {"-fileSize", "-size"}, paramLabel = "SIZE", converter = UnitConverters.Megabytes.class,
      description = "Size of each file (-write), bytes read per file (-read), bytes appended per file "
          + "(-append), new length (-truncate); a bare number is MB (default: ${DEFAULT-VALUE}).")
  private Units.Size fileSize = DEFAULT_FILE_SIZE;

  @Option(names = "-bufferSize", paramLabel = "SIZE", converter = UnitConverters.Bytes.class,
      description = "Bytes per write/read call; a bare number is bytes (default: ${DEFAULT-VALUE}).")
  private Units.Size bufferSize = Units.bytes("1000000");

  @Option(names = "-resFile", paramLabel = "FILE",
      description = "Local file the result block is appended to (default: ${DEFAULT-VALUE}).")
  private String resFile = "TestDFSIO_results.log";

  @Option(names = "--root", paramLabel = "DIR",
      description = "Run root on the target (default: -Dtest.build.data, else " + DEFAULT_ROOT
          + "; on --embedded ozone it is placed under /vol1/bucket1).")
  private String root;

  @Option(names = "-compression", paramLabel = "CODEC",
      description = "With -write and -read: compress what is written, decompress what is read, with this "
          + "Hadoop codec (class name, simple name or alias: org.apache.hadoop.io.compress.GzipCodec, "
          + "GzipCodec, gzip). Sizes and rates count uncompressed bytes, as in TestDFSIO.")
  private String compression;

  @Mixin
  private final DfsioPlacementOptions placement = new DfsioPlacementOptions();

  @Option(names = "--warmup", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "Leave each task's first TIME out of every figure (its calls, bytes and time); "
          + "e.g. 10s. A bare number is seconds.")
  private Units.Span warmup;

  @Option(names = "--duration", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "Time-bounded run: each task goes on until TIME after its warm-up (e.g. 60s, 5m). "
          + "-write and -append then write until the deadline (no -fileSize); reads start over at the "
          + "beginning each time they have read -fileSize bytes (backward and skip reads where they began).")
  private Units.Span duration;

  @Option(names = "--verify", description = "With -read (any mode): check every byte read against the "
      + "seeded data at its position; a mismatch fails the task.")
  private boolean verify;

  @Option(names = "--seed", paramLabel = "N",
      description = "Seed of the written data (and of -read -random's positions); -read --verify needs "
          + "the seed the files were written with (default: ${DEFAULT-VALUE}).")
  private long seed = DEFAULT_SEED;

  /** {@code --engine}, {@code --barrier}, {@code --start-at}, {@code --barrier-timeout}, {@code --count-late}. */
  @Mixin
  private final EngineOptions engine = new EngineOptions();

  private DfsioOperation op;
  private boolean fileSizeGiven;
  private String sizeOption = "-fileSize";
  private boolean fromCommandLine;

  /** No operation yet: the command line's flags name it. */
  public Dfsio() {
    super("dfsio", null, DfsioPlan.class);
  }

  private Dfsio(DfsioOperation op) {
    this();
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
    this.fileSize = Units.megabytes(size);
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
    operation.skipSize = Units.megabytes(size);
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

  /** {@code --root}: the run root (default {@value #DEFAULT_ROOT}; on Ozone under a bucket). */
  public Dfsio root(String root) {
    this.root = root;
    return this;
  }

  /** {@code -storagePolicy} (HDFS, with write). */
  public Dfsio storagePolicy(String policy) {
    placement.storagePolicy = policy;
    return this;
  }

  /** {@code -erasureCodePolicy} (HDFS, with write). */
  public Dfsio erasureCodePolicy(String policy) {
    placement.erasureCodePolicy = policy;
    return this;
  }

  /** {@code --replication} (Ozone, with write): {@code RATIS/THREE}, {@code EC/rs-3-2-1024k}. */
  public Dfsio replication(String replication) {
    placement.replication = replication;
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
    this.engine.engine(engine);
    return this;
  }

  /** {@code --barrier}: the MapReduce maps start together (null: as YARN starts them, as TestDFSIO's do). */
  public Dfsio barrier(io.harness.core.engine.StartBarrier barrier) {
    this.engine.barrier(barrier);
    return this;
  }

  /** The command line's: -size's spelling, -resFile (the Java API writes no file unless asked). */
  @Override
  public void fromCommandLine(List<String> line) {
    // -size is TestDFSIO's name for the size: messages say the name that was typed
    sizeOption = line.stream().anyMatch(a -> a.equalsIgnoreCase("-size")) ? "-size" : "-fileSize";
    fromCommandLine = true;
  }

  /** The checked plan; {@link UsageException} names the setting that is wrong. */
  @Override
  public DfsioPlan plan(Configuration conf) {
    String lowerEngine = engine.engine();
    if (op == null) {
      op = operation.select();
    }
    DfsioOptionChecks.resFile(fromCommandLine ? resFile : null);
    if (files < 1) {
      throw new UsageException("-nrFiles", "must be at least 1, was " + files);
    }
    // truncating to 0 bytes is a real truncate; every other operation needs a positive size
    DfsioOptionChecks.positive(op == DfsioOperation.TRUNCATE ? sizeOption : "-fileSize", fileSize,
        op == DfsioOperation.TRUNCATE);
    DfsioOptionChecks.buffer(bufferSize);
    if (verify && !op.isRead()) {
      throw new UsageException("--verify", "only applies to -read");
    }
    long skipBytes = operation.skipBytes(op, bufferSize);
    String codec = DfsioOptionChecks.codec(compression, op, conf);
    String normalized = DfsioOptionChecks.placement(op, placement.storagePolicy,
        placement.erasureCodePolicy, placement.replication);
    Window window = DfsioOptionChecks.window(op, warmup, duration, fileSizeGiven || fileSize != DEFAULT_FILE_SIZE);
    return new DfsioPlan(op, files, fileSize.bytes(), (int) bufferSize.bytes(), skipBytes, seed, verify, codec,
        window, root, sizeOption, placement.storagePolicy, placement.erasureCodePolicy, normalized,
        lowerEngine, DfsioOptionChecks.barrier(engine.barrier(conf), op));
  }

  @Override
  public DfsioWorkload workload(DfsioPlan plan, String root) {
    return new DfsioWorkload(plan, fromCommandLine ? resFile : null);
  }

  /** A fully qualified --root (hdfs://nn:8020/bench, o3fs://bucket.vol/bench) names the target itself. */
  @Override
  public TargetPath targetPath() {
    return new TargetPath("--root", root);
  }

  @Override
  public boolean measures(DfsioPlan plan) {
    return plan.op() != DfsioOperation.CLEANUP;
  }

  @Override
  public int unmeasured(DfsioPlan plan, Target target, PrintStream out) throws Exception {
    return DfsioClean.run(plan, target, out);
  }
}
