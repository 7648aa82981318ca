package io.harness.freon.dfsg;

import io.harness.core.cli.ExitCodes;
import io.harness.core.cli.RunFailedException;
import io.harness.core.cli.UsageException;
import io.harness.core.cli.WorkloadCommand;
import io.harness.core.data.SeededData;
import io.harness.core.cli.Signals;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.Monitor;
import io.harness.core.engine.TaskRecorder;
import io.harness.core.engine.TaskStreams;
import io.harness.core.engine.TaskRecord;
import io.harness.core.engine.Window;
import io.harness.core.result.Aggregate;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.TextReport;
import io.harness.core.result.Versions;
import io.harness.core.target.Roots;
import io.harness.core.target.Target;
import io.harness.core.util.Durations;
import io.harness.core.util.Sizes;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code harness freon dfsg}: Freon's HCFS file generator. Threads create files
 * {@code <path>/<prefix>/<n>} of {@code -s} bytes through any Hadoop file system, writing a content
 * buffer {@code --copy-buffer} bytes per call with an optional hflush / hsync after each call, and
 * time every file from create to close.
 */
@Command(name = "dfsg", aliases = "dfs-file-generator", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Creates files through any Hadoop file system (hdfs://, ofs://, o3fs://, file://), as Ozone's "
            + "'freon dfsg': <path>/<prefix>/<0..n-1>, each -s bytes.",
        "Prints files/s, MB/s, failures and the per-file create+write+close latency; writes the run's JSON."})
public final class DfsgCommand extends WorkloadCommand {
  /** What follows each write() call. */
  enum SyncMode { NONE, HFLUSH, HSYNC }

  /** Freon's default thread count. */
  static final int DEFAULT_THREADS = 10;

  @Option(names = {"-n", "--number-of-tests"}, paramLabel = "N", defaultValue = "1000",
      description = "Files to create (default: ${DEFAULT-VALUE}; ignored with --duration).")
  long files;

  @Option(names = {"-s", "--size"}, paramLabel = "SIZE", defaultValue = "10KB",
      description = "Bytes per file: B, KB, MB, GB or K, M, G (binary); a bare number is bytes "
          + "(default: ${DEFAULT-VALUE}).")
  String size;

  @Option(names = "--buffer", paramLabel = "SIZE", defaultValue = "10240",
      description = "Bytes of the content buffer a file is written from, over and over (default: ${DEFAULT-VALUE}).")
  String buffer;

  @Option(names = "--copy-buffer", paramLabel = "SIZE", defaultValue = "4096",
      description = "Bytes per write() call, at most --buffer (default: ${DEFAULT-VALUE}).")
  String copyBuffer;

  @Option(names = "--sync", paramLabel = "MODE", defaultValue = "NONE",
      description = "After every write() call: NONE, HFLUSH or HSYNC (default: ${DEFAULT-VALUE}).")
  SyncMode sync;

  @Option(names = {"-r", "--rpath", "--path"}, paramLabel = "URI",
      description = "Directory the files go under; a full URI (hdfs://nn:8020/dir, ofs://om/vol/bucket/dir, "
          + "o3fs://bucket.vol/dir) names the file system too (default: /freon-dfsg on the target, under "
          + "/vol1/bucket1 with --embedded ozone).")
  String path;

  @Option(names = {"-p", "--prefix"}, paramLabel = "PREFIX",
      description = "Sub-directory of --path for this run's files (default: 10 random lower-case letters and "
          + "digits, as Freon).")
  String prefix;

  @Option(names = "--duration", paramLabel = "TIME",
      description = "Create files until this much time has passed (10s, 5m; a bare number is seconds) "
          + "instead of -n files.")
  String duration;

