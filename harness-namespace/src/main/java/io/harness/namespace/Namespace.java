package io.harness.namespace;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.run.WorkloadOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness namespace}, and the namespace workload from Java: mdtest's phases on any Hadoop file system. The
 * run makes its own directory {@code <path>/<prefix>}, takes {@code -n} items through the phases in order, split
 * over the threads, each phase timed on its own, and deletes its directory at the end (unless {@code --keep}).
 * The options and their defaults are the fields below; the command line fills them, the Java API sets them, and
 * {@link #plan} checks them.
 *
 * <pre>{@code
 * RunOutcome r = Namespace.items(10_000).phases("create,stat,rename,delete").threads(10).path("/bench").run(conf);
 * double creates = r.figures(NamespaceFigures.class).phase("create").perSecond();
 * }</pre>
 */
@Command(name = "namespace", aliases = "meta", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Namespace operations through any Hadoop file system (hdfs://, ofs://, o3fs://, file://), in mdtest's "
            + "phases: each phase takes the run's -n items (split over the threads) through one call, all threads "
            + "start it together, and it is timed on its own.",
        "Prints each phase's ops/s and latency, checks what each phase left (files listed back), and deletes the "
            + "run's own directory <path>/<prefix> at the end (--keep leaves it)."})
public final class Namespace extends WorkloadOptions<Namespace, Namespace.Plan> {
  /** Threads by default, as Freon's generators. */
  static final int DEFAULT_THREADS = 10;

  /** The phases, in the order a run may take them. */
  public enum Phase {
    MKDIR, CREATE, STAT, READ, LIST, RENAME, DELETE, RMDIR;

    /** Its name on the command line, in the figures and as the kind of its calls: {@code create}. */
    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The phases when none are given. */
  static final List<String> DEFAULT_PHASES = List.of("create", "stat", "list", "rename", "delete");

  @Option(names = "--phases", paramLabel = "LIST", split = ",",
      description = "Phases, in order: mkdir, create, stat, read, list, rename, delete, rmdir (default: "
          + "create,stat,list,rename,delete).")
  private List<String> phases;

  @Option(names = "--mix", paramLabel = "OP=PERCENT,...", split = ",",
      description = "Instead of phases: after -n files are made (the populate phase), each thread picks its next "
          + "call by these percentages, adding up to 100, for --duration: create, stat, read, list, rename, delete "
          + "(e.g. create=10,stat=60,list=10,rename=10,delete=10), each on the thread's own files.")
  private List<String> mix;

  @Option(names = "--duration", paramLabel = "TIME",
      description = "How long --mix runs (10s, 5m; a bare number is seconds).")
  private String duration;

  @Option(names = "--rate", paramLabel = "N",
      description = "Open loop: N calls per second over all threads, each issued when due whether or not earlier "
          + "ones returned, its latency counted from when it was due (default: closed loop, each thread's next "
          + "call when its last returned).")
  private String rate;

  @Option(names = {"-n", "--items"}, paramLabel = "N",
      description = "Files (and directories, with mkdir) of the whole run, split over the threads "
          + "(default: ${DEFAULT-VALUE}).")
  private long items = 1000;

  @Option(names = {"-s", "--size"}, paramLabel = "SIZE",
      description = "Bytes written into each file at create, read back by read: 4096, 64KB, 1MB (binary units) "
          + "(default: ${DEFAULT-VALUE}, empty files).")
  private String size = "0";

  @Option(names = "--shared",
      description = "All threads in one directory (the NameNode's and the OM's locks taken by every thread), "
          + "instead of a directory per thread.")
  private boolean shared;

  @Option(names = "--rename-across",
      description = "rename moves each file into another directory (a sibling made before the phases) instead of "
          + "renaming it in its own.")
  private boolean renameAcross;

  @Option(names = "--depth", paramLabel = "D",
      description = "The files go into the leaves of a tree of directories this deep (mdtest -z), made before the "
          + "phases, in each thread's directory or the shared one; item i in leaf i mod span^depth "
          + "(default: ${DEFAULT-VALUE}, no tree).")
  private int depth = 0;

  @Option(names = "--span", paramLabel = "S",
      description = "Directories under each directory of the tree (mdtest -b; default: ${DEFAULT-VALUE}).")
  private int span = 10;

  @Option(names = "--lists", paramLabel = "N",
      description = "listStatus calls of the list phase per thread, on its directory (default: ${DEFAULT-VALUE}).")
  private long lists = 10;

  @Option(names = {"--path", "-r"}, paramLabel = "URI",
      description = "Directory the run's own directory goes under; a full URI (hdfs://nn:8020/dir, "
          + "ofs://om/vol/bucket/dir) names the file system too (default: /harness-namespace on the target, under "
          + "/vol1/bucket1 with --embedded ozone).")
  private String path;

  @Option(names = {"-p", "--prefix"}, paramLabel = "NAME",
      description = "The run's own directory under --path, which must not exist (default: 10 random lower-case "
          + "letters and digits).")
  private String prefix;

  @Option(names = "--keep", description = "Leave the run's directory and what the phases left in it.")
  private boolean keep;

  /**
   * What a namespace run is: options as above, checked. Saved in the run's JSON as {@code plan}. {@code mix}: the
   * percentages by operation (empty: the phases run), for {@code durationNanos}; {@code ratePerSec} 0: closed loop.
   */
  public record Plan(List<Phase> phases, long items, long fileBytes, boolean shared, boolean renameAcross,
      long lists, String path, String prefix, boolean keep, int threads, java.util.Map<String, Integer> mix,
      long durationNanos, double ratePerSec, int depth, int span) {
    /** Whether the run has this phase. */
    public boolean has(Phase p) {
      return phases.contains(p);
    }
  }

  /** The defaults (1000 items); the command line starts from them. */
  public Namespace() {
    super("namespace", "phases", Plan.class);
  }

  /** {@code -n}: items of the whole run. */
  public static Namespace items(long n) {
    Namespace o = new Namespace();
    o.items = n;
    return o;
  }

  /** {@code --mix}: e.g. {@code "create=10,stat=60,list=10,rename=10,delete=10"}, for {@code duration}. */
  public Namespace mix(String percentages, java.time.Duration duration) {
    this.mix = new ArrayList<>(List.of(percentages.split(",")));
    this.duration = duration.toMillis() + "ms";
    return this;
  }

  /** {@code --rate}: calls per second over all threads, open loop. */
  public Namespace rate(double perSecond) {
    this.rate = String.valueOf(perSecond);
    return this;
  }

  /** {@code --phases}: e.g. {@code "create,stat,delete"}. */
  public Namespace phases(String list) {
    this.phases = new ArrayList<>(List.of(list.split(",")));
    return this;
  }

  /** {@code -s}. */
  public Namespace size(String size) {
    this.size = size;
    return this;
  }

  /** {@code --shared}. */
  public Namespace shared() {
    this.shared = true;
    return this;
  }

  /** {@code --rename-across}. */
  public Namespace renameAcross() {
    this.renameAcross = true;
    return this;
  }

  /** {@code --depth} and {@code --span}: the files in the leaves of a tree. */
  public Namespace tree(int depth, int span) {
    this.depth = depth;
    this.span = span;
    return this;
  }

  /** {@code --lists}. */
  public Namespace lists(long n) {
    this.lists = n;
    return this;
  }

  /** {@code --path}. */
  public Namespace path(String path) {
    this.path = path;
    return this;
  }

  /** {@code --prefix}. */
  public Namespace prefix(String prefix) {
    this.prefix = prefix;
    return this;
  }

  /** {@code --keep}. */
  public Namespace keep() {
    this.keep = true;
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    if (items < 1) {
      throw new UsageException("-n", "must be at least 1, was " + items);
    }
    if (lists < 1) {
      throw new UsageException("--lists", "must be at least 1, was " + lists);
    }
    java.util.Map<String, Integer> weights = mix == null ? java.util.Map.of() : NamespaceChecks.mix(mix);
    if (!weights.isEmpty() && phases != null) {
      throw new UsageException("--mix", "runs instead of --phases: give one or the other");
    }
    long nanos = duration == null ? 0 : Units.nanos("--duration", duration);
    if (duration != null && nanos <= 0) {
      throw new UsageException("--duration", "must be positive, was " + duration);
    }
    if (weights.isEmpty() && duration != null) {
      throw new UsageException("--duration", "is how long --mix runs; the phases run through their -n items");
    }
    if (!weights.isEmpty() && duration == null) {
      throw new UsageException("--mix", "needs --duration (how long the mix runs)");
    }
    double perSecond = rate == null ? 0 : NamespaceChecks.rate(rate);
    List<Phase> order = weights.isEmpty() ? NamespaceChecks.phases(phases == null ? DEFAULT_PHASES : phases) : List.of(Phase.CREATE);
    long fileBytes = Units.bytes("-s", size, 0);
    if (fileBytes > 0 && !order.contains(Phase.CREATE)) {
      throw new UsageException("-s", "needs the create phase (it writes the bytes)");
    }
    if (path != null && path.isBlank()) {
      throw new UsageException("--path", "must not be empty");
    }
    String runPrefix = prefixOr(prefix);
    // by default no more threads than items; -t more than -n is bad input
    int threads = threadsOr((int) Math.min(DEFAULT_THREADS, items));
    if (threads > items) {
      throw new UsageException("-t", "must be at most -n (" + items + "): a thread needs an item, was " + threads);
    }
    if (perSecond > 0) {
      // a schedule that cannot be kept: too few calls for the threads in --duration, or more than a thread can issue
      io.harness.core.engine.Schedule.check("--rate", perSecond, weights.isEmpty() ? 0 : nanos, threads);
    }
    long dirs = NamespaceChecks.treeDirectories(depth, span);
    long trees = (shared ? 1L : threads) * (renameAcross && order.contains(Phase.RENAME) ? 2 : 1);
    if (dirs * trees > NamespaceChecks.MAX_TREE_DIRECTORIES) {
      throw new UsageException("--depth", "a tree of depth " + depth + " and span " + span + " has " + dirs
          + " directories, " + dirs * trees + " for this run's " + trees + " tree(s); at most "
          + NamespaceChecks.MAX_TREE_DIRECTORIES);
    }
    return new Plan(order, items, fileBytes, shared, renameAcross, lists, path,
        runPrefix, keep, threads, weights, nanos, perSecond, depth, span);
  }

  @Override
  public NamespaceWorkload workload(Plan plan, String root) {
    return new NamespaceWorkload(plan, root);
  }

  @Override
  public String threadsHelp() {
    return "Threads, each taking its share of the items through every phase (default: " + DEFAULT_THREADS
        + ", or -n when it is less).";
  }

  @Override
  public TargetPath targetPath() {
    return new TargetPath("--path", path);
  }
}
