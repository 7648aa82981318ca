package io.harness.teragen;

import io.harness.core.cli.EngineOption;
import io.harness.core.base.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.run.Workload;
import io.harness.core.target.Target;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness teragen}: Hadoop TeraGen's rows, byte for byte, split over {@code part-m-NNNNN} files as
 * TeraGen splits them, on the local engine (one thread per file) or as a MapReduce job.
 */
@Command(name = "teragen", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Hadoop TeraGen's rows, byte for byte, on the local engine or as a MapReduce job.",
    description = {
        "Writes TeraGen's 100-byte rows (byte-identical to Hadoop's TeraGen) to OUT_DIR as part-m-NNNNN files, "
            + "one per map, split as TeraGen splits them; prints rows, bytes, time, MB/s and the checksum "
            + "(the sum of every row's CRC32, as TeraValidate prints it).",
        "ROWS takes TeraGen's suffixes k, m, b, t (thousands, millions, billions, trillions); "
            + "or give --size instead (rows = bytes / 100, rounded up)."})
public final class TeraGenCommand extends WorkloadCommand {
  @Parameters(arity = "1..2", paramLabel = "[ROWS] OUT_DIR",
      description = "Number of rows (omit it with --size), then the output directory (must not exist).")
  List<String> positional;

  @Option(names = "--size", paramLabel = "SIZE",
      description = "Instead of ROWS: bytes to write, e.g. 100G (binary units; rows = bytes / 100, rounded up).")
  String size;

  @Option(names = {"-m", "--maps"}, paramLabel = "N",
      description = "Maps, i.e. output files (default: mapreduce.job.maps, else 2, as TeraGen).")
  Integer maps;

  @Option(names = "--overwrite",
      description = "Replace OUT_DIR if it exists (only when it holds nothing but teragen output).")
  boolean overwrite;

  @Mixin
  EngineOption engine;

  @Option(names = "--final-sync", negatable = true,
      description = "hsync each file before closing it, as TeraGen does by default; --no-final-sync skips "
          + "it (default: mapreduce.terasort.final.sync, else true).")
  Boolean finalSyncOption;

  @Option(names = "--batch-rows", paramLabel = "N", defaultValue = "10000",
      description = "Rows per write() call (default: ${DEFAULT-VALUE}, i.e. 1,000,000 bytes).")
  int batchRows;

  private long rows;
  private String outText;
  private TeraGenPlan plan;

  @Override
  protected void validate() {
    engine.validate();
    if (size != null) {
      if (positional.size() != 1) {
        throw new UsageException("--size", "replaces ROWS: give only OUT_DIR with it, got "
            + String.join(" ", positional));
      }
      rows = RowsParser.rowsOfSize(size);
      outText = positional.get(0);
    } else {
      if (positional.size() != 2) {
        throw new UsageException("ROWS", "missing: give ROWS OUT_DIR, or --size SIZE OUT_DIR");
      }
      rows = RowsParser.parseRows("ROWS", positional.get(0));
      outText = positional.get(1);
    }
    // the command line is a thin layer over the Java API: the same builder checks the same options
    TeraGen g = TeraGen.rows(rows).output(outText).batchRows(batchRows).engine(engine.name());
    if (maps != null) {
      g.maps(maps);
    }
    if (overwrite) {
      g.overwrite();
    }
    if (finalSyncOption != null) {
      g.finalSync(finalSyncOption);
    }
    plan = g.plan(context.conf());
  }

  @Override
  protected PathArgument targetPath() {
    return new PathArgument("OUT_DIR", outText);
  }

  @Override
  protected Workload<Target> workload() {
    return new TeraGenWorkload(plan);
  }
}
