package io.harness.core.run;

import io.harness.core.fs.BadSetting;
import io.harness.core.engine.Engine;

import io.harness.core.workload.Figures;
import io.harness.core.workload.RunOutcome;
import io.harness.core.records.RunRecords;
import io.harness.core.workload.RunTarget;
import io.harness.core.engine.Settings;
import io.harness.core.workload.TargetSource;
import io.harness.core.workload.Workload;

import io.harness.core.base.ExitCodes;
import io.harness.core.base.StopRequest;
import io.harness.core.base.UsageException;
import io.harness.core.context.ClusterContext;
import io.harness.core.context.ContextLines;
import io.harness.core.records.TaskRecord;
import io.harness.core.result.Aggregate;
import io.harness.core.result.ResultFormat;
import io.harness.core.result.ResultWriter;
import io.harness.core.result.RunResult;
import io.harness.core.result.TaskResult;
import io.harness.core.result.TextReport;
import io.harness.core.result.Versions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one life of every run, whatever the workload and whoever starts it: the run's folder (its log from
 * then on) -> the target -> the workload's checks -> its set-up and engine -> the cluster's context, printed
 * -> the records, saved -> the workload's figures and the aggregate, from the records -> the printed block
 * -> the failures -> the JSON -> what the workload leaves on the target -> the CSV files and the HTML report.
 * Everything printed and saved is written here, once.
 */
public final class Pipeline {
  private final Settings settings;
  private final Recording recording;

  /** A pipeline for runs of {@code settings} that record as {@code recording} says (null: nothing is written). */
  public Pipeline(Settings settings, Recording recording) {
    this.settings = settings;
    this.recording = recording;
  }

  /** Runs {@code workload} on the target {@code source} opens; bad input found on the way is a {@link UsageException}. */
  public <T extends RunTarget> RunOutcome run(Workload<T> workload, TargetSource<T> source) throws Exception {
    PrintStream out = settings.out();
    workload.plannedBytes(); // a plan whose bytes overflow is bad input before anything is made
    workload.checkClients(settings.clients().count());
    PrintStream err = settings.err();
    RunFolder folder = recording == null ? RunFolder.none()
        : recording.open(Recording.runId(workload.name(), workload.operation()), err, settings.captureLogs());
    boolean succeeded = false;
    try (T target = open(source)) {
      LocalData.check(workload, target, folder.dir(), recording);
      workload.preflight(target);
      String disk = LocalSpace.check(workload, target, recording != null && recording.force());
      Workload.Prepared prepared = workload.prepare(target, settings);
      Engine engine = io.harness.core.engine.clients.ClientsEngine.of(workload, prepared.engine(), target,
          prepared.root(), settings.clients());
      ClusterContext cluster = target.context(prepared.root());
      ContextLines.of(cluster).forEach(out::println);
      out.println(prepared.line() + (engine == prepared.engine() ? "" : ", " + engine.describe()) + disk);
      String startedAt = Instant.now().toString();
      folder.measuring(true);
      io.harness.core.records.LiveFeed live = recording == null ? io.harness.core.records.LiveFeed.NONE
          : recording.live().begin(LiveLabels.of(workload, folder, target));
      RunRecords records;
      try {
        records = settings.stop().requested() ? stoppedBefore()
            : recording == null ? engine.run(settings) : recording.measured(() -> engine.run(settings));
      } finally {
        folder.measuring(false);
      }
      folder.writeRecords(records);

      // the figures and the block from the records, as harness analyze computes them from the saved ones
      Analysis.Result analysis = Analysis.of(workload, records);
      Figures figures = analysis.figures();
      Aggregate aggregate = analysis.aggregate();
      List<String> lines = analysis.lines();
      lines.forEach(out::println);
      workload.printed(lines);
      int tasks = records.tasks().size();
      TextReport.failureLines(workload.label(), tasks, results(records)).forEach(err::println);
      figures.failures().forEach(err::println);
      String nothingCounted = Analysis.nothingCounted(records);
      if (nothingCounted != null) {
        err.println(workload.label() + ": " + nothingCounted);
      }
      // the signal and the exit code as one: a signal that comes after this is stoppedAfter's
      String signal = settings.stop().signal();
      if (signal != null) {
        err.println(workload.label() + ": stopped by " + signal + "; the figures cover what " + tasks
            + " task(s) did until then");
      }
      Recording.Observed observed = recording == null ? Recording.Observed.NONE : recording.observed(folder.dir(), err);
      int ran = records.failed().isEmpty() && figures.failures().isEmpty() && nothingCounted == null ? ExitCodes.OK
          : ExitCodes.FAILED;
      int exit = signal == null ? ran : settings.stop().exitCode(ran);
      RunResult result = result(workload, target, prepared, cluster, startedAt, exit, signal, aggregate, figures,
          records, folder, observed);
      Path json = save(folder, result);
      if (json != null) {
        out.println("Result JSON: " + json);
      }
      if (recording != null) {
        recording.live().end(live, LiveLabels.figures(aggregate, exit));
      }
      RunOutcome outcome = new RunOutcome(result, records, figures, aggregate, exit, folder.dir());
      Figures after = workload.finish(target, outcome, settings);
      if (after != figures) {
        result = result.finished(figuresMap(after), Instant.now().toString());
        save(folder, result);
        outcome = new RunOutcome(result, records, after, aggregate, exit, folder.dir());
      }
      reports(folder, json, result, after, records, workload);
      outcome = stoppedAfter(folder, json, outcome, after, workload);
      succeeded = outcome.exitCode() == ExitCodes.OK;
      return outcome;
    } catch (UsageException e) {
      folder.discard();
      throw e;
    } finally {
      folder.close(err, succeeded);
    }
  }

