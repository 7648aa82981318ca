package io.harness.spark;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.UsageException;
import io.harness.core.engine.TaskRecord;
import io.harness.core.result.Aggregate;
import io.harness.core.result.TextReport;
import io.harness.core.util.Sizes;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness spark generate DIR --records N --iteration I}: I Spark jobs, each appending N rows
 * (a bigint id, unique over all batches, and a binary payload of seeded data) to the Parquet data set
 * DIR. Rows are made on the executors from {@code spark.range}: nothing is collected on the driver.
 */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Writes --iteration batches of --records rows to the Parquet data set DIR, one Spark job per batch, "
            + "each appending its files: id (bigint, unique over all batches: batch b holds ids "
            + "b*N .. b*N+N-1) and payload (--record-size bytes of seeded data, a function of --seed and id).",
        "Prints rows, Parquet bytes written (the files' lengths on the file system), elapsed time and MB/s; "
            + "writes the run's JSON and " + ParquetDirs.MARKER + " (seed, sizes) into DIR for 'count --verify'."})
public final class GenerateCommand extends SparkWorkload {
  static final long DEFAULT_SEED = 24301;
  static final Set<String> CODECS = Set.of("none", "uncompressed", "snappy", "gzip", "lz4", "lz4_raw", "zstd");
  private static final long MAX_RECORD = Sizes.GB;

  @Parameters(index = "0", paramLabel = "DIR", description = "The data set to write (must not exist, "
      + "unless --overwrite).")
  String dirText;

  @Option(names = "--records", paramLabel = "N", required = true, description = "Rows per batch.")
  long records;

  @Option(names = {"--iteration", "--iterations"}, paramLabel = "I", defaultValue = "1",
      description = "Batches, i.e. Spark jobs, each appending --records rows (default: ${DEFAULT-VALUE}).")
  long iterations;

