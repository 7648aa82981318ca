package io.harness.core.report;

import io.harness.core.base.UsageException;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.run.Analysis;
import io.harness.core.workload.Figures;
import io.harness.core.records.RecordsFile;
import io.harness.core.run.RunFolder;
import io.harness.core.records.RunRecords;
import io.harness.core.workload.Workload;
import io.harness.core.workload.WorkloadType;
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
  /** The files of its folder a run keeps (besides its flame graphs, flamegraph-EVENT.html). */
  private static final java.util.List<String> KEPT = java.util.List.of(RunFolder.RESULT, RunFolder.LOG,
      RecordsFile.RECORDS, RecordsFile.LATENCY, RunCsv.RESULT, RunCsv.TIMESERIES, RunCsv.TASKS);

  /** Reads the run in {@code dir}; {@code argument} is the command-line argument bad input is reported against. */
  public static SavedRun load(Path dir, String argument) {
    return load(dir, argument, false);
  }

  /**
   * Reads the run in {@code dir} for a comparison, which needs its saved figures only: a run of a workload that is
   * not on this class path (Spark's, read by the main JVM) has no {@link #workload()}, and its {@link #columns()}
   * is read from its {@code result.csv}.
   */
  public static SavedRun loadSaved(Path dir, String argument) {
    return load(dir, argument, true);
  }

  private static SavedRun load(Path dir, String argument, boolean savedFiguresDo) {
    if (!Files.isDirectory(dir)) {
      throw new UsageException(argument, dir + " is not a directory");
    }
    Path file = dir.resolve(RunFolder.RESULT);
    if (!Files.isRegularFile(file)) {
      throw new UsageException(argument, dir + " is not a run's folder (no " + RunFolder.RESULT + ")");
    }
    RunResult saved;
    com.fasterxml.jackson.databind.JsonNode tree;
    try {
      tree = ResultWriter.readTree(file);
      SavedResultCheck.fields(tree);
      saved = ResultWriter.mapper().treeToValue(tree, RunResult.class);
      SavedResultCheck.aggregate(saved.aggregate());
    } catch (IOException | RuntimeException e) {
      throw new UsageException(argument, file + " is not a run's result: "
          + io.harness.core.base.JsonProblems.describe(e));
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
    try {
      SavedResultCheck.sameRun(tree, records);
    } catch (IOException e) {
      throw new UsageException(argument, dir.resolve(RecordsFile.RECORDS) + ": " + e.getMessage());
    }
    Workload<?> workload = restore(saved, file, argument, savedFiguresDo);
    if (workload == null) {
      RunCsv.checkSummary(dir, argument);
    }
    return new SavedRun(dir, saved, records, workload);
  }

  /**
   * Refuses {@code output}, what {@code option} writes, when it is one of the files the run keeps in its folder
   * (its result, records, CSV files, log, flame graphs; report.html aside, which {@code harness report} draws
   * again): a command that reads the run never writes over it.
   */
  public void refuseAsOutput(String option, Path output) {
    if (!Files.exists(output)) {
      return;
    }
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String name = f.getFileName().toString();
        if ((KEPT.contains(name) || name.startsWith("flamegraph-")) && Files.isSameFile(f, output)) {
          throw new UsageException(option, output + " is the " + name + " of the run " + dir + ", which this "
              + "command reads: write elsewhere");
        }
      }
    } catch (IOException e) {
      // a folder that cannot be listed now was read a moment ago: what it kept is the files named above
      throw new UsageException(option, "cannot list " + dir + ": " + e.getMessage());
    }
  }

  /** The figures of its workload that a comparison shows beside the aggregate. */
  public java.util.List<io.harness.core.workload.Column> columns() {
    return workload != null ? analysis().figures().columns() : RunCsv.readColumns(dir);
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

  private static Workload<?> restore(RunResult saved, Path file, String argument, boolean missingIsFine) {
    for (WorkloadType t : ServiceLoader.load(WorkloadType.class, SavedRun.class.getClassLoader())) {
      if (t.name().equals(saved.workload()) && t.handles(saved.operation())) {
        try {
          return t.restore(saved);
        } catch (UsageException e) {
          throw e;
        } catch (RuntimeException e) {
          throw new UsageException(argument, file + ": field 'plan' is not a " + saved.workload() + " "
              + saved.operation() + " run's plan (" + io.harness.core.base.JsonProblems.describe(e) + ")");
        }
      }
    }
    if (missingIsFine) {
      return null;
    }
    throw new UsageException(argument, "a " + saved.workload() + " " + saved.operation() + " run: that workload is "
        + "not on this class path");
  }
}