  /** Opens the target; a {@code -D} setting Hadoop cannot read, found on the way, is bad input naming its key. */
  private <T extends RunTarget> T open(TargetSource<T> source) throws Exception {
    try {
      return source.open();
    } catch (Exception e) {
      UsageException bad = BadSetting.of(e, settings.commandLine());
      if (bad != null) {
        throw bad;
      }
      throw e;
    }
  }

  /** The records of a run asked to stop before its tasks started: none, and stopped. */
  private static RunRecords stoppedBefore() {
    long now = io.harness.core.records.EpochClock.nowEpochNanos();
    return new RunRecords(List.of(), List.of(), now, now, true);
  }

  /**
   * A run whose stop came after its result was made (while it was saved, its reports written, or later, until the
   * process exits): its saved result, and its reports, say it was stopped, with the signal's exit code.
   */
  private RunOutcome stoppedAfter(RunFolder folder, Path json, RunOutcome outcome, Figures figures,
      Workload<?> workload) throws java.io.IOException {
    StopRequest stop = settings.stop();
    RunResult result = outcome.result();
    if (result.interrupted() != null) {
      return outcome;
    }
    if (stop.requested()) {
      settings.err().println(workload.label() + ": stopped by " + stop.signal() + " after its tasks ended; the run "
          + "is saved as stopped");
      RunResult marked = result.stoppedBy(stop.signal(), stop.exitCode(result.exitCode()));
      save(folder, marked);
      reports(folder, json, marked, figures, outcome.records(), workload);
      return new RunOutcome(marked, outcome.records(), figures, outcome.aggregate(), marked.exitCode(), folder.dir());
    }
    if (json != null) {
      stop.whenAsked(() -> {
        try {
          save(folder, result.stoppedBy(stop.signal(), stop.exitCode(result.exitCode())));
        } catch (java.io.IOException e) {
          settings.err().println(workload.label() + ": " + json + " not marked stopped: " + e.getMessage());
        }
      });
    }
    return outcome;
  }

  /** Saves the result when the run records. */
  private Path save(RunFolder folder, RunResult result) throws java.io.IOException {
    return recording == null ? null : recording.save(folder, result);
  }

  /**
   * Writes the run's CSV files and (unless {@code --no-report}) its HTML report next to its saved result, with
   * whatever writes them on this class path ({@link RunReports}); one that cannot be written is one warning
   * line, never a failed run.
   */
  private void reports(RunFolder folder, Path json, RunResult result, Figures figures, RunRecords records,
      Workload<?> workload) {
    if (json == null) {
      return;
    }
    RunReports.find().write(new RunReports.Saved(folder.dir(), json, result, figures, records, workload),
        recording.writesReport(), settings.out(), settings.err());
  }

  private <T extends RunTarget> RunResult result(Workload<T> workload, T target, Workload.Prepared prepared,
      ClusterContext cluster, String startedAt, int exit, String signal, Aggregate aggregate, Figures figures,
      RunRecords records, RunFolder folder, Recording.Observed observed) {
    List<String> failed = new ArrayList<>();
    for (TaskRecord r : records.failed()) {
      failed.add(r.name() + ": " + r.error());
    }
    return new RunResult(ResultFormat.CURRENT, workload.name(), workload.operation(), settings.commandLine(),
        settings.options(), Versions.detect(), hostName(), target.location(), target.description(), prepared.root(),
        cluster, startedAt, Instant.now().toString(), exit, failed, aggregate, figuresMap(figures), results(records),
        signal, folder.logName(), workload.plan(), observed.instrumentation(), observed.profile(),
        Analysis.clients(records));
  }

  /** The workload's figures as the JSON has them. */
  private static Map<String, Object> figuresMap(Figures figures) {
    return new LinkedHashMap<>(ResultWriter.mapper().convertValue(figures,
        new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {}));
  }

  private static List<TaskResult> results(RunRecords records) {
    return records.tasks().stream().map(TaskResult::of).toList();
  }

  private static String hostName() {
    return Recording.hostName();
  }
}
