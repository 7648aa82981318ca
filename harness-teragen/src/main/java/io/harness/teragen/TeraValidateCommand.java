package io.harness.teragen;

import io.harness.core.base.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import io.harness.core.util.Sizes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness teravalidate}: reads every data file of a directory (names not starting with {@code _}
 * or {@code .}, in name order, as TeraValidate orders them), counts the rows, sums their CRC32s into
 * TeraGen's checksum and, unless {@code --checksum-only}, checks that the keys are sorted within each
 * file and across files.
 */
@Command(name = "teravalidate", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Checks the rows, checksum and key order of TeraGen / TeraSort output.",
    description = {
        "Checks a directory of TeraGen / TeraSort rows: row count, checksum (sum of every row's CRC32, as "
            + "TeraValidate prints it) and, for sorted data, key order within and across files.",
        "Exit 0 when everything checked holds, 1 when a check fails (the first misorder is named)."})
public final class TeraValidateCommand extends WorkloadCommand {
  @Parameters(paramLabel = "DIR", description = "The directory of part files.")
  String dir;

  @Option(names = "--checksum-only",
      description = "Count rows and sum the checksum only (for teragen's unsorted output).")
  boolean checksumOnly;

  @Option(names = "--expect-checksum", paramLabel = "HEX", description = "The checksum teragen printed.")
  String expectChecksum;

  @Option(names = "--expect-rows", paramLabel = "ROWS",
      description = "The rows teragen wrote (k, m, b, t suffixes as teragen's).")
  String expectRows;

  @Option(names = "--buffer", paramLabel = "SIZE", defaultValue = "1MB",
      description = "Bytes per read() call, rounded down to whole rows (default: ${DEFAULT-VALUE}).")
  String buffer;

  private TeraValidatePlan plan;

  @Override
  protected void validate() {
    long b;
    try {
      b = Sizes.parse(buffer, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--buffer", e.getMessage());
    }
    if (b < TeraRows.ROW || b > (1L << 30)) {
      throw new UsageException("--buffer", "must be between 100 B (one row) and 1 GB, was " + buffer);
    }
    // the command line is a thin layer over the Java API: the same builder checks the same options
    TeraValidate v = TeraValidate.dir(dir).bufferRows((int) (b / TeraRows.ROW));
    if (checksumOnly) {
      v.checksumOnly();
    }
    if (expectChecksum != null) {
      v.expectChecksum(expectChecksum);
    }
    if (expectRows != null) {
      v.expectRows(RowsParser.parseRows("--expect-rows", expectRows));
    }
    plan = v.plan();
  }

  @Override
  protected PathArgument targetPath() {
    return new PathArgument("DIR", dir);
  }

  @Override
  protected Workload<Target> workload() {
    return new TeraValidateWorkload(plan);
  }
}
