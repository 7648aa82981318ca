package io.harness.dfsio;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.Signals;
import io.harness.core.cli.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.engine.TaskRecord;
import io.harness.core.engine.TaskRecorder;
import io.harness.core.engine.Window;
import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.TextReport;
import io.harness.core.result.Versions;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import io.harness.core.util.Bounded;
import io.harness.core.util.Durations;
import io.harness.core.util.LocalOutputs;
import io.harness.core.util.Sizes;
import io.harness.dfsio.mr.DfsioJob;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness dfsio}: TestDFSIO's write, read (sequential, random, backward, skip), append,
 * truncate and clean, in this JVM, with the harness's figures.
 */
@Command(name = "dfsio", mixinStandardHelpOptions = true, sortOptions = false,
    subcommands = DfsioAnalyzeCommand.class,
    description = {
        "TestDFSIO-style I/O: each task writes, reads, appends to or truncates one file "
            + "io_data/test_io_<i> under the root; -clean deletes the root.",
        "Operations (exactly one): -write | -read [-random | -backward | -skip [-skipSize S]] | -append "
            + "| -truncate | -clean",
        "Prints TestDFSIO's block (appended to -resFile) and the harness's wall-clock aggregate and "
            + "per-call latency; writes the run's JSON.",
        "Options are case-insensitive, as in TestDFSIO. Sizes: B, KB, MB, GB, TB or K, M, G, T "
            + "(binary); a bare -fileSize is MB."})
public final class DfsioCommand extends WorkloadCommand {
  /** TestDFSIO's default buffer: 1,000,000 bytes. */
  public static final String DEFAULT_BUFFER = "1000000";
  public static final String DEFAULT_ROOT = "/benchmarks/TestDFSIO";
  public static final long DEFAULT_SEED = 0x5EEDL;
  /** The longest the run waits for its part file on the target (its figures are saved locally already). */
  static final long PART_FILE_SECONDS = 60;

  @Option(names = "-write", description = "Write nrFiles files of fileSize bytes each.")
  boolean write;

  @Option(names = "-read", description = "Read fileSize bytes of each file a -write made (same -nrFiles); "
      + "sequentially, or with -random, -backward or -skip.")
  boolean read;

  @Option(names = "-random", description = "With -read: read buffers at random positions (seeded by "
      + "--seed, so runs repeat) until fileSize bytes are read. Results go to io_random_read.")
  boolean random;

  @Option(names = "-backward", description = "With -read: read buffers from the end of the file towards "
      + "its start until fileSize bytes are read.")
  boolean backward;

  @Option(names = "-skip", description = "With -read: read a buffer, skip -skipSize bytes, repeat until "
      + "fileSize bytes are read or the file ends.")
  boolean skip;

  @Option(names = "-skipSize", paramLabel = "SIZE",
      description = "With -read -skip: bytes skipped after each buffer; a bare number is MB (TestDFSIO's "
          + "rule); 0 means the buffer size (default: the buffer size).")
  String skipSize;

  @Option(names = "-append", description = "Append fileSize bytes to each existing file (its seeded data "
      + "continues, so -read --verify of the new length checks the whole file).")
  boolean append;

  @Option(names = "-truncate", description = "Truncate each existing file to fileSize (-size) bytes; "
      + "waits until the file system shows the new length.")
  boolean truncate;

  @Option(names = "-clean", description = "Delete the run root (only if it holds nothing but what dfsio "
      + "makes: io_control, io_data, io_write, io_read, io_append, io_random_read, io_truncate).")
  boolean clean;

  @Option(names = "-nrFiles", paramLabel = "N", defaultValue = "1",
      description = "Number of files, one task each (default: ${DEFAULT-VALUE}).")
  int nrFiles;

  @Option(names = {"-fileSize", "-size"}, paramLabel = "SIZE", defaultValue = "1MB",
      description = "Size of each file (-write), bytes read per file (-read), bytes appended per file "
          + "(-append), new length (-truncate); a bare number is MB (default: ${DEFAULT-VALUE}).")
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

