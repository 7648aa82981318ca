package io.harness.dfsio;

import io.harness.core.base.ExitCodes;
import io.harness.core.cli.RunContext;
import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.base.UsageException;
import io.harness.core.result.Aggregate;
import io.harness.core.result.TextReport;
import io.harness.core.base.LocalOutputs;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code harness dfsio analyze}: TestDFSIO's figures from a reducer part file alone, computed the way
 * TestDFSIO computes them (so the numbers equal what it printed), plus the harness's aggregate
 * throughput and latency when the part file carries the harness's keys.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Prints TestDFSIO's result block from a part file (io_<op>/part-00000, or its directory), "
            + "written by the harness or by Hadoop's TestDFSIO; any Hadoop file system URI works.",
        "Harness part files also give the wall-clock aggregate throughput and per-call latency."})
final class DfsioAnalyzeCommand implements Callable<Integer> {
  private static final Map<String, String> TEST_TYPES = Map.of(
      "io_write", "write", "io_read", "read", "io_append", "append",
      "io_random_read", "random read", "io_truncate", "truncate");

  /** Its place on the command line: its parent, dfsio's command, has the run context. */
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "PATH", description = "A part file, or the io_<op> directory holding part-00000.")
  String path;

  @Option(names = "--test-type", paramLabel = "TYPE",
      description = "The name in the block's first line (default: from the directory name, "
          + "e.g. io_write gives 'write').")
  String testType;

  @Option(names = "-resFile", paramLabel = "FILE", description = "Also append the block to this local file.")
  String resFile;

  @Override
  public Integer call() throws IOException {
    RunContext context = ((HarnessSubcommand) spec.parent().userObject()).context();
    java.nio.file.Path res = resFile == null ? null : LocalOutputs.path("-resFile", resFile);
    if (res != null) {
      LocalOutputs.checkFile("-resFile", res);
      context.inputs().refuseOver("-resFile", res);
    }
    Path p = io.harness.core.fs.Roots.parse("PATH", path);
    java.net.URI own = io.harness.core.fs.Roots.fileSystemOf("PATH", path);
    java.net.URI uri = own != null ? io.harness.core.fs.TargetUri.check(context.conf(), own, "PATH")
        : io.harness.core.fs.TargetUri.checkConfigured(context.conf(), "fs.defaultFS");
    FileSystem fs = FileSystem.get(uri, context.conf());
    if (res != null && "file".equals(fs.getUri().getScheme())) {
      // the part file it reads (PATH, or part-00000 in the folder PATH)
      java.nio.file.Path read = java.nio.file.Path.of(fs.makeQualified(p).toUri());
      if (LocalOutputs.same(res, read) || LocalOutputs.same(res, read.resolve(PartFile.NAME))) {
        throw new UsageException("-resFile", res + " is the part file PATH names, which this command reads: give "
            + "another file");
      }
    }
    PartFile part;
    try {
      part = PartFile.read(fs, p);
    } catch (FileNotFoundException e) {
      throw new UsageException("PATH", "no such file: " + p + (fs.exists(p) ? "/" + PartFile.NAME : ""));
    }
    String tasks = part.legacy("tasks");
    if (tasks == null && part.legacy("size") == null && part.legacy("time") == null
        && part.legacy("rate") == null && part.legacy("sqrate") == null) {
      throw new UsageException("PATH", p + " is not a TestDFSIO part file (it needs l:tasks, l:size, "
          + "l:time, f:rate and f:sqrate)");
    }
    // some of them: a part file, which must be whole and hold numbers a run can give
    part.check("PATH");
    String type = testType != null ? testType : typeFromPath(fs, p);
    double execMillis = Double.NaN;
    Aggregate agg = null;
    if (part.hasHarnessKeys()) {
      try {
        agg = part.aggregate();
      } catch (IOException e) {
        throw new UsageException("PATH", e.getMessage());
      }
      execMillis = agg.wallSeconds() * 1000;
    }
    LegacyFigures legacy = LegacyFigures.ofPartFile(type, Long.parseLong(tasks),
        Long.parseLong(part.legacy("size")), Long.parseLong(part.legacy("time")),
        Float.parseFloat(part.legacy("rate")), Float.parseFloat(part.legacy("sqrate")), execMillis);
    List<String> lines = new ArrayList<>(legacy.lines(new Date()));
    if (agg != null) {
      lines.addAll(TextReport.aggregateLines(type, agg));
    }
    for (String line : lines) {
      context.out().println(line);
    }
    if (res != null) {
      LocalOutputs.createParent(res);
      try (java.io.PrintStream appended = new java.io.PrintStream(
          new java.io.FileOutputStream(res.toFile(), true), true, java.nio.charset.StandardCharsets.UTF_8)) {
        lines.forEach(appended::println);
      }
    }
    return ExitCodes.OK;
  }

  private static String typeFromPath(FileSystem fs, Path p) throws IOException {
    Path dir = fs.getFileStatus(p).isDirectory() ? p : p.getParent();
    String name = dir == null ? "" : dir.getName();
    return TEST_TYPES.getOrDefault(name, name.startsWith("io_") ? name.substring(3) : "unknown");
  }
}
