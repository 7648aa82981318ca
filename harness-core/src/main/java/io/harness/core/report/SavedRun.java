package io.harness.core.report;

import io.harness.core.cli.UsageException;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Analysis;
import io.harness.core.run.RecordsFile;
import io.harness.core.run.RunFolder;
import io.harness.core.run.RunRecords;
import io.harness.core.run.Workload;
import io.harness.core.run.WorkloadType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * A run as its folder keeps it: its {@code result.json}, its records, and the workload rebuilt from the saved
 * plan, so that every figure of it can be computed again ({@link #analysis}) and drawn ({@link RunSeries}).
 * What {@code harness analyze}, {@code report} and {@code compare} read; a folder that is not a run, or whose
 * records are missing or damaged, is bad input ({@link UsageException} naming {@code argument}).
 */
public record SavedRun(Path dir, RunResult result, RunRecords records, Workload<?> workload) {

  /** Reads the run in {@code dir}; {@code argument} is the command-line argument bad input is reported against. */
  public static SavedRun load(Path dir, String argument) {
    if (!Files.isDirectory(dir)) {
      throw new UsageException(argument, dir + " is not a directory");
    }
    Path file = dir.resolve(RunFolder.RESULT);
    if (!Files.isRegularFile(file)) {
      throw new UsageException(argument, dir + " is not a run's folder (no " + RunFolder.RESULT + ")");
    }
    RunResult saved;
    try {
      saved = ResultWriter.read(file);
    } catch (IOException e) {
      throw new UsageException(argument, file + " is not a run's result: " + e.getMessage().split("\\R", 2)[0]);
    }
    if (!RecordsFile.exists(dir)) {
      throw new UsageException(argument, dir + " has no records (" + RecordsFile.RECORDS + "): it was saved by a "
          + "harness that did not keep them, or they were removed");
    }
    RunRecords records;
    try {
      records = RecordsFile.read(dir);
    } catch (IOException e) {
      throw new UsageException(argument, e.getMessage());
    }
    return new SavedRun(dir, saved, records, restore(saved, argument));
  }

  /** The run's name: its folder's. */
  public String name() {
    return dir.getFileName().toString();
  }

  /** The whole run's figures, aggregate and block, from its records. */
  public Analysis.Result analysis() {
    return Analysis.of(workload, records);
  }

  /** The figures over a window of the run (0, 0: all of it); see {@link Analysis#of(Workload, RunRecords, long, long)}. */
  public Analysis.Result analysis(long skipNanos, long untilNanos) {
    return Analysis.of(workload, records, skipNanos, untilNanos);
  }

  /** The run's series for charts and CSV. */
  public RunSeries series() {
    return RunSeries.of(records);
  }

  private static Workload<?> restore(RunResult saved, String argument) {
    if (saved.plan() == null) {
      throw new UsageException(argument, "the run's result has no plan: it was saved by an older harness");
    }
    for (WorkloadType t : ServiceLoader.load(WorkloadType.class, SavedRun.class.getClassLoader())) {
      if (t.name().equals(saved.workload()) && t.handles(saved.operation())) {
        return t.restore(saved);
      }
    }
    throw new UsageException(argument, "a " + saved.workload() + " " + saved.operation() + " run: that workload is "
        + "not on this class path");
  }
}
