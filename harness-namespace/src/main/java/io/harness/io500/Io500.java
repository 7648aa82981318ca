package io.harness.io500;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.run.WorkloadOptions;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness io500}, and the suite from Java: IO500's thirteen scored phases, in IO500's order, on any Hadoop
 * file system, each rank a thread ({@code -t}) of this JVM or of a client ({@code --clients} on the MapReduce
 * engine); the score computed as IO500 computes it. The options and their defaults (IO500's own: a 300 s stonewall,
 * 2 MiB transfers, 47008-byte transfers, a million files per rank) are the fields below.
 *
 * <pre>{@code
 * RunOutcome r = Io500.stonewall(Duration.ofSeconds(20)).threads(4).path("/bench").run(conf);
 * double score = r.figures(Io500Figures.class).score().total();
 * }</pre>
 */
@Command(name = "io500", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "IO500's phases on any Hadoop file system (hdfs://, ofs://, o3fs://, file://), in IO500's order, each rank a "
            + "thread (-t) or a thread of a client (--clients): ior-easy-write, mdtest-easy-write, timestamp, "
            + "ior-hard-write, mdtest-hard-write, find, ior-easy-read, mdtest-easy-stat, ior-hard-read, "
            + "mdtest-hard-stat, mdtest-easy-delete, mdtest-hard-read, mdtest-hard-delete; then the score as IO500 "
            + "computes it (bandwidth: the geometric mean of the ior phases in GiB/s; metadata: of the mdtest phases "
            + "and find in kIOPS; total: the square root of their product), with IO500's [RESULT] and [SCORE ] lines.",
        "IO500-style, not a valid IO500 submission. Where it differs from IO500: "
            + Io500Figures.DEVIATIONS_TEXT,
        "The run makes its own directory <path>/<prefix> and deletes it at the end (--keep leaves it)."})
public final class Io500 extends WorkloadOptions<Io500, Io500.Plan> {
  /** Ranks (threads) by default. */
  static final int DEFAULT_THREADS = 4;
  /** IO500's stonewall, in seconds: a write phase that ends before it is invalid. */
  static final long IO500_STONEWALL_SECONDS = 300;
  /** ior-hard's transfer, IO500's: 47008 bytes, on no block boundary. */
  static final int HARD_TRANSFER = 47008;
  /** mdtest-hard's file size, IO500's. */
  static final int HARD_FILE = 3901;
  /** The most items (transfers, files) of one rank in one phase. */
  static final long MOST = 1_000_000_000_000L;

  @Option(names = "--stonewall", paramLabel = "TIME",
      description = "How long each write phase writes before every rank stops and wears out to the most any rank "
          + "wrote (IO500: 300 s; a shorter one is a quick run, marked invalid) (default: ${DEFAULT-VALUE}).")
  private String stonewall = IO500_STONEWALL_SECONDS + "s";

  @Option(names = "--ior-easy-transfer", paramLabel = "SIZE",
      description = "ior-easy's transfer (IO500's transferSize) (default: ${DEFAULT-VALUE}, 2 MiB).")
  private String easyTransfer = "2m";

  @Option(names = "--ior-easy-block", paramLabel = "SIZE",
      description = "The most ior-easy writes into each rank's file (IO500's blockSize; the stonewall ends it "
          + "sooner) (default: ${DEFAULT-VALUE}).")
  private String easyBlock = "9920000m";

  @Option(names = "--ior-hard-segments", paramLabel = "N",
      description = "The most 47008-byte transfers ior-hard writes per rank (IO500's segmentCount; the stonewall "
          + "ends it sooner) (default: ${DEFAULT-VALUE}).")
  private long hardSegments = 10_000_000;

  @Option(names = "--mdtest-easy-n", paramLabel = "N",
      description = "The most empty files mdtest-easy makes per rank (IO500's n; the stonewall ends it sooner) "
          + "(default: ${DEFAULT-VALUE}).")
  private long easyFiles = 1_000_000;

  @Option(names = "--mdtest-hard-n", paramLabel = "N",
      description = "The most 3901-byte files mdtest-hard makes per rank, all in one directory (IO500's n; the "
          + "stonewall ends it sooner; HDFS's dfs.namenode.fs-limits.max-directory-items bounds ranks x N) "
          + "(default: ${DEFAULT-VALUE}).")
  private long hardFiles = 1_000_000;

  @Option(names = {"--path", "-r"}, paramLabel = "URI",
      description = "Directory the run's own directory goes under; a full URI (hdfs://nn:8020/dir, "
          + "ofs://om/vol/bucket/dir) names the file system too (default: /harness-io500 on the target, under "
          + "/vol1/bucket1 with --embedded ozone).")
  private String path;

