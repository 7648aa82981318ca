package io.harness.dfsio;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.TaskRecord;
import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.TextReport;
import io.harness.core.result.Versions;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import io.harness.core.util.Sizes;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code harness dfsio}: TestDFSIO's write and read, in this JVM, with the harness's figures. */
@Command(name = "dfsio", mixinStandardHelpOptions = true, sortOptions = false,
    subcommands = DfsioAnalyzeCommand.class,
    description = {
        "TestDFSIO-style I/O: each task writes or reads one file io_data/test_io_<i> under the root.",
        "Prints TestDFSIO's block (appended to -resFile) and the harness's wall-clock aggregate and "
            + "per-call latency; writes the run's JSON.",
        "Options are case-insensitive, as in TestDFSIO. Sizes: B, KB, MB, GB, TB or K, M, G, T "
            + "(binary); a bare -fileSize is MB."})
public final class DfsioCommand extends WorkloadCommand {
  /** TestDFSIO's default buffer: 1,000,000 bytes. */
  public static final String DEFAULT_BUFFER = "1000000";
  public static final String DEFAULT_ROOT = "/benchmarks/TestDFSIO";
  public static final long DEFAULT_SEED = 0x5EEDL;

  @Option(names = "-write", description = "Write nrFiles files of fileSize bytes each.")
  boolean write;

  @Option(names = "-read", description = "Read the files a -write made (same -nrFiles, -fileSize).")
  boolean read;

  @Option(names = "-nrFiles", paramLabel = "N", defaultValue = "1",
      description = "Number of files, one task each (default: ${DEFAULT-VALUE}).")
  int nrFiles;

  @Option(names = {"-fileSize", "-size"}, paramLabel = "SIZE", defaultValue = "1MB",
      description = "Size of each file; a bare number is MB (default: ${DEFAULT-VALUE}).")
  String fileSize;

  @Option(names = "-bufferSize", paramLabel = "SIZE", defaultValue = DEFAULT_BUFFER,
      description = "Bytes per write/read call; a bare number is bytes (default: ${DEFAULT-VALUE}).")
  String bufferSize;

  @Option(names = "-resFile", paramLabel = "FILE", defaultValue = "TestDFSIO_results.log",
      description = "Local file the result block is appended to (default: ${DEFAULT-VALUE}).")
  String resFile;

  @Option(names = "--root", paramLabel = "DIR",
      description = "Run root on the target (default: -Dtest.build.data, else " + DEFAULT_ROOT
          + "; on --embedded ozone it is placed under /vol1/bucket1).")
  String root;

