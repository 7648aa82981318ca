package io.harness.teragen;

import io.harness.core.base.UsageException;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.harness.core.options.EngineOptions;
import io.harness.core.engine.StartBarrier;
import io.harness.core.run.WorkloadOptions;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness teragen}, and teragen from Java: Hadoop TeraGen's rows, byte for byte, split over
 * {@code part-m-NNNNN} files as TeraGen splits them, on the local engine (one thread per file) or as a MapReduce
 * job. The options and their defaults are the fields below; nothing is printed or written from Java unless asked.
 *
 * <pre>{@code
 * RunOutcome g = TeraGen.rows(1_000_000).maps(4).output("/vol1/bucket1/tera").run(conf);
 * String checksum = g.figures(TeraGenFigures.class).checksum();
 * RunOutcome v = TeraValidate.dir("/vol1/bucket1/tera").checksumOnly().expectChecksum(checksum).run(conf);
 * }</pre>
 */
@Command(name = "teragen", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Hadoop TeraGen's rows, byte for byte, on the local engine or as a MapReduce job.",
    description = {
        "Writes TeraGen's 100-byte rows (byte-identical to Hadoop's TeraGen) to OUT_DIR as part-m-NNNNN files, "
            + "one per map, split as TeraGen splits them; prints rows, bytes, time, MB/s and the checksum "
            + "(the sum of every row's CRC32, as TeraValidate prints it).",
        "ROWS takes TeraGen's suffixes k, m, b, t (thousands, millions, billions, trillions); "
            + "or give --size instead (rows = bytes / 100, rounded up)."})
public final class TeraGen extends WorkloadOptions<TeraGen, TeraGen.Plan> {
  @Parameters(arity = "1..2", paramLabel = "[ROWS] OUT_DIR",
      description = "Number of rows (omit it with --size), then the output directory (must not exist).")
  private List<String> positional;

  @Option(names = "--size", paramLabel = "SIZE",
      description = "Instead of ROWS: bytes to write, e.g. 100G (binary units; rows = bytes / 100, rounded up).")
  private String size;

  @Option(names = {"-m", "--maps"}, paramLabel = "N",
      description = "Maps, i.e. output files (default: mapreduce.job.maps, else 2, as TeraGen).")
  private Integer maps;

  @Option(names = "--overwrite",
      description = "Replace OUT_DIR if it exists (only when it holds nothing but teragen output).")
  private boolean overwrite;

  /** {@code --engine}, {@code --barrier}, {@code --start-at}, {@code --barrier-timeout}, {@code --count-late}. */
  @Mixin
  private final EngineOptions engine = new EngineOptions();

  @Option(names = "--final-sync", negatable = true,
      description = "hsync each file before closing it, as TeraGen does by default; --no-final-sync skips "
          + "it (default: mapreduce.terasort.final.sync, else true).")
  private Boolean finalSync;

  @Option(names = "--batch-rows", paramLabel = "N",
      description = "Rows per write() call (default: ${DEFAULT-VALUE}, i.e. 1,000,000 bytes).")
  private int batchRows = RowWriter.DEFAULT_BATCH_ROWS;

  private long rows;
  private String output;

  /**
   * One teragen run, checked: rows, maps (output files), the output directory as given, whether it may be
   * replaced, the rows per write() call, whether each file is hsync'ed before close, and the engine
   * ({@code local}, {@code mapreduce}, or null: the configuration decides). Saved in the run's JSON as
   * {@code plan}.
   */
  public record Plan(long rows, int maps, String out, boolean overwrite, int batchRows, boolean finalSync,
      String engine, @JsonInclude(JsonInclude.Include.NON_NULL) StartBarrier barrier) {
  }

  /** No rows yet; the command line starts from it. */
  public TeraGen() {
    super("teragen", "generate", Plan.class);
  }

  /** {@code rows} rows of 100 bytes. */
  public static TeraGen rows(long rows) {
    TeraGen g = new TeraGen();
    g.rows = rows;
    return g;
  }

  /** {@code --maps}: output files (default: {@code mapreduce.job.maps}, else 2, as TeraGen). */
  public TeraGen maps(int maps) {
    this.maps = maps;
    return this;
  }

  /** The output directory (must not exist, unless {@link #overwrite}). */
  public TeraGen output(String dir) {
    this.output = dir;
    return this;
  }

  /** {@code --overwrite}: replace the output directory when it holds nothing but teragen output. */
  public TeraGen overwrite() {
    this.overwrite = true;
    return this;
  }

  /** {@code --batch-rows}: rows per write() call (default 10,000). */
  public TeraGen batchRows(int rows) {
    this.batchRows = rows;
    return this;
  }

  /** {@code --[no-]final-sync}: hsync each file before close (default: the configuration's, else true). */
  public TeraGen finalSync(boolean sync) {
    this.finalSync = sync;
    return this;
  }

  /**
   * The MapReduce engine's maps start together at {@code barrier} ({@code --barrier}, {@code --start-at}; null:
   * none, each map starts when YARN starts it, as TeraGen's do).
   */
  public TeraGen barrier(StartBarrier barrier) {
    this.engine.barrier(barrier);
    return this;
  }

  /** {@code --engine}: {@code local} or {@code mapreduce}. */
  public TeraGen engine(String engine) {
    this.engine.engine(engine);
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    String lowerEngine = engine.engine();
    if (positional != null) {
      // the command line: [ROWS] OUT_DIR, or --size SIZE OUT_DIR
      if (size != null && positional.size() != 1) {
        throw new UsageException("--size", "replaces ROWS: give only OUT_DIR with it, got "
            + String.join(" ", positional));
      }
      if (size == null && positional.size() != 2) {
        throw new UsageException("ROWS", "missing: give ROWS OUT_DIR, or --size SIZE OUT_DIR");
      }
      rows = size != null ? RowsParser.rowsOfSize(size) : RowsParser.parseRows("ROWS", positional.get(0));
      output = positional.get(positional.size() - 1);
    }
    if (rows < 0) {
      throw new UsageException("ROWS", "must be zero or more, was " + rows);
    }
    if (output == null || output.isBlank()) {
      throw new UsageException("OUT_DIR", "must not be empty");
    }
    int n = maps != null ? maps : conf.getInt("mapreduce.job.maps", 2);
    if (n < 1) {
      throw new UsageException(maps != null ? "--maps" : "mapreduce.job.maps", "must be at least 1, was " + n);
    }
    if (batchRows < 1 || batchRows > Integer.MAX_VALUE / TeraRows.ROW) {
      throw new UsageException("--batch-rows", "must be between 1 and " + Integer.MAX_VALUE / TeraRows.ROW
          + ", was " + batchRows);
    }
    boolean sync = finalSync != null ? finalSync : conf.getBoolean("mapreduce.terasort.final.sync", true);
    return new Plan(rows, n, output, overwrite, batchRows, sync, lowerEngine,
        engine.barrier(conf));
  }

  @Override
  public TeraGenWorkload workload(Plan plan, String root) {
    return new TeraGenWorkload(plan);
  }

  @Override
  public TargetPath targetPath() {
    return new TargetPath("OUT_DIR", output);
  }
}