  @Option(names = "-compression", paramLabel = "CODEC",
      description = "With -write and -read: compress what is written, decompress what is read, with this "
          + "Hadoop codec (class name, simple name or alias: org.apache.hadoop.io.compress.GzipCodec, "
          + "GzipCodec, gzip). Sizes and rates count uncompressed bytes, as in TestDFSIO.")
  String compression;

  @Option(names = "-storagePolicy", paramLabel = "NAME",
      description = "HDFS only, with -write: the block storage policy of the data directory "
          + "(HOT, WARM, COLD, ONE_SSD, ALL_SSD, ...).")
  String storagePolicy;

  @Option(names = "-erasureCodePolicy", paramLabel = "NAME",
      description = "HDFS only, with -write: the erasure coding policy of the data directory "
          + "(e.g. RS-6-3-1024k); it must be enabled on the cluster.")
  String erasureCodePolicy;

  @Option(names = "--replication", paramLabel = "TYPE/FACTOR",
      description = "Ozone only (ofs://, o3fs://), with -write: the replication of the keys written: "
          + "RATIS/ONE, RATIS/THREE or EC/<codec>-<data>-<parity>-<chunk>, e.g. EC/rs-3-2-1024k "
          + "(an EC bucket's own replication wins, as Ozone decides).")
  String replication;

  @Option(names = "--warmup", paramLabel = "TIME",
      description = "Leave each task's first TIME out of every figure (its calls, bytes and time); "
          + "e.g. 10s. A bare number is seconds.")
  String warmup;

  @Option(names = "--duration", paramLabel = "TIME",
      description = "Time-bounded run: each task goes on until TIME after its warm-up (e.g. 60s, 5m). "
          + "-write and -append then write until the deadline (no -fileSize); reads start over at the "
          + "beginning each time they have read -fileSize bytes (backward and skip reads where they began).")
  String duration;

  @Option(names = "--engine", paramLabel = "ENGINE",
      description = "local (threads in this JVM) or mapreduce (one map per file, one reducer, as "
          + "TestDFSIO; local job runner or YARN per mapreduce.framework.name). Default: mapreduce when "
          + "mapreduce.framework.name is yarn, else local.")
  String engine;