  @Option(names = "--record-size", paramLabel = "S", defaultValue = "1MB",
      description = "Payload bytes per row: 1024, 1KB, 1MB ... (a bare number is bytes; default: ${DEFAULT-VALUE}).")
  String recordSizeText;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "" + DEFAULT_SEED,
      description = "Seed of the payloads (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--partitions", paramLabel = "P",
      description = "Spark partitions, i.e. Parquet files, per batch (default: Spark's default parallelism, "
          + "at most --records).")
  Integer partitions;

  @Option(names = "--compression", paramLabel = "CODEC", defaultValue = "snappy",
      description = "Parquet compression: none, snappy, gzip, lz4, lz4_raw, zstd (default: ${DEFAULT-VALUE}; "
          + "the payloads do not compress).")
  String compression;

  @Option(names = "--overwrite",
      description = "Replace DIR if it exists (only when it holds nothing but Spark's Parquet output).")
  boolean overwrite;

  @Option(names = "--verify",
      description = "Then check every row as 'count --verify' does (ids unique, payload lengths and contents); "
          + "exit 1 when a check fails. Useful with --embedded, whose data is gone after the run.")
  boolean verify;

  private int recordSize;
  private Location dir;

  @Override
  protected String operation() {
    return "generate";
  }

  @Override
  protected void validate() {
    if (records < 1) {
      throw new UsageException("--records", "must be at least 1, was " + records);
    }
    if (iterations < 1) {
      throw new UsageException("--iteration", "must be at least 1, was " + iterations);
    }
    if (records > Long.MAX_VALUE / iterations) {
      throw new UsageException("--records", records + " x " + iterations + " iterations is more rows than ids");
    }
    long size;
    try {
      size = Sizes.parse(recordSizeText, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--record-size", e.getMessage());
    }
    if (size < 1 || size > MAX_RECORD) {
      throw new UsageException("--record-size", "must be between 1 byte and 1 GB, was " + recordSizeText);
    }
    recordSize = (int) size;
    if (partitions != null && partitions < 1) {
      throw new UsageException("--partitions", "must be at least 1, was " + partitions);
    }
    compression = compression.toLowerCase(Locale.ROOT);
    if (!CODECS.contains(compression)) {
      throw new UsageException("--compression", "unknown codec '" + compression + "' (none, snappy, gzip, lz4, "
          + "lz4_raw, zstd)");
    }
    if (dirText == null || dirText.isBlank()) {
      throw new UsageException("DIR", "must not be empty");
    }
  }

  @Override
  protected List<Location> locations() {
    dir = new Location("DIR", dirText);
    return List.of(dir);
  }

  @Override
  protected void validateLocations() throws IOException {
    if (!dir.fs.exists(dir.path)) {
      return;
    }
    if (!overwrite) {
      throw new UsageException("DIR", dir.path + " already exists (generate writes a new data set; --overwrite "
          + "replaces one that holds Spark's Parquet output)");
    }
    FileStatus st = dir.fs.getFileStatus(dir.path);
    if (!st.isDirectory()) {
      throw new UsageException("DIR", dir.path + " is a file, not a Parquet data set; nothing deleted");
    }
    String foreign = ParquetDirs.foreignEntry(dir.fs, dir.path);
    if (foreign != null) {
      throw new UsageException("--overwrite", dir.path + " holds " + foreign + ", which Spark's Parquet writer "
          + "did not write; nothing deleted");
    }
  }

  @Override
  protected int execute(SparkRunner spark) throws Exception {
    PrintStream o = context.out();
    int parts = (int) Math.min(partitions != null ? partitions : Math.max(1, spark.defaultParallelism()), records);
    long rows = records * iterations;
    o.printf(Locale.ROOT, "spark generate: %d rows (%d batch(es) of %d), %d-byte payloads (seed %d), "
        + "%d partition(s) per batch, %s, to %s%n", rows, iterations, records, recordSize, seed, parts,
        compression, dir.path);
    if (dir.fs.exists(dir.path) && !dir.fs.delete(dir.path, true)) {
      throw new RunFailedException("--overwrite: could not delete " + dir.path);
    }
    List<TaskRecord> tasks = new ArrayList<>();
    List<TaskCollector.SparkTask> sparkTasks = new ArrayList<>();
    List<Map<String, Object>> batches = new ArrayList<>();
    long first = System.nanoTime();
    ParquetDirs.DataFiles files = measured(() -> batches(spark, parts, tasks, sparkTasks, batches));
    long last = System.nanoTime();
    double seconds = (last - first) / 1e9;
    Map<String, Object> marker = new LinkedHashMap<>();
    marker.put("generator", "harness spark generate");
    marker.put("seed", seed);
    marker.put("recordSize", recordSize);
    marker.put("records", records);
    marker.put("iterations", iterations);
    marker.put("rows", rows);
    marker.put("firstId", 0);
    ParquetDirs.writeMarker(dir.fs, dir.path, marker);

    Aggregate agg = Aggregate.of(tasks);
    long bytes = files.bytes();
    double rate = mbPerSec(bytes, seconds);
    o.printf(Locale.ROOT, "spark generate: %d rows, %d payload bytes, %s of Parquet in %d file(s)%n", rows,
        rows * recordSize, mb(bytes), files.count());
    o.printf(Locale.ROOT, "spark generate: elapsed %.3f s, %.2f MB/s (Parquet bytes written / elapsed), "
        + "%.0f rows/s%n", seconds, rate, seconds > 0 ? rows / seconds : 0);
    TextReport.aggregateLines("spark generate (Spark's task metrics)", agg).forEach(o::println);

    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("rows", rows);
    figures.put("records", records);
    figures.put("iterations", iterations);
    figures.put("recordSize", recordSize);
    figures.put("payloadBytes", rows * recordSize);
    figures.put("seed", seed);
    figures.put("partitionsPerBatch", parts);
    figures.put("compression", compression);
    figures.put("files", files.count());
    figures.put("bytesWritten", bytes);
    figures.put("elapsedSeconds", seconds);
    figures.put("mbPerSec", rate);
    figures.put("taskBytesWritten", taskBytes(sparkTasks, true));
    figures.put("batches", batches);
    List<String> failed = new ArrayList<>();
    if (verify) {
      failed.addAll(CountCommand.verify(spark, dir, rows, figures, o));
    }
    figures.putAll(baseFigures(spark));
    int exit = failed.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    writeResult(exit, dir, tasks, figures, failed);
    failed.forEach(f -> context.err().println("spark generate: " + f));
    return exit;
  }

  /**
   * The measured phase: --iteration Spark jobs, each appending a batch; fills the task records, Spark's tasks
   * and the batches' figures, and returns the data set's files after the last batch.
   */
  private ParquetDirs.DataFiles batches(SparkRunner spark, int parts, List<TaskRecord> tasks,
      List<TaskCollector.SparkTask> sparkTasks, List<Map<String, Object>> batches) throws IOException {
    ParquetDirs.DataFiles before = new ParquetDirs.DataFiles(Map.of());
    for (long b = 0; b < iterations; b++) {
      long t0 = System.nanoTime();
      List<TaskCollector.SparkTask> batchTasks;
      try {
        batchTasks = spark.generateBatch(dir.uri(), b * records, records, parts, seed, recordSize, compression);
      } catch (RuntimeException e) {
        throw new RunFailedException("batch " + b + " failed: " + rootCause(e), e);
      }
      long t1 = System.nanoTime();
      ParquetDirs.DataFiles after = ParquetDirs.list(dir.fs, dir.path);
      List<String> added = ParquetDirs.added(before, after);
      long bytes = 0;
      for (String f : added) {
        bytes += after.files().get(f);
      }
      before = after;
      tasks.addAll(taskRecords(batchTasks, "batch-" + b + "/", true, tasks.size()));
      sparkTasks.addAll(batchTasks);
      Map<String, Object> batch = new LinkedHashMap<>();
      batch.put("batch", b);
      batch.put("firstId", b * records);
      batch.put("rows", records);
      batch.put("files", added.size());
      batch.put("bytes", bytes);
      batch.put("seconds", (t1 - t0) / 1e9);
      batches.add(batch);
    }
    return before;
  }

  static String rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    return t.getClass().getSimpleName() + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
  }
}
