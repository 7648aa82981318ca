package io.harness.teragen;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.TaskRecord;
import io.harness.core.engine.TaskRecorder;
import io.harness.core.engine.TaskStreams;
import io.harness.core.engine.Window;
import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.TextReport;
import io.harness.core.result.Versions;
import io.harness.core.target.Target;
import io.harness.core.util.Sizes;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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

  private Checksum128 expectedSum;
  private Long expectedRows;
  private int bufferRows;
  private Path path;
  private FileStatus[] files;

  /** What one file gave: rows, checksum, first and last key, the first misorder inside it. */
  private record FileResult(long rows, Checksum128 sum, byte[] firstKey, byte[] lastKey, String misorder) {
  }

  @Override
  protected void validate() {
    if (expectChecksum != null) {
      try {
        expectedSum = Checksum128.parse(expectChecksum);
      } catch (NumberFormatException e) {
        throw new UsageException("--expect-checksum", e.getMessage());
      }
    }
    if (expectRows != null) {
      expectedRows = RowsParser.parseRows("--expect-rows", expectRows);
    }
    long b;
    try {
      b = Sizes.parse(buffer, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--buffer", e.getMessage());
    }
    if (b < TeraRows.ROW || b > (1L << 30)) {
      throw new UsageException("--buffer", "must be between 100 B (one row) and 1 GB, was " + buffer);
    }
    bufferRows = (int) (b / TeraRows.ROW);
  }

  @Override
  protected PathArgument targetPath() {
    return new PathArgument("DIR", dir);
  }

  @Override
  protected void validateTarget(Target target) {
    path = target.resolveRoot(dir);
    try {
      FileSystem fs = target.fs();
      if (!fs.exists(path)) {
        throw new UsageException("DIR", fs.makeQualified(path) + " does not exist");
      }
      if (!fs.getFileStatus(path).isDirectory()) {
        throw new UsageException("DIR", fs.makeQualified(path) + " is a file, not a directory of part files");
      }
      files = fs.listStatus(path, p -> !p.getName().startsWith("_") && !p.getName().startsWith("."));
      Arrays.sort(files);
      if (files.length == 0) {
        throw new UsageException("DIR", fs.makeQualified(path) + " holds no data files");
      }
      for (FileStatus f : files) {
        if (f.isDirectory()) {
          throw new UsageException("DIR", fs.makeQualified(path) + " holds a directory, "
              + f.getPath().getName() + ": not a TeraGen output directory");
        }
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot list " + path + ": " + e.getMessage(), e);
    }
  }

  @Override
  protected int execute(Target target) throws Exception {
    FileSystem fs = target.fs();
    PrintStream o = context.out();
    Path q = fs.makeQualified(path);
    int threads = Math.min(threadsFor(files.length), files.length);
    o.printf(Locale.ROOT, "teravalidate: %d file(s) under %s, %d thread(s)%s%n", files.length, q, threads,
        checksumOnly ? ", checksum only" : "");
    String startedAt = Instant.now().toString();
    FileResult[] results = new FileResult[files.length];
    LocalEngine.Result r = measured(() -> LocalEngine.run(files.length, threads, i -> files[i].getPath().getName(),
        Window.NONE, monitor("teravalidate").totalBytes(totalBytes()), (i, rec) -> results[i] = check(fs, files[i], rec)));
    double seconds = (r.endEpochNanos() - r.startEpochNanos()) / 1e9;

    List<String> failed = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    Checksum128 total = new Checksum128();
    long rows = 0;
    for (TaskRecord t : r.failed()) {
      failed.add(t.name() + ": " + t.error());
    }
    byte[] lastKey = null;
    String lastFile = null;
    for (int i = 0; i < files.length; i++) {
      FileResult f = results[i];
      if (f == null) {
        continue;
      }
      rows += f.rows();
      total.add(f.sum());
      if (checksumOnly || f.rows() == 0) {
        continue;
      }
      if (f.misorder() != null) {
        problems.add("misorder in " + files[i].getPath().getName() + ": " + f.misorder());
      }
      if (lastKey != null && TeraRows.compareKeys(lastKey, 0, f.firstKey(), 0) > 0) {
        problems.add("misorder across files: the last key of " + lastFile + " (" + hex(lastKey)
            + ") is greater than the first key of " + files[i].getPath().getName() + " (" + hex(f.firstKey()) + ")");
      }
      lastKey = f.lastKey();
      lastFile = files[i].getPath().getName();
    }
    if (expectedRows != null && failed.isEmpty() && rows != expectedRows) {
      problems.add("rows: " + rows + ", expected " + expectedRows);
    }
    if (expectedSum != null && failed.isEmpty() && !total.equals(expectedSum)) {
      problems.add("checksum: " + total + ", expected " + expectedSum);
    }
    Aggregate agg = Aggregate.of(r.records());
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "teravalidate: %d rows, %d bytes, %d file(s) in %.3f s: %.2f MB/s", rows,
        agg.bytes(), files.length, seconds, seconds > 0 ? agg.bytes() / (double) Sizes.MB / seconds : 0));
    lines.add("teravalidate: checksum " + total);
    String verdict = !failed.isEmpty() ? "FAILED (could not read every file)"
        : !problems.isEmpty() ? "FAILED (" + problems.size() + " problem(s))"
        : checksumOnly ? "OK (rows and checksum" + (expectedSum != null || expectedRows != null ? " as expected" : "")
            + "; order not checked)"
        : "OK (sorted" + (expectedSum != null || expectedRows != null ? ", rows and checksum as expected" : "") + ")";
    lines.add("teravalidate: " + verdict);
    lines.addAll(TextReport.aggregateLines("teravalidate", agg));
    int exit = failed.isEmpty() && problems.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;

    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("rows", rows);
    figures.put("checksum", total.toString());
    figures.put("files", files.length);
    figures.put("checksumOnly", checksumOnly);
    figures.put("expectedRows", expectedRows);
    figures.put("expectedChecksum", expectedSum == null ? null : expectedSum.toString());
    figures.put("problems", problems);
    RunResult run = new RunResult("teravalidate", "validate", context.commandLine(), optionValues(),
        Versions.detect(), hostName(), target.uri().toString(), target.description(), q.toString(), startedAt,
        Instant.now().toString(), exit, failed, agg, figures, r.records().stream().map(TaskResult::of).toList());
    lines.forEach(o::println);
    java.nio.file.Path json = writeResult(run);
    o.println("Result JSON: " + json);
    for (String p : problems) {
      context.err().println("teravalidate: " + p);
    }
    for (String f : failed) {
      context.err().println("teravalidate: could not read " + f);
    }
    return exit;
  }

  /** The bytes every file holds, together. */
  private long totalBytes() {
    long sum = 0;
    for (FileStatus f : files) {
      sum += f.getLen();
    }
    return sum;
  }

  private FileResult check(FileSystem fs, FileStatus file, TaskRecorder rec) throws Exception {
    long len = file.getLen();
    if (len % TeraRows.ROW != 0) {
      throw new IOException(file.getPath().getName() + " is " + len + " bytes, not a whole number of "
          + TeraRows.ROW + "-byte rows");
    }
    long rows = len / TeraRows.ROW;
    byte[] buf = new byte[(int) Math.min(bufferRows, Math.max(1, rows)) * TeraRows.ROW];
    byte[] prev = new byte[TeraRows.KEY];
    Checksum128 sum = new Checksum128();
    long t0 = rec.enter("open");
    FSDataInputStream stream = fs.open(file.getPath());
    rec.call("open", t0, 0);
    String[] misorder = {null};
    byte[][] first = {null};
    TaskStreams.use(stream, rec, in -> {
      long row = 0;
      while (row < rows && !rec.expired()) {
        int n = (int) Math.min(buf.length / TeraRows.ROW, rows - row);
        long t = rec.enter("read");
        try {
          in.readFully(buf, 0, n * TeraRows.ROW);
        } catch (EOFException e) {
          throw new IOException(file.getPath().getName() + " ended before its listed length of " + len + " bytes");
        }
        rec.call("read", t, (long) n * TeraRows.ROW);
        sum.addRows(buf, 0, n * TeraRows.ROW);
        if (!checksumOnly) {
          for (int i = 0; i < n; i++) {
            int off = i * TeraRows.ROW;
            if (first[0] == null) {
              first[0] = Arrays.copyOfRange(buf, 0, TeraRows.KEY);
            } else if (misorder[0] == null && TeraRows.compareKeys(prev, 0, buf, off) > 0) {
              misorder[0] = "row " + (row + i) + " (key " + hex(Arrays.copyOfRange(buf, off, off + TeraRows.KEY))
                  + ") is below the row before it (key " + hex(prev) + ")";
            }
            System.arraycopy(buf, off, prev, 0, TeraRows.KEY);
          }
        }
        row += n;
      }
    });
    return new FileResult(rows, sum, first[0], rows == 0 ? null : prev.clone(), misorder[0]);
  }

  private static String hex(byte[] key) {
    StringBuilder b = new StringBuilder();
    for (byte x : key) {
      b.append(String.format("%02x", x & 0xff));
    }
    return b.toString();
  }
}