  @Option(names = "--verify", description = "With -read: check every byte against the seeded data; "
      + "a mismatch fails the task.")
  boolean verify;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "" + DEFAULT_SEED,
      description = "Seed of the written data; -read --verify needs the seed the files were written "
          + "with (default: ${DEFAULT-VALUE}).")
  long seed;

  private DfsioOperation op;
  private long fileBytes;
  private int bufferBytes;
  private Path rootPath;

  @Override
  protected void validate() {
    if (write == read) {
      throw new UsageException("-write/-read", write
          ? "give one operation, not both" : "no operation given (use -write or -read)");
    }
    op = write ? DfsioOperation.WRITE : DfsioOperation.READ;
    if (nrFiles < 1) {
      throw new UsageException("-nrFiles", "must be at least 1, was " + nrFiles);
    }
    fileBytes = parseSize("-fileSize", fileSize, Sizes.MB);
    long buf = parseSize("-bufferSize", bufferSize, 1);
    if (buf > Integer.MAX_VALUE - 16) {
      throw new UsageException("-bufferSize", "must be below 2 GB, was " + bufferSize);
    }
    bufferBytes = (int) buf;
    if (verify && !read) {
      throw new UsageException("--verify", "only applies to -read");
    }
    if (resFile.isBlank()) {
      throw new UsageException("-resFile", "must not be empty");
    }
  }

  private static long parseSize(String option, String text, long bareUnit) {
    long bytes;
    try {
      bytes = Sizes.parse(text, bareUnit);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
    if (bytes <= 0) {
      throw new UsageException(option, "must be positive, was " + text);
    }
    return bytes;
  }

  @Override
  protected void validateTarget(Target target) {
    String given = root != null ? root : target.conf().get("test.build.data", DEFAULT_ROOT);
    String option = root != null ? "--root" : "test.build.data";
    if (given.isBlank()) {
      throw new UsageException(option, "must not be empty");
    }
    rootPath = target.resolveRoot(given);
    Roots.check(target, rootPath, option);
  }

  @Override
  protected int execute(Target target) throws Exception {
    FileSystem fs = target.fs();
    Path qualifiedRoot = fs.makeQualified(rootPath);
    PrintStream out = context.out();
    if (op == DfsioOperation.READ) {
      checkDataPresent(fs);
    } else {
      // like TestDFSIO: the data directory of the previous write goes first
      if (fs.exists(DfsioFiles.dataDir(rootPath))) {
        fs.delete(DfsioFiles.dataDir(rootPath), true);
      }
      fs.mkdirs(DfsioFiles.dataDir(rootPath));
    }
    int nThreads = Math.min(threadsFor(nrFiles), nrFiles);
    out.printf("dfsio %s: %d file(s) x %s, buffer %d B, %d thread(s), root %s%n", op.testType(), nrFiles,
        Sizes.format(fileBytes), bufferBytes, nThreads, qualifiedRoot);

    String startedAt = Instant.now().toString();
    LocalEngine.TaskBody body = op == DfsioOperation.WRITE
        ? new WriteTask(fs, rootPath, fileBytes, bufferBytes, seed)
        : new ReadTask(fs, rootPath, fileBytes, bufferBytes, seed, verify);
    long t0 = System.nanoTime();
    LocalEngine.Result result = LocalEngine.run(nrFiles, nThreads, DfsioFiles::fileName, body);
    double execMillis = (System.nanoTime() - t0) / 1e6;
    String finishedAt = Instant.now().toString();

    List<TaskRecord> records = result.records();
    LegacyFigures legacy = LegacyFigures.of(op.testType(), records, execMillis);
    Aggregate agg = Aggregate.of(records);
    List<String> lines = new ArrayList<>();
    if (legacy.tasks() > 0) {
      lines.addAll(legacy.lines(new Date()));
    }
    lines.addAll(TextReport.aggregateLines(op.testType(), agg));
    List<String> failed = new ArrayList<>();
    for (TaskRecord r : result.failed()) {
      failed.add(r.name() + ": " + r.error());
    }
    int exit = failed.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;

    String runId = runId(op.testType());
    RunResult run = new RunResult("dfsio", op.testType(), context.commandLine(), optionValues(),
        Versions.detect(), hostName(), target.uri().toString(), target.description(),
        qualifiedRoot.toString(), startedAt, finishedAt, exit, failed, agg,
        figures(legacy), records.stream().map(TaskResult::of).toList());
    java.nio.file.Path jsonFile = writeResult(run, runId);
    // TestDFSIO's reducer output, so `dfsio analyze` (or any TestDFSIO tooling) reads this run too
    PartFile.write(fs, new Path(rootPath, op.resultDir()), legacy, agg);

    for (String line : lines) {
      out.println(line);
    }
    appendResFile(lines);
    out.println("Result JSON: " + jsonFile);
    if (!failed.isEmpty()) {
      context.err().println("dfsio: " + failed.size() + " of " + nrFiles + " task(s) failed:");
      for (String f : failed) {
        context.err().println("  " + f);
      }
    }
    return exit;
  }

  private void checkDataPresent(FileSystem fs) throws IOException {
    List<String> missing = new ArrayList<>();
    List<String> shortFiles = new ArrayList<>();
    for (int i = 0; i < nrFiles; i++) {
      Path p = DfsioFiles.dataFile(rootPath, i);
      try {
        FileStatus st = fs.getFileStatus(p);
        if (st.getLen() < fileBytes) {
          shortFiles.add(p.getName() + " (" + st.getLen() + " bytes)");
        }
      } catch (FileNotFoundException e) {
        missing.add(p.getName());
      }
    }
    if (!missing.isEmpty()) {
      throw new RunFailedException("-read: " + missing.size() + " of " + nrFiles
          + " data file(s) missing under " + DfsioFiles.dataDir(rootPath) + " (first: " + missing.get(0)
          + "); run -write first with the same -nrFiles and root");
    }
    if (!shortFiles.isEmpty()) {
      throw new RunFailedException("-read: " + shortFiles.size() + " file(s) shorter than -fileSize "
          + fileBytes + " bytes (first: " + shortFiles.get(0) + ")");
    }
  }

  private Map<String, Object> figures(LegacyFigures legacy) {
    Map<String, Object> legacyMap = new LinkedHashMap<>();
    legacyMap.put("testType", legacy.testType());
    legacyMap.put("tasks", legacy.tasks());
    legacyMap.put("size", legacy.size());
    legacyMap.put("timeMillis", legacy.timeMillis());
    legacyMap.put("rate", legacy.rate());
    legacyMap.put("sqrate", legacy.sqrate());
    legacyMap.put("totalMBytes", legacy.totalMBytes());
    legacyMap.put("throughputMbSec", legacy.throughputMbSec());
    legacyMap.put("averageIoRateMbSec", legacy.averageIoRateMbSec());
    legacyMap.put("ioRateStdDev", legacy.ioRateStdDev());
    legacyMap.put("execTimeSec", legacy.execTimeSeconds());
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("fileSizeBytes", fileBytes);
    f.put("bufferSizeBytes", bufferBytes);
    f.put("nrFiles", nrFiles);
    f.put("seed", seed);
    f.put("legacy", legacyMap);
    return f;
  }

  private void appendResFile(List<String> lines) throws IOException {
    try (PrintStream res = new PrintStream(new FileOutputStream(resFile, true), true,
        StandardCharsets.UTF_8)) {
      for (String line : lines) {
        res.println(line);
      }
      res.println();
    }
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
