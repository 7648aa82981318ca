package io.harness.teragen;

import io.harness.core.base.UsageException;
import io.harness.core.run.RunBuilder;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import org.apache.hadoop.conf.Configuration;

/**
 * teravalidate from Java: rows, checksum and key order of a directory of TeraGen / TeraSort rows, through the
 * same pipeline as {@code harness teravalidate}. The run fails (exit code 1) when a check fails.
 */
public final class TeraValidate extends RunBuilder<TeraValidate> {
  private final String dir;
  private boolean checksumOnly;
  private String expectedChecksum;
  private Long expectedRows;
  private int bufferRows = 10_000;

  private TeraValidate(String dir) {
    this.dir = dir;
  }

  /** The directory of part files. */
  public static TeraValidate dir(String dir) {
    return new TeraValidate(dir);
  }

  /** {@code --checksum-only}: rows and checksum, not the order (teragen's output is not sorted). */
  public TeraValidate checksumOnly() {
    this.checksumOnly = true;
    return this;
  }

  /** {@code --expect-checksum}: the checksum teragen printed. */
  public TeraValidate expectChecksum(String hex) {
    this.expectedChecksum = hex;
    return this;
  }

  /** {@code --expect-rows}. */
  public TeraValidate expectRows(long rows) {
    this.expectedRows = rows;
    return this;
  }

  /** Rows per read() call (default 10,000: 1,000,000 bytes). */
  public TeraValidate bufferRows(int rows) {
    this.bufferRows = rows;
    return this;
  }

  /** The checked plan; {@link UsageException} names the setting that is wrong. */
  public TeraValidatePlan plan() {
    if (dir == null || dir.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
    if (bufferRows < 1 || bufferRows > (1 << 30) / TeraRows.ROW) {
      throw new UsageException("--buffer", "must be between 100 B (one row) and 1 GB, was " + bufferRows + " rows");
    }
    String sum = null;
    if (expectedChecksum != null) {
      try {
        sum = Checksum128.parse(expectedChecksum).toString();
      } catch (NumberFormatException e) {
        throw new UsageException("--expect-checksum", e.getMessage());
      }
    }
    return new TeraValidatePlan(dir, checksumOnly, sum, expectedRows, bufferRows);
  }

  @Override
  protected Workload<Target> workload(Configuration conf) {
    return new TeraValidateWorkload(plan());
  }
}