  @Option(names = "--verify", description = "With -read (any mode): check every byte read against the "
      + "seeded data at its position; a mismatch fails the task.")
  boolean verify;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "" + DEFAULT_SEED,
      description = "Seed of the written data (and of -read -random's positions); -read --verify needs "
          + "the seed the files were written with (default: ${DEFAULT-VALUE}).")
  long seed;

  private DfsioOperation op;
  private long fileBytes;
  private int bufferBytes;
  private long skipBytes;
  private Path rootPath;
  private String rootOption;
  private String codecClass;
  private OzoneReplication ozoneReplication;
  private Window window = Window.NONE;
  private Target target;

  @Override
  protected void validate() {
    if (engine != null && !engine.equalsIgnoreCase("local") && !engine.equalsIgnoreCase("mapreduce")) {
      throw new UsageException("--engine", "must be local or mapreduce, was '" + engine + "'");
    }
    op = operation();
    if (nrFiles < 1) {
      throw new UsageException("-nrFiles", "must be at least 1, was " + nrFiles);
    }
    // truncating to 0 bytes is a real truncate; every other operation needs a positive size
    fileBytes = parseSize(op == DfsioOperation.TRUNCATE ? sizeOption() : "-fileSize", fileSize, Sizes.MB,
        op == DfsioOperation.TRUNCATE);
    long buf = parseSize("-bufferSize", bufferSize, 1, false);
    if (buf > Integer.MAX_VALUE - 16) {
      throw new UsageException("-bufferSize", "must be below 2 GB, was " + bufferSize);
    }
    bufferBytes = (int) buf;
    if (verify && !op.isRead()) {
      throw new UsageException("--verify", "only applies to -read");
    }
    if (op == DfsioOperation.READ_SKIP) {
      // TestDFSIO: a skip read without (or with a zero) -skipSize skips one buffer each time
      long given = skipSize == null ? 0 : parseSize("-skipSize", skipSize, Sizes.MB, true);
      skipBytes = given == 0 ? bufferBytes : given;
    }
    if (resFile.isBlank()) {
      throw new UsageException("-resFile", "must not be empty");
    }
    LocalOutputs.checkFile("-resFile", LocalOutputs.path("-resFile", resFile));
    validateCompression();
    validatePlacement();
    validateWindow();
  }

  private void validateCompression() {
    if (compression == null) {
      return;
    }
    if (op != DfsioOperation.WRITE && op != DfsioOperation.READ) {
      throw new UsageException("-compression", "applies to -write and (sequential) -read only, not "
          + op.flags() + (op.isPositionedRead() ? " (a compressed stream cannot be read at positions)" : ""));
    }
    codecClass = Codecs.resolve(compression, context.conf());
    if (codecClass == null) {
      throw new UsageException("-compression", "unknown codec '" + compression + "'; known: "
          + String.join(", ", Codecs.known(context.conf())) + " (or any CompressionCodec class name)");
    }
    String why = Codecs.probe(codecClass, context.conf());
    if (why != null) {
      throw new UsageException("-compression", codecClass + " cannot run in this JVM: " + why);
    }
  }

  /** -storagePolicy, -erasureCodePolicy, --replication: where new files go, so -write only. */
  private void validatePlacement() {
    String[][] given = {{"-storagePolicy", storagePolicy}, {"-erasureCodePolicy", erasureCodePolicy},
        {"--replication", replication}};
    for (String[] g : given) {
      if (g[1] == null) {
        continue;
      }
      if (op != DfsioOperation.WRITE) {
        throw new UsageException(g[0], "applies to -write only (the files keep what they were written with)");
      }
      if (g[1].isBlank()) {
        throw new UsageException(g[0], "must not be empty");
      }
    }
    if (replication != null) {
      try {
        ozoneReplication = OzoneReplication.parse(replication);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--replication", e.getMessage());
      }
    }
  }

  private void validateWindow() {
    long warmupNanos = warmup == null ? 0 : parseTime("--warmup", warmup);
    long durationNanos = duration == null ? 0 : parseTime("--duration", duration);
    if (duration != null && durationNanos == 0) {
      throw new UsageException("--duration", "must be positive, was " + duration);
    }
    if ((warmup != null || duration != null)
        && (op == DfsioOperation.TRUNCATE || op == DfsioOperation.CLEANUP)) {
      throw new UsageException(warmup != null ? "--warmup" : "--duration", "does not apply to " + op.flags());
    }
    if (duration != null && (op == DfsioOperation.WRITE || op == DfsioOperation.APPEND)
        && spec.commandLine().getParseResult().hasMatchedOption("-fileSize")) {
      throw new UsageException("-fileSize", "does not apply to " + op.flags() + " --duration (each task "
          + "writes until the deadline)");
    }
    window = new Window(warmupNanos, durationNanos);
  }

  private static long parseTime(String option, String text) {
    try {
      return Durations.parseNanos(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
  }

  /** The one operation the flags select; bad combinations are usage errors naming the flags. */
  private DfsioOperation operation() {
    List<String> ops = new ArrayList<>();
    addIf(ops, write, "-write");
    addIf(ops, read, "-read");
    addIf(ops, append, "-append");
    addIf(ops, truncate, "-truncate");
    addIf(ops, clean, "-clean");
    if (ops.size() > 1) {
      throw new UsageException(String.join("/", ops),
          "give one operation, not " + (ops.size() == 2 ? "both" : ops.size()));
    }
    List<String> modes = new ArrayList<>();
    addIf(modes, random, "-random");
    addIf(modes, backward, "-backward");
    addIf(modes, skip, "-skip");
    if (!modes.isEmpty() && !read) {
      throw new UsageException(modes.get(0), "only applies to -read (e.g. -read " + modes.get(0) + ")");
    }
    if (ops.isEmpty()) {
      throw new UsageException("-write/-read/-append/-truncate/-clean",
          "no operation given (use exactly one)");
    }
    if (modes.size() > 1) {
      throw new UsageException(String.join("/", modes),
          "give one read mode, not " + (modes.size() == 2 ? "both" : modes.size()));
    }
    if (skipSize != null && !skip) {
      throw new UsageException("-skipSize", "only applies to -read -skip");
    }
    if (write) {
      return DfsioOperation.WRITE;
    } else if (append) {
      return DfsioOperation.APPEND;
    } else if (truncate) {
      return DfsioOperation.TRUNCATE;
    } else if (clean) {
      return DfsioOperation.CLEANUP;
    } else if (random) {
      return DfsioOperation.READ_RANDOM;
    } else if (backward) {
      return DfsioOperation.READ_BACKWARD;
    } else if (skip) {
      return DfsioOperation.READ_SKIP;
    }
    return DfsioOperation.READ;
  }

  private static void addIf(List<String> list, boolean given, String flag) {
    if (given) {
      list.add(flag);
    }
  }

  /** {@code -size} when the command line spelt the size that way (TestDFSIO's name for it), else -fileSize. */
  private String sizeOption() {
    for (String arg : context.commandLine()) {
      if (arg.equalsIgnoreCase("-size")) {
        return "-size";
      }
    }
    return "-fileSize";
  }

  private static long parseSize(String option, String text, long bareUnit, boolean zeroAllowed) {
    long bytes;
    try {
      bytes = Sizes.parse(text, bareUnit);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
    if (bytes < 0 || (bytes == 0 && !zeroAllowed)) {
      throw new UsageException(option, "must be " + (zeroAllowed ? "zero or more" : "positive")
          + ", was " + text);
    }
    return bytes;
  }

  /** A fully qualified --root (hdfs://nn:8020/bench, o3fs://bucket.vol/bench) names the target itself. */
  @Override
  protected String operationName() {
    return op.testType().replace(' ', '-');
  }

  @Override
  protected PathArgument targetPath() {
    return new PathArgument("--root", root);
  }

  @Override
  protected void validateTarget(Target target) {
    String given = root != null ? root : target.conf().get("test.build.data", DEFAULT_ROOT);
    rootOption = root != null ? "--root" : "test.build.data";
    if (given.isBlank()) {
      throw new UsageException(rootOption, "must not be empty");
    }
    rootPath = target.resolveRoot(given);
    Roots.check(target, rootPath, rootOption);
    // a root under a file is bad input; -clean tells of a root that is a file itself (checkCleanRoot)
    Roots.checkAncestors(target, op == DfsioOperation.CLEANUP ? rootPath.getParent() : rootPath, rootOption);
    if (op == DfsioOperation.WRITE) {
      validatePlacement(target);
      return;
    }
    // everything below reads the target, and nothing has been created or deleted yet
    try {
      FileSystem fs = target.fs();
      if (op == DfsioOperation.CLEANUP) {
        checkCleanRoot(fs);
      } else {
        checkData(fs);
      }
    } catch (IOException e) {
      throw new RunFailedException(op.flags() + ": cannot check " + rootPath + " on " + target.uri()
          + ": " + e, e);
    }
  }

  /** The placement options against the target: HDFS or Ozone only, and names the cluster knows. */
  private void validatePlacement(Target target) {
    String scheme = target.uri().getScheme();
    boolean ozone = "ofs".equalsIgnoreCase(scheme) || "o3fs".equalsIgnoreCase(scheme);
    try {
      if (storagePolicy != null || erasureCodePolicy != null) {
        String option = storagePolicy != null ? "-storagePolicy" : "-erasureCodePolicy";
        if (!(target.fs() instanceof DistributedFileSystem dfs)) {
          throw new UsageException(option, "applies to HDFS (hdfs://) only; the target is " + target.uri()
              + (ozone ? "; on Ozone use --replication" : ""));
        }
        if (storagePolicy != null) {
          storagePolicy = HdfsPolicies.storagePolicy(dfs, storagePolicy);
        }
        if (erasureCodePolicy != null) {
          erasureCodePolicy = HdfsPolicies.erasureCodingPolicy(dfs, erasureCodePolicy);
        }
      }
      if (ozoneReplication != null) {
        if (!ozone) {
          throw new UsageException("--replication", "applies to Ozone (ofs://, o3fs://) only; the target is "
              + target.uri() + ("hdfs".equalsIgnoreCase(scheme)
                  ? "; on HDFS use -Ddfs.replication=N or -erasureCodePolicy" : ""));
        }
        target.setClientSetting(OzoneReplication.TYPE_KEY, ozoneReplication.type());
        target.setClientSetting(OzoneReplication.REPLICATION_KEY, ozoneReplication.replication());
      }
    } catch (IOException e) {
      throw new RunFailedException("cannot check the placement options on " + target.uri() + ": " + e, e);
    }
  }

  /**
   * Before -read, -append or -truncate: the file system can do the operation, every data file is
   * there (else exit 1), reads find at least -fileSize bytes (else exit 1), and a truncate only
   * shortens (else exit 2, nothing truncated).
   */
  private void checkData(FileSystem fs) throws IOException {
    FsSupport.Feature feature = op == DfsioOperation.APPEND ? FsSupport.Feature.APPEND
        : op == DfsioOperation.TRUNCATE ? FsSupport.Feature.TRUNCATE : null;
    if (feature != null) {
      String reason = FsSupport.staticReason(fs, feature);
      if (reason != null) {
        throw new RunFailedException(op.flags() + ": the file system " + FsSupport.describe(fs)
            + " does not support " + feature.call + ": " + reason);
      }
    }
    List<String> missing = new ArrayList<>();
    List<String> shortFiles = new ArrayList<>();
    long firstLength = -1;
    for (int i = 0; i < nrFiles; i++) {
      Path p = DfsioFiles.dataFile(rootPath, i);
      try {
        FileStatus st = fs.getFileStatus(p);
        if (i == 0) {
          firstLength = st.getLen();
        }
        // a compressed file's length says nothing about the bytes it decompresses to
        if (op != DfsioOperation.APPEND && codecClass == null && st.getLen() < fileBytes) {
          shortFiles.add(p.getName() + ", " + st.getLen() + " bytes");
        }
      } catch (FileNotFoundException e) {
        missing.add(p.getName());
      }
    }
    if (!missing.isEmpty()) {
      throw new RunFailedException(op.flags() + ": " + missing.size() + " of " + nrFiles
          + " data file(s) missing under " + DfsioFiles.dataDir(rootPath) + " (first: " + missing.get(0)
          + "); run -write first with the same -nrFiles and root");
    }
    if (!shortFiles.isEmpty() && op == DfsioOperation.TRUNCATE) {
      throw new UsageException(sizeOption(), shortFiles.size() + " of " + nrFiles + " file(s) are "
          + "shorter than the new length " + fileBytes + " bytes (first: " + shortFiles.get(0)
          + "); -truncate only shortens files, nothing was truncated");
    }
    if (!shortFiles.isEmpty()) {
      throw new RunFailedException(op.flags() + ": " + shortFiles.size() + " file(s) shorter than "
          + "-fileSize " + fileBytes + " bytes (first: " + shortFiles.get(0) + ")");
    }
    if (feature != null) {
      FsSupport.check(fs, feature, op.flags(), DfsioFiles.dataFile(rootPath, 0), firstLength);
    }
  }

  /** Before -clean: the root is a directory holding only what dfsio makes (or is not there at all). */
  private void checkCleanRoot(FileSystem fs) throws IOException {
    FileStatus st;
    try {
      st = fs.getFileStatus(rootPath);
    } catch (FileNotFoundException e) {
      return;
    }
    if (!st.isDirectory()) {
      throw new UsageException(rootOption, fs.makeQualified(rootPath) + " is a file, not a dfsio run "
          + "root; nothing deleted");
    }
    List<String> foreign = new ArrayList<>();
    for (FileStatus child : fs.listStatus(rootPath)) {
      if (!DfsioFiles.ROOT_ENTRIES.contains(child.getPath().getName())) {
        foreign.add(child.getPath().getName());
      }
    }
    if (!foreign.isEmpty()) {
      foreign.sort(null);
      throw new UsageException(rootOption, fs.makeQualified(rootPath) + " holds " + foreign.size()
          + " entr" + (foreign.size() == 1 ? "y" : "ies") + " dfsio did not make (first: "
          + foreign.get(0) + "); -clean deletes only a root with nothing but "
          + String.join(", ", DfsioFiles.ROOT_ENTRIES) + "; nothing deleted");
    }
  }

  @Override
  protected int execute(Target target) throws Exception {
    this.target = target;
    FileSystem fs = target.fs();
    Path qualifiedRoot = fs.makeQualified(rootPath);
    PrintStream out = context.out();
    if (op == DfsioOperation.CLEANUP) {
      return clean(fs, qualifiedRoot);
    }
    if (op == DfsioOperation.WRITE) {
      // like TestDFSIO: the data directory of the previous write goes first
      if (fs.exists(DfsioFiles.dataDir(rootPath))) {
        fs.delete(DfsioFiles.dataDir(rootPath), true);
      }
      fs.mkdirs(DfsioFiles.dataDir(rootPath));
      applyPlacement(fs);
    }
    if (op == DfsioOperation.APPEND || op == DfsioOperation.TRUNCATE) {
      removeStaleChecksums(fs);
    }
    int nThreads = Math.min(threadsFor(nrFiles), nrFiles);
    String what = switch (op) {
      case TRUNCATE -> "to " + Sizes.format(fileBytes);
      case APPEND -> "+ " + Sizes.format(fileBytes);
      case READ_SKIP -> "x " + Sizes.format(fileBytes) + ", skip " + skipBytes + " B";
      default -> "x " + Sizes.format(fileBytes);
    };
    if (window.timeBounded() && (op == DfsioOperation.WRITE || op == DfsioOperation.APPEND)) {
      what = "until the deadline";
    }
    out.printf("dfsio %s: %d file(s) %s, buffer %d B%s, %s, root %s%n", op.testType(), nrFiles, what,
        bufferBytes, runShape(), useMapReduce(target)
            ? "MapReduce engine (" + target.conf().get("mapreduce.framework.name", "local") + ")"
            : nThreads + " thread(s)", qualifiedRoot);

    String startedAt = Instant.now().toString();
    if (useMapReduce(target)) {
      double jobMillis;
      try {
        jobMillis = measured(() -> DfsioJob.run(target.conf(), fs, params(), nrFiles, recording, out));
      } catch (RunFailedException e) {
        if (!Signals.stopRequested()) {
          throw e;
        }
        // stopped: the maps' figures are lost with the killed job; the run is still recorded
        context.err().println("dfsio: " + e.getMessage());
        return report(qualifiedRoot, startedAt, LegacyFigures.of(op.testType(), List.of(), Double.NaN),
            Aggregate.of(List.of()), List.of(), false);
      }
      PartFile part = PartFile.read(fs, new Path(rootPath, op.resultDir()));
      for (Map.Entry<String, String> e : part.instrumentation().entrySet()) {
        recording.addTaskTimings(e.getKey(), TaskInstrumentation.parse(e.getValue()));
      }
      LegacyFigures legacy = LegacyFigures.ofPartFile(op.testType(), Long.parseLong(part.legacy("tasks")),
          Long.parseLong(part.legacy("size")), Long.parseLong(part.legacy("time")),
          Float.parseFloat(part.legacy("rate")), Float.parseFloat(part.legacy("sqrate")), jobMillis);
      return report(qualifiedRoot, startedAt, legacy, part.aggregate(), part.tasks(), false);
    }
    LocalEngine.TaskBody body = params().body(fs);
    long t0 = System.nanoTime();
    long total = window.timeBounded() || op == DfsioOperation.TRUNCATE ? -1 : nrFiles * fileBytes;
    LocalEngine.Result result = measured(() -> LocalEngine.run(nrFiles, nThreads, DfsioFiles::fileName, window,
        monitor("dfsio " + op.testType()).totalBytes(total), body));
    double execMillis = (System.nanoTime() - t0) / 1e6;

    List<TaskRecord> records = result.records();
    return report(qualifiedRoot, startedAt, LegacyFigures.of(op.testType(), records, execMillis),
        Aggregate.of(records), records.stream().map(TaskResult::of).toList(), true);
  }

  /**
   * Prints the figures, appends them to -resFile and writes the run's JSON: everything local first, so a
   * target that failed cannot take the figures with it. Then, for a local run, TestDFSIO's part file on
   * the target; failing to write it is a warning (the run's exit code stands, the JSON says so).
   */
  private int report(Path qualifiedRoot, String startedAt, LegacyFigures legacy, Aggregate agg,
      List<TaskResult> tasks, boolean writePartFile) throws IOException {
    PrintStream out = context.out();
    PrintStream err = context.err();
    String finishedAt = Instant.now().toString();
    List<String> lines = new ArrayList<>();
    if (legacy.tasks() > 0) {
      lines.addAll(legacy.lines(new Date()));
    }
    lines.addAll(TextReport.aggregateLines(op.testType(), agg));
    List<String> failed = tasks.stream().filter(t -> t.error() != null).map(t -> t.name() + ": " + t.error())
        .toList();
    int exit = failed.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    for (String line : lines) {
      out.println(line);
    }
    appendResFile(lines);
    TextReport.failureLines("dfsio", nrFiles, tasks).forEach(err::println);
    if (Signals.stopRequested()) {
      err.println("dfsio: stopped by " + Signals.received() + "; the figures cover what " + tasks.size()
          + " of " + nrFiles + " task(s) did until then");
    }

    Path partFile = new Path(new Path(qualifiedRoot, op.resultDir()), PartFile.NAME);
    Map<String, Object> figures = figures(legacy);
    Map<String, Object> part = new LinkedHashMap<>();
    part.put("path", partFile.toString());
    part.put("written", !writePartFile);
    if (writePartFile && Signals.stopRequested()) {
      part.put("error", "not written: the run was stopped by " + Signals.received());
      writePartFile = false;
    }
    figures.put("partFile", part);
    RunResult run = new RunResult("dfsio", op.testType(), context.commandLine(), optionValues(),
        Versions.detect(), hostName(), target.uri().toString(), target.description(),
        qualifiedRoot.toString(), startedAt, finishedAt, exit, failed, agg, figures, tasks);
    java.nio.file.Path jsonFile = writeResult(run);
    out.println("Result JSON: " + jsonFile);
    if (writePartFile) {
      // TestDFSIO's reducer output, so `dfsio analyze` (or any TestDFSIO tooling) reads this run too
      try {
        Bounded.call("part file", PART_FILE_SECONDS, () -> {
          PartFile.write(target.fs(), new Path(rootPath, op.resultDir()), legacy, agg);
          return null;
        });
        part.put("written", true);
      } catch (Exception e) {
        String why = TaskRecorder.describe(e);
        part.put("error", why);
        err.println("dfsio: warning: the part file " + partFile + " was not written (" + why + "); the "
            + "figures above and " + jsonFile + " are complete");
      }
      writeResult(run);
    }
    return exit;
  }

  private boolean useMapReduce(Target target) {
    return engine != null ? engine.equalsIgnoreCase("mapreduce")
        : "yarn".equalsIgnoreCase(target.conf().get("mapreduce.framework.name"));
  }

  /** The checked options every task needs. */
  DfsioParams params() {
    return new DfsioParams(op, rootPath.toString(), fileBytes, bufferBytes, skipBytes, seed, verify,
        codecClass, window);
  }

  /** The options that shape the run beyond sizes, for the first line: codec, placement, time window. */
  private String runShape() {
    StringBuilder b = new StringBuilder();
    if (codecClass != null) {
      b.append(", compression ").append(codecClass.substring(codecClass.lastIndexOf('.') + 1));
    }
    if (erasureCodePolicy != null) {
      b.append(", erasure coding ").append(erasureCodePolicy);
    }
    if (storagePolicy != null) {
      b.append(", storage policy ").append(storagePolicy);
    }
    if (ozoneReplication != null) {
      b.append(", replication ").append(ozoneReplication);
    }
    if (window.warmupNanos() > 0) {
      b.append(", warm-up ").append(Durations.format(window.warmupNanos()));
    }
    if (window.timeBounded()) {
      b.append(", ").append(Durations.format(window.durationNanos())).append(" per task");
    }
    return b.toString();
  }

  /** Sets -erasureCodePolicy and -storagePolicy on the (new, empty) data directory. */
  private void applyPlacement(FileSystem fs) throws IOException {
    if (erasureCodePolicy == null && storagePolicy == null) {
      return;
    }
    DistributedFileSystem dfs = (DistributedFileSystem) fs;
    Path dir = DfsioFiles.dataDir(rootPath);
    if (erasureCodePolicy != null) {
      dfs.setErasureCodingPolicy(dir, erasureCodePolicy);
    }
    if (storagePolicy != null) {
      dfs.setStoragePolicy(dir, storagePolicy);
    }
  }

  /**
   * Files written through the local file system's default (checksummed) implementation have
   * {@code .test_io_<i>.crc} files beside them. Appending or truncating through the raw local file
   * system (the only local one that can) leaves them describing the old data, and a later read
   * through the checksummed one would fail on them; they are removed first, and the harness's own
   * {@code --verify} still checks every byte.
   */
  private void removeStaleChecksums(FileSystem fs) throws IOException {
    if (!(fs instanceof RawLocalFileSystem)) {
      return;
    }
    int removed = 0;
    for (int i = 0; i < nrFiles; i++) {
      Path crc = DfsioFiles.checksumFile(rootPath, i);
      if (fs.exists(crc) && fs.delete(crc, false)) {
        removed++;
      }
    }
    if (removed > 0) {
      context.out().printf("dfsio %s: removed %d .crc checksum file(s) under %s: they would no longer "
          + "match the data%n", op.testType(), removed, DfsioFiles.dataDir(fs.makeQualified(rootPath)));
    }
  }

  /**
   * TestDFSIO's cleanup: deletes the run root (checked in {@link #checkCleanRoot}) and prints what it
   * held. Writes no result block, JSON or part file: there is no run to report, and the root is gone.
   */
  private int clean(FileSystem fs, Path qualifiedRoot) throws IOException {
    PrintStream out = context.out();
    if (!fs.exists(rootPath)) {
      out.println("dfsio cleanup: " + qualifiedRoot + " does not exist; nothing deleted");
      return ExitCodes.OK;
    }
    List<String> entries = new ArrayList<>();
    long files = 0;
    long bytes = 0;
    FileStatus[] children = fs.listStatus(rootPath);
    Arrays.sort(children);
    for (FileStatus child : children) {
      ContentSummary cs = fs.getContentSummary(child.getPath());
      files += cs.getFileCount();
      bytes += cs.getLength();
      entries.add(String.format("  %-16s %d file(s), %s", child.getPath().getName(), cs.getFileCount(),
          Sizes.format(cs.getLength())));
    }
    if (!fs.delete(rootPath, true)) {
      throw new RunFailedException("-clean: could not delete " + qualifiedRoot);
    }
    out.println("dfsio cleanup: deleted " + qualifiedRoot + " (" + files + " file(s), "
        + Sizes.format(bytes) + ")");
    for (String e : entries) {
      out.println(e);
    }
    return ExitCodes.OK;
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
    if (op == DfsioOperation.READ_SKIP) {
      f.put("skipSizeBytes", skipBytes);
    }
    f.put("nrFiles", nrFiles);
    f.put("seed", seed);
    f.put("compressionCodec", codecClass);
    f.put("storagePolicy", storagePolicy);
    f.put("erasureCodingPolicy", erasureCodePolicy);
    f.put("ozoneReplication", ozoneReplication == null ? null : ozoneReplication.toString());
    f.put("warmupSeconds", window.warmupNanos() / 1e9);
    f.put("durationSeconds", window.timeBounded() ? window.durationNanos() / 1e9 : null);
    f.put("legacy", legacyMap);
    return f;
  }

  private void appendResFile(List<String> lines) throws IOException {
    LocalOutputs.createParent(java.nio.file.Path.of(resFile));
    try (PrintStream res = new PrintStream(new FileOutputStream(resFile, true), true,
        StandardCharsets.UTF_8)) {
      for (String line : lines) {
        res.println(line);
      }
      res.println();
    }
  }
}
