package io.harness.teragen;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.cli.Signals;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.TaskRecord;
import io.harness.core.engine.Window;
import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.TextReport;
import io.harness.core.result.Versions;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import io.harness.core.util.Sizes;
import io.harness.teragen.mr.TeraGenJob;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code harness teragen}: Hadoop TeraGen's rows, byte for byte, split over {@code part-m-NNNNN} files as
 * TeraGen splits them, on the local engine (one thread per file) or as a MapReduce job.
 */
@Command(name = "teragen", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Writes TeraGen's 100-byte rows (byte-identical to Hadoop's TeraGen) to OUT_DIR as part-m-NNNNN files, "
            + "one per map, split as TeraGen splits them; prints rows, bytes, time, MB/s and the checksum "
            + "(the sum of every row's CRC32, as TeraValidate prints it).",
        "ROWS takes TeraGen's suffixes k, m, b, t (thousands, millions, billions, trillions); "
            + "or give --size instead (rows = bytes / 100, rounded up)."})
public final class TeraGenCommand extends WorkloadCommand {
  /** What a teragen output directory may hold for --overwrite to replace it. */
  static final Pattern OUTPUT_ENTRY = Pattern.compile("part-m-\\d{5,}|_SUCCESS|_temporary|_harness-part-m-\\d{5,}"
      + "|\\.part-m-\\d{5,}\\.crc|\\._SUCCESS\\.crc");

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

  @Option(names = "--engine", paramLabel = "ENGINE",
      description = "local (threads in this JVM, one per map) or mapreduce (a map-only job; the local job "
          + "runner or YARN, by mapreduce.framework.name). Default: mapreduce when the configuration names "
          + "yarn, else local.")
  String engine;

  @Option(names = "--final-sync", negatable = true,
      description = "hsync each file before closing it, as TeraGen does by default; --no-final-sync skips "
          + "it (default: mapreduce.terasort.final.sync, else true).")
  Boolean finalSyncOption;

  @Option(names = "--batch-rows", paramLabel = "N", defaultValue = "10000",
      description = "Rows per write() call (default: ${DEFAULT-VALUE}, i.e. 1,000,000 bytes).")
  int batchRows;

  private long rows;
  private int nMaps;
  private boolean finalSync;
  private String outText;
  private Path out;

  @Override
  protected void validate() {
    if (engine != null && !engine.equalsIgnoreCase("local") && !engine.equalsIgnoreCase("mapreduce")) {
      throw new UsageException("--engine", "must be local or mapreduce, was '" + engine + "'");
    }
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
    if (outText.isBlank()) {
      throw new UsageException("OUT_DIR", "must not be empty");
    }
    nMaps = maps != null ? maps : context.conf().getInt("mapreduce.job.maps", 2);
    if (nMaps < 1) {
      throw new UsageException(maps != null ? "--maps" : "mapreduce.job.maps", "must be at least 1, was " + nMaps);
    }
    finalSync = finalSyncOption != null ? finalSyncOption
        : context.conf().getBoolean("mapreduce.terasort.final.sync", true);
    if (batchRows < 1 || batchRows > Integer.MAX_VALUE / TeraRows.ROW) {
      throw new UsageException("--batch-rows", "must be between 1 and " + Integer.MAX_VALUE / TeraRows.ROW
          + ", was " + batchRows);
    }
  }

  @Override
  protected PathArgument targetPath() {
    return new PathArgument("OUT_DIR", outText);
  }

