package io.harness.spark;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.UsageException;
import io.harness.core.engine.TaskRecord;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code harness spark count DIR}: the rows of a Parquet data set, counted by a Spark job. */
@Command(name = "count", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Counts the rows of the Parquet data set DIR with a Spark job and prints the count, the elapsed time "
            + "and MB/s over the data set's Parquet bytes (Spark answers count() from the files' footers, so "
            + "this is a metadata rate, not a scan).",
        "--verify then reads every row: ids unique, payload lengths, and (for 'generate' output) every "
            + "payload against the generator; exit 1 when a check fails."})
public final class CountCommand extends SparkWorkload {
  @Parameters(index = "0", paramLabel = "DIR", description = "The Parquet data set (a directory or one file).")
  String dirText;

  @Option(names = "--verify",
      description = "Also check every row (a full scan): ids unique, payload lengths and contents.")
  boolean verify;

  @Option(names = "--expect-rows", paramLabel = "N",
      description = "Exit 1 unless the data set holds exactly N rows.")
  Long expectRows;

  private Location dir;
  private ParquetDirs.DataFiles files;

  @Override
  protected String operation() {
    return "count";
  }

  @Override
  protected void validate() {
    if (dirText == null || dirText.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
    if (expectRows != null && expectRows < 0) {
      throw new UsageException("--expect-rows", "must not be negative, was " + expectRows);
    }
  }

  @Override
  protected List<Location> locations() {
    dir = new Location("DIR", dirText);
    return List.of(dir);
  }

  @Override
  protected void validateLocations() throws IOException {
    files = existingDataSet(dir);
  }

  /** The data files of a source data set; a missing or empty one, or one with a file not Parquet, is bad input. */
  static ParquetDirs.DataFiles existingDataSet(Location l) throws IOException {
    ParquetDirs.DataFiles f;
    try {
      f = ParquetDirs.list(l.fs, l.path);
    } catch (FileNotFoundException e) {
      throw new UsageException(l.argument, "no such file or directory: " + l.path);
    }
    if (f.count() == 0) {
      throw new UsageException(l.argument, l.path + " holds no Parquet data files");
    }
    String notParquet = ParquetDirs.firstNotParquet(l.fs, f);
    if (notParquet != null) {
      throw new UsageException(l.argument, notParquet);
    }
    return f;
  }

  @Override
  protected int execute(SparkRunner spark) throws Exception {
    PrintStream o = context.out();
    long bytes = files.bytes();
    long t0 = System.nanoTime();
    SparkRunner.Counted counted = measured(() -> {
      try {
        return spark.count(dir.uri());
      } catch (RuntimeException e) {
        throw new RunFailedException("count of " + dir.path + " failed: " + GenerateCommand.rootCause(e), e);
      }
    });
    long t1 = System.nanoTime();
    long rows = counted.rows();
    double seconds = (t1 - t0) / 1e9;
    double rate = mbPerSec(bytes, seconds);
    o.println("spark count: " + rows + " rows in " + dir.path);
    o.printf(Locale.ROOT, "spark count: elapsed %.3f s, %.2f MB/s (%s of Parquet in %d file(s) / elapsed)%n",
        seconds, rate, mb(bytes), files.count());
    List<TaskRecord> records = taskRecords(counted.tasks(), "", false, 0);
    long taskRead = taskBytes(counted.tasks(), false);
    o.printf(Locale.ROOT, "spark count: the tasks read %s (Spark's input metrics: footers and row-group "
        + "metadata, not the payloads)%n", mb(taskRead));
    io.harness.core.result.TextReport.aggregateLines("spark count (Spark's task metrics)",
        io.harness.core.result.Aggregate.of(records)).forEach(o::println);
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("rows", rows);
    figures.put("files", files.count());
    figures.put("bytesRead", bytes);
    figures.put("elapsedSeconds", seconds);
    figures.put("mbPerSec", rate);
    figures.put("taskBytesRead", taskRead);
    List<String> failed = new ArrayList<>();
    if (expectRows != null && rows != expectRows) {
      failed.add("expected " + expectRows + " rows, found " + rows);
    }
    if (verify) {
      failed.addAll(verify(spark, dir, rows, figures, o));
    }
    figures.putAll(baseFigures(spark));
    int exit = failed.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    writeResult(exit, dir, records, figures, failed);
    if (!failed.isEmpty()) {
      failed.forEach(f -> context.err().println("spark count: " + f));
    }
    return exit;
  }

  /** The full scan of --verify: figures go into {@code figures}; returns what failed. */
  static List<String> verify(SparkRunner spark, Location dir, long rows, Map<String, Object> figures,
      PrintStream o) throws IOException {
    Map<String, Object> marker = dir.fs.getFileStatus(dir.path).isDirectory()
        ? ParquetDirs.readMarker(dir.fs, dir.path) : null;
    Long seed = marker != null ? ((Number) marker.get("seed")).longValue() : null;
    Integer size = marker != null ? ((Number) marker.get("recordSize")).intValue() : null;
    long t0 = System.nanoTime();
    SparkRunner.Verification v;
    try {
      v = spark.verify(dir.uri(), seed, size);
    } catch (RuntimeException e) {
      throw new RunFailedException("--verify of " + dir.path + " failed: " + GenerateCommand.rootCause(e), e);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    List<String> failed = new ArrayList<>();
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("rows", v.rows());
    f.put("distinctIds", v.distinctIds());
    f.put("minId", v.minId());
    f.put("maxId", v.maxId());
    f.put("minPayloadBytes", v.minPayload());
    f.put("maxPayloadBytes", v.maxPayload());
    f.put("badPayloads", v.badPayloads());
    f.put("generator", marker);
    f.put("seconds", seconds);
    figures.put("verify", f);
    if (v.distinctIds() < 0) {
      failed.add("--verify: " + dir.path + " has no id and payload columns (" + v.schema() + ")");
      return failed;
    }
    o.printf(Locale.ROOT, "spark count --verify: %d rows, %d distinct ids (%d .. %d), payloads %d .. %d bytes%s "
        + "in %.3f s%n", v.rows(), v.distinctIds(), v.minId(), v.maxId(), v.minPayload(), v.maxPayload(),
        v.badPayloads() < 0 ? " (no " + ParquetDirs.MARKER + ": contents not checked)"
            : ", " + v.badPayloads() + " differ from the generator's", seconds);
    if (v.rows() != rows) {
      failed.add("--verify: the scan found " + v.rows() + " rows, count() said " + rows);
    }
    if (v.distinctIds() != v.rows()) {
      failed.add("--verify: ids are not unique: " + v.distinctIds() + " distinct ids in " + v.rows() + " rows");
    }
    if (size != null && v.rows() > 0 && (v.minPayload() != size || v.maxPayload() != size)) {
      failed.add("--verify: payloads of " + v.minPayload() + " .. " + v.maxPayload() + " bytes, the generator "
          + "wrote " + size);
    }
    if (v.badPayloads() > 0) {
      failed.add("--verify: " + v.badPayloads() + " payload(s) differ from the generator's");
    }
    if (marker != null) {
      long expected = ((Number) marker.get("rows")).longValue();
      if (expected != v.rows()) {
        failed.add("--verify: the generator wrote " + expected + " rows, found " + v.rows());
      }
    }
    if (failed.isEmpty()) {
      o.println("spark count --verify: OK");
    }
    return failed;
  }
}
