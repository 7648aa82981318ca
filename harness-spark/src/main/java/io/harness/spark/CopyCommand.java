package io.harness.spark;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.UsageException;
import io.harness.core.engine.TaskRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code harness spark copy SRC DST}: a Parquet data set read and written again by a Spark job. */
@Command(name = "copy", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Reads the Parquet data set SRC and writes its rows to DST as Parquet with one Spark job (SRC and DST "
            + "may be on different file systems: give full URIs).",
        "Prints the Parquet bytes read and written (the files' lengths on the file systems), elapsed time and "
            + "MB/s; writes the run's JSON."})
public final class CopyCommand extends SparkWorkload {
  @Parameters(index = "0", paramLabel = "SRC", description = "The Parquet data set to read.")
  String srcText;

  @Parameters(index = "1", paramLabel = "DST", description = "Where to write it (must not exist, unless "
      + "--overwrite).")
  String dstText;

  @Option(names = "--overwrite",
      description = "Replace DST if it exists (only when it holds nothing but Spark's Parquet output).")
  boolean overwrite;

  @Option(names = "--compression", paramLabel = "CODEC",
      description = "Parquet compression of DST: none, snappy, gzip, lz4, lz4_raw, zstd (default: Spark's, "
          + "spark.sql.parquet.compression.codec, snappy).")
  String compression;

  @Option(names = "--verify",
      description = "Then check DST as 'count --verify' does (ids unique, payloads), and its row count "
          + "against SRC's.")
  boolean verify;

  private Location src;
  private Location dst;
  private ParquetDirs.DataFiles srcFiles;

  @Override
  protected String operation() {
    return "copy";
  }

  @Override
  protected void validate() {
    if (srcText == null || srcText.isBlank()) {
      throw new UsageException("SRC", "must not be empty");
    }
    if (dstText == null || dstText.isBlank()) {
      throw new UsageException("DST", "must not be empty");
    }
    if (compression != null) {
      compression = compression.toLowerCase(Locale.ROOT);
      if (!GenerateCommand.CODECS.contains(compression)) {
        throw new UsageException("--compression", "unknown codec '" + compression + "' (none, snappy, gzip, lz4, "
            + "lz4_raw, zstd)");
      }
    }
  }

  @Override
  protected List<Location> locations() {
    src = new Location("SRC", srcText);
    dst = new Location("DST", dstText);
    return List.of(src, dst);
  }

  @Override
  protected void validateLocations() throws IOException {
    srcFiles = CountCommand.existingDataSet(src);
    boolean sameFs = src.fs.getUri().equals(dst.fs.getUri());
    if (sameFs && (within(dst.path, src.path) || within(src.path, dst.path))) {
      throw new UsageException("DST", dst.path + " overlaps SRC " + src.path);
    }
    if (!dst.fs.exists(dst.path)) {
      return;
    }
    if (!overwrite) {
      throw new UsageException("DST", dst.path + " already exists (--overwrite replaces a directory that holds "
          + "Spark's Parquet output)");
    }
    FileStatus st = dst.fs.getFileStatus(dst.path);
    if (!st.isDirectory()) {
      throw new UsageException("DST", dst.path + " is a file, not a Parquet data set; nothing deleted");
    }
    String foreign = ParquetDirs.foreignEntry(dst.fs, dst.path);
    if (foreign != null) {
      throw new UsageException("--overwrite", dst.path + " holds " + foreign + ", which Spark's Parquet writer "
          + "did not write; nothing deleted");
    }
  }

  @Override
  protected int execute(SparkRunner spark) throws Exception {
    PrintStream o = context.out();
    long bytesRead = srcFiles.bytes();
    o.printf(Locale.ROOT, "spark copy: %s (%s in %d file(s)) to %s%n", src.path, mb(bytesRead), srcFiles.count(),
        dst.path);
    if (dst.fs.exists(dst.path) && !dst.fs.delete(dst.path, true)) {
      throw new RunFailedException("--overwrite: could not delete " + dst.path);
    }
    long t0 = System.nanoTime();
    List<TaskCollector.SparkTask> tasks = measured(() -> {
      try {
        return spark.copy(src.uri(), dst.uri(), compression);
      } catch (RuntimeException e) {
        throw new RunFailedException("copy to " + dst.path + " failed: " + GenerateCommand.rootCause(e), e);
      }
    });
    long t1 = System.nanoTime();
    double seconds = (t1 - t0) / 1e9;
    ParquetDirs.DataFiles written = ParquetDirs.list(dst.fs, dst.path);
    long bytesWritten = written.bytes();
    copyMarker();
    double readRate = mbPerSec(bytesRead, seconds);
    double writeRate = mbPerSec(bytesWritten, seconds);
    o.printf(Locale.ROOT, "spark copy: read %s, wrote %s in %d file(s)%n", mb(bytesRead), mb(bytesWritten),
        written.count());
    o.printf(Locale.ROOT, "spark copy: elapsed %.3f s, %.2f MB/s read, %.2f MB/s written (Parquet bytes / "
        + "elapsed)%n", seconds, readRate, writeRate);
    List<TaskRecord> records = taskRecords(tasks, "", true, 0);
    io.harness.core.result.TextReport.aggregateLines("spark copy (Spark's task metrics: bytes written)",
        io.harness.core.result.Aggregate.of(records)).forEach(o::println);
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("source", src.uri());
    figures.put("filesRead", srcFiles.count());
    figures.put("bytesRead", bytesRead);
    figures.put("filesWritten", written.count());
    figures.put("bytesWritten", bytesWritten);
    figures.put("elapsedSeconds", seconds);
    figures.put("mbPerSecRead", readRate);
    figures.put("mbPerSecWritten", writeRate);
    figures.put("mbPerSec", writeRate);
    figures.put("taskBytesRead", taskBytes(tasks, false));
    figures.put("taskBytesWritten", taskBytes(tasks, true));
    List<String> failed = new ArrayList<>();
    if (verify) {
      long srcRows = spark.count(src.uri()).rows();
      long dstRows = spark.count(dst.uri()).rows();
      figures.put("sourceRows", srcRows);
      if (srcRows != dstRows) {
        failed.add("--verify: SRC has " + srcRows + " rows, DST " + dstRows);
      }
      failed.addAll(CountCommand.verify(spark, dst, dstRows, figures, o));
    }
    figures.putAll(baseFigures(spark));
    int exit = failed.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    writeResult(exit, dst, records, figures, failed);
    failed.forEach(f -> context.err().println("spark copy: " + f));
    return exit;
  }

  /** generate's description travels with the rows, so 'count --verify' checks the copy too. */
  private void copyMarker() throws IOException {
    if (!src.fs.getFileStatus(src.path).isDirectory()) {
      return;
    }
    Path from = new Path(src.path, ParquetDirs.MARKER);
    if (!src.fs.exists(from)) {
      return;
    }
    try (InputStream in = src.fs.open(from);
        OutputStream out = dst.fs.create(new Path(dst.path, ParquetDirs.MARKER), true)) {
      in.transferTo(out);
    }
  }
}