  @Option(names = {"-f", "--fail-at-end"},
      description = "Go on after a failed file and report failures at the end (default: stop at the first).")
  boolean failAtEnd;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "24301",
      description = "Seed of the content buffer (default: ${DEFAULT-VALUE}).")
  long seed;

  private long fileBytes;
  private int bufferBytes;
  private int copyBytes;
  private long durationNanos;
  private String runPrefix;
  private Path dir;

  @Override
  protected void validate() {
    if (files < 1 && duration == null) {
      throw new UsageException("-n", "must be at least 1, was " + files);
    }
    fileBytes = size("-s", size, 0);
    bufferBytes = (int) Math.min(Integer.MAX_VALUE - 16, size("--buffer", buffer, 1));
    copyBytes = (int) Math.min(Integer.MAX_VALUE - 16, size("--copy-buffer", copyBuffer, 1));
    if (copyBytes > bufferBytes) {
      throw new UsageException("--copy-buffer", "must be at most --buffer (" + bufferBytes + " B), was "
          + copyBuffer);
    }
    if (duration != null) {
      try {
        durationNanos = Durations.parseNanos(duration);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--duration", e.getMessage());
      }
      if (durationNanos <= 0) {
        throw new UsageException("--duration", "must be positive, was " + duration);
      }
    }
    if (prefix != null && (prefix.isBlank() || prefix.contains("/"))) {
      throw new UsageException("--prefix", "must be a non-empty name without '/', was '" + prefix + "'");
    }
    if (path != null && path.isBlank()) {
      throw new UsageException("--path", "must not be empty");
    }
    runPrefix = prefix != null ? prefix : randomPrefix();
  }

  private static long size(String option, String text, long min) {
    long v;
    try {
      v = Sizes.parse(text, 1);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage());
    }
    if (v < min) {
      throw new UsageException(option, "must be at least " + min + " B, was " + text);
    }
    return v;
  }

  private static String randomPrefix() {
    String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      b.append(alphabet.charAt(ThreadLocalRandom.current().nextInt(alphabet.length())));
    }
    return b.toString();
  }

  @Override
  protected PathArgument targetPath() {
    return new PathArgument("--path", path);
  }

  @Override
  protected void validateTarget(Target target) {
    Path base = target.resolveRoot(path != null ? path : "/freon-dfsg");
    dir = new Path(base, runPrefix);
    Roots.check(target, dir, "--path");
    Roots.checkAncestors(target, base, "--path");
  }

  @Override
  protected int execute(Target target) throws Exception {
    FileSystem fs = target.fs();
    PrintStream out = context.out();
    int nThreads = threads != null ? threads : DEFAULT_THREADS;
    Path q = fs.makeQualified(dir);
    try {
      fs.mkdirs(dir);
    } catch (IOException e) {
      throw new RunFailedException("cannot create " + q + ": " + e.getMessage(), e);
    }
    out.printf(Locale.ROOT, "freon dfsg: %s x %s, %d thread(s), buffer %d B, %d B per write, sync %s, to %s%n",
        duration != null ? "files for " + Durations.format(durationNanos) : files + " file(s)",
        Sizes.format(fileBytes), nThreads, bufferBytes, copyBytes, sync, q);

    byte[] content = new byte[bufferBytes];
    new SeededData(seed, 0).fill(content, 0, bufferBytes, 0);
    AtomicLong next = new AtomicLong();
    AtomicLong written = new AtomicLong();
    AtomicLong failedCount = new AtomicLong();
    AtomicBoolean stop = new AtomicBoolean();
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    Window window = duration != null ? new Window(0, durationNanos) : Window.NONE;
    String startedAt = Instant.now().toString();
    // a failed file fails the run, not its thread: the files a thread wrote before it still count
    Monitor monitor = monitor("freon dfsg").items("files", duration != null ? -1 : files, written::get,
        failedCount::get);
    LocalEngine.Result r = measured(() -> LocalEngine.run(nThreads, nThreads, i -> "thread-" + i, window, monitor,
        (t, rec) -> {
          while (!stop.get() && !rec.expired()) {
            long i = next.getAndIncrement();
            if (!rec.timeBounded() && i >= files) {
              return;
            }
            Path file = new Path(dir, Long.toString(i));
            long t0 = System.nanoTime();
            try {
              writeFile(fs, file, content, rec);
              rec.call("file", t0, fileBytes);
              written.incrementAndGet();
            } catch (Exception e) {
              failedCount.incrementAndGet();
              failures.add(file.getName() + ": " + TaskRecorder.describe(e));
              if (!failAtEnd) {
                stop.set(true);
              }
            }
          }
        }));
    double seconds = (r.endEpochNanos() - r.startEpochNanos()) / 1e9;
    List<TaskRecord> records = r.records();
    Aggregate agg = Aggregate.of(records);
    long ok = written.get();
    long bad = failedCount.get();
    double filesPerSec = seconds > 0 ? ok / seconds : 0;
    double mbPerSec = seconds > 0 ? agg.bytes() / (double) Sizes.MB / seconds : 0;
    List<String> lines = new ArrayList<>();
    for (String line : TextReport.aggregateLines("freon dfsg", agg)) {
      if (line.trim().startsWith("Tasks:")) {
        lines.add(String.format(Locale.ROOT, "%30s: %d (%d failed)", "Files written", ok, bad));
        lines.add(String.format(Locale.ROOT, "%30s: %.1f  (%.2f MB/s over %.3f s, first thread start to last end)",
            "Files/second", filesPerSec, mbPerSec, seconds));
      } else {
        lines.add(line);
      }
    }
    List<String> failedList = new ArrayList<>(failures);
    int exit = bad == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("files", ok);
    figures.put("failedFiles", bad);
    figures.put("filesPerSecond", filesPerSec);
    figures.put("mbPerSec", mbPerSec);
    figures.put("seconds", seconds);
    figures.put("fileSizeBytes", fileBytes);
    figures.put("bufferBytes", bufferBytes);
    figures.put("copyBufferBytes", copyBytes);
    figures.put("sync", sync.name());
    figures.put("threads", nThreads);
    figures.put("directory", q.toString());
    figures.put("seed", seed);
    RunResult run = new RunResult("freon", "dfsg", context.commandLine(), optionValues(), Versions.detect(),
        hostName(), target.uri().toString(), target.description(), q.toString(), startedAt, Instant.now().toString(),
        exit, failedList.subList(0, Math.min(100, failedList.size())), agg, figures,
        records.stream().map(TaskResult::of).toList());
    lines.forEach(out::println);
    if (bad > 0) {
      context.err().println("freon dfsg: " + bad + " file(s) failed" + (failAtEnd ? "" : "; stopped at the first "
          + "(-f goes on)") + ":");
      failureReasons(failedList).forEach(context.err()::println);
    }
    if (Signals.stopRequested()) {
      context.err().println("freon dfsg: stopped by " + Signals.received() + "; the figures cover the files "
          + "written until then");
    }
    java.nio.file.Path json = writeResult(run);
    out.println("Result JSON: " + json);
    return exit;
  }

  /** One line per distinct reason ({@code file: reason} each), with its count and the first files. */
  static List<String> failureReasons(List<String> failed) {
    Map<String, List<String>> byReason = new LinkedHashMap<>();
    for (String f : failed) {
      int colon = f.indexOf(": ");
      byReason.computeIfAbsent(TextReport.reasonKey(f.substring(colon + 2)), k -> new ArrayList<>()).add(f);
    }
    List<String> lines = new ArrayList<>();
    byReason.values().forEach(same -> {
      String first = same.get(0);
      List<String> names = same.stream().limit(5).map(f -> f.substring(0, f.indexOf(": "))).toList();
      lines.add("  " + same.size() + "x " + first.substring(first.indexOf(": ") + 2) + " [file "
          + String.join(", ", names) + (same.size() > names.size() ? ", ..." : "") + "]");
    });
    return lines;
  }

  /**
   * Writes one file as Freon does: the content buffer again and again, --copy-buffer bytes per call. The
   * calls are not timed one by one (the file is), but each is marked, so a stuck thread's call is named.
   */
  private void writeFile(FileSystem fs, Path file, byte[] content, TaskRecorder rec) throws Exception {
    rec.enter("create");
    FSDataOutputStream out = fs.create(file, true);
    try {
      for (long remaining = fileBytes; remaining > 0; remaining -= bufferBytes) {
        int cur = (int) Math.min(bufferBytes, remaining);
        for (int i = 0; i < cur; i += copyBytes) {
          rec.enter("write");
          out.write(content, i, Math.min(copyBytes, cur - i));
          switch (sync) {
            case HFLUSH -> {
              rec.enter("hflush");
              out.hflush();
            }
            case HSYNC -> {
              rec.enter("hsync");
              out.hsync();
            }
            default -> { }
          }
        }
      }
    } catch (Throwable e) {
      TaskStreams.closeAfter(out, e);
      throw e;
    }
    rec.enter("close");
    out.close();
  }
}
