package io.harness.io500;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.Sizes;
import io.harness.core.base.UsageException;
import io.harness.core.engine.PhaseLoop;
import io.harness.core.engine.Settings;
import io.harness.core.engine.Slice;
import io.harness.core.fs.OwnDirectory;
import io.harness.core.fs.Target;
import io.harness.core.records.RunRecords;
import io.harness.core.workload.Figures;
import io.harness.core.workload.NamedWorkload;
import io.harness.core.workload.RunOutcome;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The io500 suite for the pipeline: the run's own directory {@code <path>/<prefix>} holds IO500's data directory
 * ({@code ior-easy}, {@code ior-hard}, {@code mdtest-easy}, {@code mdtest-hard} and the {@code timestampfile}); the
 * thirteen phases run on {@link PhaseLoop} ({@link Io500Phases}), each rank a thread, its figures are
 * {@link Io500Figures}'.
 */
public final class Io500Workload extends NamedWorkload<Target, Io500.Plan> {
  /** HDFS's limit on a directory's entries, and its default. */
  static final String MAX_DIRECTORY_ITEMS = "dfs.namenode.fs-limits.max-directory-items";
  static final long MAX_DIRECTORY_ITEMS_DEFAULT = 1024 * 1024;

  /** Where the run's own directory goes without --path. */
  static final String DEFAULT_PATH = "/harness-io500";

  private Path base;
  private OwnDirectory own;
  private String directory;
  private int clients = 1;

  /** The workload of {@code plan}; a saved run's directory was {@code directory} (null: a new run). */
  Io500Workload(Io500.Plan plan, String directory) {
    super("io500", "suite", plan);
    this.directory = directory;
  }

  @Override
  public void checkClients(int clients) {
    this.clients = clients;
  }

  @Override
  public String writesUnder() {
    return base == null ? null : base.toString();
  }

  @Override
  public java.util.Map<String, String> dataPaths(Target target) {
    return java.util.Map.of("--path", OwnDirectory.of(target, plan.path(), DEFAULT_PATH, plan.prefix(), directory));
  }

  @Override
  public void preflight(Target target) throws IOException {
    own = OwnDirectory.check(target, plan.path(), DEFAULT_PATH, plan.prefix(), directory, "io500");
    base = own.path();
    // mdtest-hard's one directory holds every rank's files: HDFS refuses entries past its limit, minutes into a run
    long ranks = (long) plan.threads() * clients;
    if ("hdfs".equals(target.fs().getUri().getScheme())) {
      long limit = target.fs().getConf().getLong(MAX_DIRECTORY_ITEMS, MAX_DIRECTORY_ITEMS_DEFAULT);
      if (limit > 0 && plan.hardFiles() > limit / ranks) {
        throw new UsageException("--mdtest-hard-n", ranks + " rank(s) x " + plan.hardFiles() + " files in "
            + "mdtest-hard's one directory exceed " + MAX_DIRECTORY_ITEMS + " (" + limit + "): give at most "
            + limit / ranks + ", or raise the NameNode's " + MAX_DIRECTORY_ITEMS);
      }
    }
  }

  @Override
  public Prepared prepare(Target target, Settings settings) throws IOException {
    FileSystem fs = target.fs();
    Path q = fs.makeQualified(base);
    directory = q.toString();
    int ranks = settings.allThreads(plan.threads());
    Io500Phases phases = new Io500Phases(plan, fs, q, ranks);
    try {
      phases.makeDirectories();
    } catch (IOException e) {
      throw new RunFailedException("cannot create " + q + ": " + e.getMessage(), e);
    }
    PhaseLoop loop = new PhaseLoop(phases.items(), plan.threads(), phases.phases(plan.threads()), "io500", Slice.over(settings.clients()));
    phases.loop(loop);
    String line = String.format(Locale.ROOT, "io500: %d rank(s) (%s), stonewall %s, ior-easy %s transfers "
        + "(at most %s a rank), ior-hard 47008 B transfers (at most %d a rank), mdtest-easy at most %d files a rank, "
        + "mdtest-hard at most %d a rank, in %s", ranks, ranks == plan.threads() ? "threads"
            : settings.clients().count() + " clients x " + plan.threads() + " threads",
        io.harness.core.base.Durations.format(plan.stonewallNanos()), Sizes.format(plan.easyTransfer()),
        Sizes.format(plan.easyBlock()), plan.hardSegments(), plan.easyFiles(), plan.hardFiles(), q);
    if (phases.spaceFloor() >= 0) {
      line += "; the ior writes end if its free space falls under " + Sizes.format(phases.spaceFloor())
          + " (half of it now)";
    }
    return new Prepared(loop, line, directory);
  }

  @Override
  public Figures figures(RunRecords records) {
    return Io500Figures.of(plan, directory, records);
  }

  /** Deletes the run's own directory (and only it), unless {@code --keep}. */
  @Override
  public Figures finish(Target target, RunOutcome outcome, Settings settings) {
    if (!plan.keep() && own != null) {
      own.delete(target, settings.err(), "io500");
    }
    return outcome.figures();
  }
}