  @Override
  protected void validateTarget(Target target) {
    out = target.resolveRoot(outText);
    Roots.check(target, out, "OUT_DIR");
    Roots.checkAncestors(target, out, "OUT_DIR");
    FileStatus st;
    FileSystem fs;
    try {
      fs = target.fs();
      st = fs.exists(out) ? fs.getFileStatus(out) : null;
    } catch (IOException e) {
      throw new RunFailedException("cannot look at " + out + ": " + e.getMessage(), e);
    }
    if (st == null) {
      return;
    }
    Path q = fs.makeQualified(out);
    if (!overwrite) {
      throw new UsageException("OUT_DIR", q + " already exists (teragen writes a new directory; "
          + "--overwrite replaces one that holds teragen output)");
    }
    if (!st.isDirectory()) {
      throw new UsageException("OUT_DIR", q + " is a file, not a teragen output directory; nothing deleted");
    }
    try {
      for (FileStatus child : fs.listStatus(out)) {
        if (!OUTPUT_ENTRY.matcher(child.getPath().getName()).matches()) {
          throw new UsageException("--overwrite", q + " holds " + child.getPath().getName()
              + ", which teragen did not write; nothing deleted");
        }
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot list " + q + ": " + e.getMessage(), e);
    }
  }

  @Override
  protected int execute(Target target) throws Exception {
    FileSystem fs = target.fs();
    PrintStream o = context.out();
    Path q = fs.makeQualified(out);
    boolean mapReduce = engine != null ? engine.equalsIgnoreCase("mapreduce")
        : "yarn".equalsIgnoreCase(target.conf().get("mapreduce.framework.name"));
    int threads = Math.min(threadsFor(nMaps), nMaps);
    o.printf(Locale.ROOT, "teragen: %d rows (%s) in %d file(s), %s%s, to %s%n", rows, Sizes.format(rows * TeraRows.ROW),
        nMaps, mapReduce ? "MapReduce engine (" + target.conf().get("mapreduce.framework.name", "local") + ")"
            : threads + " thread(s)", finalSync ? ", hsync before close" : "", q);
    String startedAt = Instant.now().toString();
    try {
      if (fs.exists(out) && !fs.delete(out, true)) {
        throw new RunFailedException("--overwrite: could not delete " + q);
      }
    } catch (IOException e) {
      throw new RunFailedException("--overwrite: could not delete " + q + ": " + e.getMessage(), e);
    }
    List<RowRange> ranges = RowRange.split(rows, nMaps);
    List<TaskRecord> records;
    Checksum128 total = new Checksum128();
    double elapsedMillis;
    List<String> failed = new ArrayList<>();
    if (mapReduce) {
      TeraGenJob.Result r = measured(() -> TeraGenJob.run(target.conf(), fs, out, rows, nMaps,
          new TeraGenJob.Settings(batchRows, finalSync), recording, o));
      records = r.records();
      r.checksums().forEach(total::add);
      elapsedMillis = r.jobMillis();
    } else {
      try {
        if (!fs.mkdirs(out)) {
          throw new RunFailedException("cannot create " + q);
        }
      } catch (IOException e) {
        throw new RunFailedException("cannot create " + q + ": " + e.getMessage(), e);
      }
      RowWriter writer = new RowWriter(fs, ranges, i -> new Path(out, RowRange.fileName(i)), batchRows, finalSync);
      LocalEngine.Result r = measured(() -> LocalEngine.run(nMaps, threads, RowRange::fileName, Window.NONE,
          monitor("teragen").totalBytes(rows * TeraRows.ROW), writer));
      records = r.records();
      elapsedMillis = (r.endEpochNanos() - r.startEpochNanos()) / 1e6;
      for (TaskRecord t : r.failed()) {
        failed.add(t.name() + ": " + t.error());
      }
      for (int i = 0; i < nMaps; i++) {
        if (writer.checksum(i) != null) {
          total.add(writer.checksum(i));
        }
      }
      if (failed.isEmpty() && !r.stopped() && !Signals.stopRequested()) {
        // what a MapReduce job's committer leaves, so tools that wait for it see a finished directory
        fs.create(new Path(out, "_SUCCESS"), true).close();
      }
    }
    Aggregate agg = Aggregate.of(records);
    long bytes = agg.bytes();
    double mbPerSec = elapsedMillis > 0 ? bytes / (double) Sizes.MB / (elapsedMillis / 1e3) : 0;
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "teragen: %d rows, %d bytes, %d file(s) in %.3f s: %.2f MB/s",
        bytes / TeraRows.ROW, bytes, nMaps - failed.size(), elapsedMillis / 1e3, mbPerSec));
    lines.add("teragen: checksum " + total + (failed.isEmpty() ? "" : " (of the files written; "
        + failed.size() + " failed)"));
    lines.addAll(TextReport.aggregateLines("teragen", agg));
    int exit = failed.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;

    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("rows", rows);
    figures.put("bytes", bytes);
    figures.put("maps", nMaps);
    figures.put("engine", mapReduce ? "mapreduce" : "local");
    figures.put("checksum", total.toString());
    figures.put("elapsedSeconds", elapsedMillis / 1e3);
    figures.put("mbPerSec", mbPerSec);
    figures.put("finalSync", finalSync);
    figures.put("batchRows", batchRows);
    List<Map<String, Object>> files = new ArrayList<>();
    for (RowRange r : ranges) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("file", r.fileName());
      f.put("firstRow", r.first());
      f.put("rows", r.count());
      files.add(f);
    }
    figures.put("files", files);
    RunResult run = new RunResult("teragen", "generate", context.commandLine(), optionValues(), Versions.detect(),
        hostName(), target.uri().toString(), target.description(), q.toString(), startedAt,
        Instant.now().toString(), exit, failed, agg, figures, records.stream().map(TaskResult::of).toList());
    lines.forEach(o::println);
    TextReport.failureLines("teragen", nMaps, run.tasks()).forEach(context.err()::println);
    if (Signals.stopRequested()) {
      context.err().println("teragen: stopped by " + Signals.received() + "; " + out + " is incomplete (no _SUCCESS)");
    }
    java.nio.file.Path json = writeResult(run);
    o.println("Result JSON: " + json);
    return exit;
  }
}
