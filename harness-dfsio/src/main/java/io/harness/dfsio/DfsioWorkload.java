package io.harness.dfsio;

import io.harness.core.engine.Engine;
import io.harness.core.workload.Figures;
import io.harness.core.engine.LocalEngine;
import io.harness.core.workload.RunOutcome;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.workload.Workload;
import io.harness.core.fs.Target;
import io.harness.core.base.Bounded;
import io.harness.core.records.Failures;
import io.harness.core.records.TaskRecorder;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * A dfsio run for the pipeline: TestDFSIO's operations on {@code io_data/test_io_<i>} under the root, on the
 * local engine or as TestDFSIO's MapReduce job; its figures are TestDFSIO's; it appends its block to
 * {@code -resFile} and, on the local engine, leaves TestDFSIO's part file on the target.
 */
public final class DfsioWorkload implements Workload<Target> {
  /** The longest the run waits for its part file on the target (its figures are saved locally already). */
  static final long PART_FILE_SECONDS = 60;
  /** A wait after the figures longer than this says what it waits for. */
  static final long SAY_WAIT_SECONDS = 2;

  private DfsioPlan plan;
  private final String resFile;
  private Path root;
  private boolean mapReduce;

  @Override
  public java.util.Map<String, java.nio.file.Path> localOutputs() {
    return resFile == null ? java.util.Map.of() : java.util.Map.of("-resFile", java.nio.file.Path.of(resFile));
  }

  /** A run of {@code plan}; {@code resFile}, when not null, gets the printed block appended. */
  public DfsioWorkload(DfsioPlan plan, String resFile) {
    this.plan = plan;
    this.resFile = resFile;
  }

  @Override
  public String name() {
    return "dfsio";
  }

  @Override
  public String operation() {
    return plan.op().testType();
  }

  @Override
  public java.util.OptionalLong plannedBytes() {
    boolean writes = plan.op() == DfsioOperation.WRITE || plan.op() == DfsioOperation.APPEND;
    return writes && !plan.window().timeBounded() ? java.util.OptionalLong.of(
        io.harness.core.base.Sizes.planned("-nrFiles x -fileSize", plan.nrFiles(), plan.fileBytes()))
        : java.util.OptionalLong.empty();
  }

  /** Everything under the root is the run's data: TestDFSIO's folders, which a write replaces and -clean removes. */
  @Override
  public java.util.Map<String, String> dataPaths(Target target) {
    return java.util.Map.of(DfsioPreflight.rootOption(plan), DfsioPreflight.givenRoot(plan, target).toString());
  }

  @Override
  public String writesUnder() {
    return root == null ? null : root.toString();
  }

  @Override
  public DfsioPlan plan() {
    return plan;
  }

  @Override
  public void preflight(Target target) {
    root = DfsioPreflight.root(plan, target);
    if (plan.op() == DfsioOperation.WRITE) {
      plan = DfsioPreflight.placement(plan, target);
    } else {
      DfsioPreflight.onTarget(plan, target, root, fs -> DfsioPreflight.data(plan, fs, root));
    }
  }

  @Override
  public Prepared prepare(Target target, Settings settings) throws IOException {
    FileSystem fs = target.fs();
    if (plan.op() == DfsioOperation.WRITE) {
      // like TestDFSIO: the data directory of the previous write goes first
      Path data = DfsioFiles.dataDir(root);
      if (fs.exists(data)) {
        fs.delete(data, true);
      }
      fs.mkdirs(data);
      applyPlacement(fs, data);
    }
    if (plan.op() == DfsioOperation.APPEND || plan.op() == DfsioOperation.TRUNCATE) {
      removeStaleChecksums(fs, settings.out());
    }
    mapReduce = io.harness.core.engine.Engines.mapReduce(plan.engine(), target.conf());
    Engine engine = mapReduce ? new DfsioMapReduce(plan, target, root)
        : new LocalEngine(plan.nrFiles(), Math.min(settings.threadsFor(plan.nrFiles()), plan.nrFiles()),
            DfsioFiles::fileName, plan.window(), "dfsio " + operation(), m -> m.totalBytes(plan.totalBytes()),
            plan.params(root.toString()).body(fs));
    String q = fs.makeQualified(root).toString();
    return new Prepared(engine, "dfsio " + operation() + ": " + plan.describe() + ", " + engine.describe()
        + ", root " + q, q);
  }

  @Override
  public Figures figures(RunRecords records) {
    return DfsioFigures.of(plan, records);
  }

  @Override
  public void printed(List<String> lines) throws IOException {
    if (resFile == null) {
      return;
    }
    io.harness.core.base.LocalOutputs.createParent(java.nio.file.Path.of(resFile));
    try (PrintStream res = new PrintStream(new FileOutputStream(resFile, true), true, StandardCharsets.UTF_8)) {
      lines.forEach(res::println);
      res.println();
    }
  }

