package io.harness.teragen;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.run.WorkloadOptions;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness teravalidate}, and teravalidate from Java: reads every data file of a directory (names not
 * starting with {@code _} or {@code .}, in name order, as TeraValidate orders them), counts the rows, sums their
 * CRC32s into TeraGen's checksum and, unless {@code --checksum-only}, checks that the keys are sorted within each
 * file and across files. The run fails (exit code 1) when a check fails.
 */
@Command(name = "teravalidate", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Checks the rows, checksum and key order of TeraGen / TeraSort output.",
    description = {
        "Checks a directory of TeraGen / TeraSort rows: row count, checksum (sum of every row's CRC32, as "
            + "TeraValidate prints it) and, for sorted data, key order within and across files.",
        "Exit 0 when everything checked holds, 1 when a check fails (the first misorder is named)."})
public final class TeraValidate extends WorkloadOptions<TeraValidate, TeraValidate.Plan> {
  @Parameters(paramLabel = "DIR", description = "The directory of part files.")
  private String dir;

  @Option(names = "--checksum-only",
      description = "Count rows and sum the checksum only (for teragen's unsorted output).")
  private boolean checksumOnly;

  @Option(names = "--expect-checksum", paramLabel = "HEX", description = "The checksum teragen printed.")
  private String expectedChecksum;

  @Option(names = "--expect-rows", paramLabel = "ROWS",
      description = "The rows teragen wrote (k, m, b, t suffixes as teragen's).")
  private String expectedRows;

  @Option(names = "--buffer", paramLabel = "SIZE",
      description = "Bytes per read() call, rounded down to whole rows (default: ${DEFAULT-VALUE}).")
  private String buffer = "1MB";

  /**
   * One teravalidate run, checked: the directory as given, whether only rows and checksum are checked, what
   * they must be (null: anything), and the rows per read() call. Saved in the run's JSON as {@code plan}.
   */
  public record Plan(String dir, boolean checksumOnly, String expectedChecksum, Long expectedRows,
      int bufferRows) {
  }

  /** No directory yet; the command line starts from it. */
  public TeraValidate() {
    super("teravalidate", "validate", Plan.class);
  }

  /** The directory of part files. */
  public static TeraValidate dir(String dir) {
    TeraValidate v = new TeraValidate();
    v.dir = dir;
    return v;
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
    this.expectedRows = Long.toString(rows);
    return this;
  }

  /** Rows per read() call (default 10,000: 1,000,000 bytes). */
  public TeraValidate bufferRows(int rows) {
    this.buffer = (long) rows * TeraRows.ROW + "B";
    return this;
  }

  @Override
  public Plan plan(Configuration conf) {
    long b = Units.bytes("--buffer", buffer, 0);
    if (b < TeraRows.ROW || b > (1L << 30)) {
      throw new UsageException("--buffer", "must be between 100 B (one row) and 1 GB, was " + buffer);
    }
    Long rows = expectedRows == null ? null : RowsParser.parseRows("--expect-rows", expectedRows);
    if (dir == null || dir.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
    String sum = null;
    if (expectedChecksum != null) {
      try {
        sum = Checksum128.parse(expectedChecksum).toString();
      } catch (NumberFormatException e) {
        throw new UsageException("--expect-checksum", e.getMessage());
      }
    }
    return new Plan(dir, checksumOnly, sum, rows, (int) (b / TeraRows.ROW));
  }

  @Override
  public TeraValidateWorkload workload(Plan plan, String root) {
    return new TeraValidateWorkload(plan);
  }

  @Override
  public TargetPath targetPath() {
    return new TargetPath("DIR", dir);
  }
}