  @Option(names = {"-p", "--prefix"}, paramLabel = "NAME",
      description = "The run's own directory under --path, which must not exist (default: 10 random lower-case "
          + "letters and digits).")
  private String prefix;

  @Option(names = "--seed", paramLabel = "N",
      description = "Seed of the bytes written and verified (default: ${DEFAULT-VALUE}).")
  private long seed = 500;

  @Option(names = "--keep", description = "Leave the run's directory and what the phases left in it.")
  private boolean keep;

  /**
   * What an io500 run is, checked; saved in the run's JSON as {@code plan}. Sizes in bytes, counts per rank.
   */
  public record Plan(long stonewallNanos, long easyTransfer, long easyBlock, long hardSegments, long easyFiles,
      long hardFiles, String path, String prefix, long seed, boolean keep, int threads) {
    /** ior-easy's most transfers per rank. */
    public long easyTransfers() {
      return easyBlock / easyTransfer;
    }

    /** Whether the stonewall is IO500's. */
    public boolean io500Stonewall() {
      return stonewallNanos == IO500_STONEWALL_SECONDS * 1_000_000_000L;
    }
  }

  /** The defaults; the command line starts from them. */
  public Io500() {
    super("io500", "suite", Plan.class);
  }

  /** {@code --stonewall}. */
  public static Io500 stonewall(Duration stonewall) {
    Io500 o = new Io500();
    o.stonewall = stonewall.toMillis() + "ms";
    return o;
  }

  /** {@code --ior-easy-transfer} and {@code --ior-easy-block}. */
  public Io500 iorEasy(String transfer, String block) {
    this.easyTransfer = transfer;
    this.easyBlock = block;
    return this;
  }

  /** {@code --ior-hard-segments}. */
  public Io500 iorHardSegments(long n) {
    this.hardSegments = n;
    return this;
  }

  /** {@code --mdtest-easy-n} and {@code --mdtest-hard-n}. */
  public Io500 mdtest(long easy, long hard) {
    this.easyFiles = easy;
    this.hardFiles = hard;
    return this;
  }

  /** {@code --path}. */
  public Io500 path(String path) {
    this.path = path;
    return this;
  }

  /** {@code --prefix}. */
  public Io500 prefix(String prefix) {
    this.prefix = prefix;
    return this;
  }

  /** {@code --keep}. */
  public Io500 keep() {
    this.keep = true;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    long wall = Units.nanos("--stonewall", stonewall);
    if (wall < 1_000_000_000L) {
      throw new UsageException("--stonewall", "must be at least 1 s, was " + stonewall);
    }
    if (wall > Duration.ofDays(1).toNanos()) {
      throw new UsageException("--stonewall", "must be at most a day, was " + stonewall);
    }
    long transfer = Units.bytes("--ior-easy-transfer", easyTransfer, 1);
    if (transfer > Integer.MAX_VALUE - 8) {
      throw new UsageException("--ior-easy-transfer", "must be under 2 GiB (one buffer), was " + easyTransfer);
    }
    long block = Units.bytes("--ior-easy-block", easyBlock, 1);
    if (block < transfer || block % transfer != 0) {
      throw new UsageException("--ior-easy-block", "must be a whole number of transfers of " + easyTransfer
          + " (as IOR's blockSize), was " + easyBlock);
    }
    positive("--ior-hard-segments", hardSegments);
    positive("--mdtest-easy-n", easyFiles);
    positive("--mdtest-hard-n", hardFiles);
    if (path != null && path.isBlank()) {
      throw new UsageException("--path", "must not be empty");
    }
    int threads = threadsOr(DEFAULT_THREADS);
    if (block / transfer > MOST) {
      throw new UsageException("--ior-easy-block", "must be at most 10^12 transfers of " + easyTransfer + ", was "
          + easyBlock);
    }
    if (hardSegments > Long.MAX_VALUE / HARD_TRANSFER) {
      throw new UsageException("--ior-hard-segments", hardSegments + " x 47008 bytes overflow a file's length");
    }
    return new Plan(wall, transfer, block, hardSegments, easyFiles, hardFiles, path, prefixOr(prefix), seed, keep,
        threads);
  }

  private static void positive(String option, long n) {
    if (n < 1) {
      throw new UsageException(option, "must be at least 1, was " + n);
    }
    if (n > MOST) {
      throw new UsageException(option, "must be at most 10^12, was " + n);
    }
  }

  @Override
  public Io500Workload workload(Plan plan, String root) {
    return new Io500Workload(plan, root);
  }

  @Override
  public String threadsHelp() {
    return "Ranks of this JVM (of each client with --clients): IO500's processes (default: " + DEFAULT_THREADS
        + "). With one rank in all, every read is the writer's own.";
  }

  @Override
  public TargetPath targetPath() {
    return new TargetPath("--path", path);
  }
}
