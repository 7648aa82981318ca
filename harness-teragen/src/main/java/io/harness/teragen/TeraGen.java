package io.harness.teragen;

import io.harness.core.base.UsageException;
import io.harness.core.run.RunBuilder;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import org.apache.hadoop.conf.Configuration;

/**
 * teragen from Java: Hadoop TeraGen's rows, byte for byte, written through the same pipeline as
 * {@code harness teragen}, on a file system the caller has. Nothing is printed or written unless asked.
 *
 * <pre>{@code
 * RunOutcome g = TeraGen.rows(1_000_000).maps(4).output("/vol1/bucket1/tera").run(conf);
 * String checksum = g.figures(TeraGenFigures.class).checksum();
 * RunOutcome v = TeraValidate.dir("/vol1/bucket1/tera").checksumOnly().expectChecksum(checksum).run(conf);
 * }</pre>
 */
public final class TeraGen extends RunBuilder<TeraGen> {
  private final long rows;
  private Integer maps;
  private String output;
  private boolean overwrite;
  private int batchRows = RowWriter.DEFAULT_BATCH_ROWS;
  private Boolean finalSync;
  private String engine;

  private TeraGen(long rows) {
    this.rows = rows;
  }

  /** {@code rows} rows of 100 bytes. */
  public static TeraGen rows(long rows) {
    return new TeraGen(rows);
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

  /** {@code --engine}: {@code local} or {@code mapreduce}. */
  public TeraGen engine(String engine) {
    this.engine = engine;
    return this;
  }

  /** The checked plan; {@link UsageException} names the setting that is wrong. */
  public TeraGenPlan plan(Configuration conf) {
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
    if (engine != null && !engine.equalsIgnoreCase("local") && !engine.equalsIgnoreCase("mapreduce")) {
      throw new UsageException("--engine", "must be local or mapreduce, was '" + engine + "'");
    }
    boolean sync = finalSync != null ? finalSync : conf.getBoolean("mapreduce.terasort.final.sync", true);
    return new TeraGenPlan(rows, n, output, overwrite, batchRows, sync,
        engine == null ? null : engine.toLowerCase(java.util.Locale.ROOT));
  }

  @Override
  protected Workload<Target> workload(Configuration conf) {
    return new TeraGenWorkload(plan(conf));
  }
}