  /**
   * TestDFSIO's part file: the MapReduce job's reducer wrote it; a local run writes it now, the last thing it
   * does on the target, waiting at most {@value #PART_FILE_SECONDS} s. Failing is one warning line; the
   * figures say where it went.
   */
  @Override
  public Figures finish(Target target, RunOutcome outcome, Settings settings) {
    DfsioFigures f = outcome.figures(DfsioFigures.class);
    Path dir = new Path(root, plan.op().resultDir());
    String path = new Path(qualified(target, dir), PartFile.NAME).toString();
    if (mapReduce && outcome.records().stopped()) {
      // the reducer of a stopped run's job summed what its maps did before the stop: no part file, as a local run
      try {
        target.fs().delete(dir, true);
      } catch (IOException e) {
        settings.err().println("dfsio: warning: " + path + " not deleted: " + e.getMessage());
      }
    }
    if (mapReduce) {
      return f.withPartFile(new DfsioFigures.PartFileState(path, !outcome.records().stopped(),
          outcome.records().stopped() ? "not written: the run was stopped by " + settings.stop().signal() : null));
    }
    if (settings.stop().requested()) {
      return f.withPartFile(new DfsioFigures.PartFileState(path, false,
          "not written: the run was stopped by " + settings.stop().signal()));
    }
    // on a sick cluster this write can wait on the pipeline for up to a minute: a wait that lasts says what for
    long t0 = System.nanoTime();
    java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
    done.completeOnTimeout(null, SAY_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS).thenRun(() -> {
      if (System.nanoTime() - t0 >= java.util.concurrent.TimeUnit.SECONDS.toNanos(SAY_WAIT_SECONDS)) {
        settings.err().println("dfsio: writing TestDFSIO's part file " + path + " (waiting at most "
            + PART_FILE_SECONDS + " s) ...");
      }
    });
    try {
      Bounded.call("part file", PART_FILE_SECONDS, () -> {
        PartFileOutput.write(target.fs(), dir, f.sums(), outcome.aggregate(), outcome.records().tasks());
        return null;
      });
      done.complete(null);
      double seconds = (System.nanoTime() - t0) / 1e9;
      if (seconds >= SAY_WAIT_SECONDS) {
        settings.err().println(String.format(java.util.Locale.ROOT, "dfsio: part file written in %.1f s", seconds));
      }
      return f.withPartFile(new DfsioFigures.PartFileState(path, true, null, seconds));
    } catch (Exception e) {
      done.complete(null);
      String why = Failures.describe(e);
      settings.err().println("dfsio: warning: the part file " + path + " was not written (" + why + "); the "
          + "figures above and the run's JSON are complete");
      return f.withPartFile(new DfsioFigures.PartFileState(path, false, why, (System.nanoTime() - t0) / 1e9));
    }
  }

  private static Path qualified(Target target, Path p) {
    try {
      return target.fs().makeQualified(p);
    } catch (IOException e) {
      return p;
    }
  }

  /** Sets -erasureCodePolicy and -storagePolicy on the (new, empty) data directory. */
  private void applyPlacement(FileSystem fs, Path data) throws IOException {
    if (plan.erasureCodePolicy() == null && plan.storagePolicy() == null) {
      return;
    }
    DistributedFileSystem dfs = (DistributedFileSystem) fs;
    if (plan.erasureCodePolicy() != null) {
      dfs.setErasureCodingPolicy(data, plan.erasureCodePolicy());
    }
    if (plan.storagePolicy() != null) {
      dfs.setStoragePolicy(data, plan.storagePolicy());
    }
  }

  /**
   * Files written through the local file system's default (checksummed) implementation have
   * {@code .test_io_<i>.crc} files beside them. Appending or truncating through the raw local file
   * system (the only local one that can) leaves them describing the old data, and a later read
   * through the checksummed one would fail on them; they are removed first, and the harness's own
   * {@code --verify} still checks every byte.
   */
  private void removeStaleChecksums(FileSystem fs, PrintStream out) throws IOException {
    if (!(fs instanceof RawLocalFileSystem)) {
      return;
    }
    int removed = 0;
    for (int i = 0; i < plan.nrFiles(); i++) {
      Path crc = DfsioFiles.checksumFile(root, i);
      if (fs.exists(crc) && fs.delete(crc, false)) {
        removed++;
      }
    }
    if (removed > 0) {
      out.printf("dfsio %s: removed %d .crc checksum file(s) under %s: they would no longer match the data%n",
          operation(), removed, DfsioFiles.dataDir(fs.makeQualified(root)));
    }
  }
}
