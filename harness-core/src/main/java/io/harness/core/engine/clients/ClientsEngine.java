package io.harness.core.engine.clients;

import io.harness.core.base.RunFailedException;
import io.harness.core.records.EpochClock;
import io.harness.core.records.Intervals;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.engine.MapReports;
import io.harness.core.records.TaskLine;
import io.harness.core.records.TaskRecord;
import io.harness.core.engine.Clients;
import io.harness.core.engine.Engine;
import io.harness.core.engine.ItemLoop;
import io.harness.core.engine.PhaseLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.workload.RunTarget;
import io.harness.core.engine.Settings;
import io.harness.core.workload.Workload;
import io.harness.core.fs.Target;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The MapReduce engine of every workload whose engine is a loop ({@link ItemLoop}, {@link PhaseLoop}): the loop's
 * threads run in {@code --clients} maps ({@link ClientJob}), each map a client JVM that rebuilds the workload and runs
 * its slice; this launcher reads their side files back into the run's records. Their seconds are merged on one axis
 * (from the barrier's release, the run's start); late clients' tasks are kept, marked, and their seconds left out
 * unless {@code --count-late}. The records note the clients ({@value #CLIENTS}). A stopped run's clients end their
 * threads as a stopped run's do and report what they did ({@link io.harness.core.engine.MapStop}); those that left no
 * report (not started, or killed with the job) are said and left out.
 */
public final class ClientsEngine implements Engine {
  /** The run records' key for the clients: how many, which were late, their hosts and clocks, the job. */
  public static final String CLIENTS = io.harness.core.run.Analysis.CLIENTS;
  /** The job's stop marker, in the barrier's folder ({@link io.harness.core.engine.MapStop}). */
  static final String STOP = "stop";

  private final Workload<?> workload;
  private final Engine loop;
  private final Target target;
  private final Path root;
  private final Clients clients;

  private ClientsEngine(Workload<?> workload, Engine loop, Target target, Path root, Clients clients) {
    this.workload = workload;
    this.loop = loop;
    this.target = target;
    this.root = root;
    this.clients = clients;
  }

  /**
   * The engine that runs {@code engine} (what {@code workload} prepared, working under {@code root}) as {@code clients}
   * ask: itself on the local engine, else in a MapReduce job's maps, when it is a loop a map can rebuild.
   */
  public static Engine of(Workload<?> workload, Engine engine, RunTarget target, String root, Clients clients) {
    if (!clients.mapReduce()) {
      return engine;
    }
    if (!(engine instanceof ItemLoop || engine instanceof PhaseLoop) || !(target instanceof Target t)
        || root == null) {
      if (!clients.said()) {
        return engine; // the MapReduce engine came from a configuration naming YARN, not from the command line
      }
      throw new RunFailedException(workload.label() + " runs on the local engine only: --engine mapreduce and "
          + "--clients take workloads whose engine is a loop of threads on a Hadoop file system");
    }
    return new ClientsEngine(workload, engine, t, new Path(root), clients);
  }

  @Override
  public String describe() {
    return "MapReduce engine (" + target.conf().get("mapreduce.framework.name", "local") + "), " + clients.count()
        + " client(s) x " + loop.describe();
  }

  @Override
  public RunRecords run(Settings settings) throws Exception {
    FileSystem fs = target.fs();
    ClientBarrier barrier = new ClientBarrier(fs, root, clients.count(), clients.barrierTimeoutMillis());
    // a run stopped before it ended leaves its barrier behind: its release would start this run's clients
    fs.delete(barrier.dir(), true);
    fs.mkdirs(barrier.dir());
    long launcherOffset = barrier.clockOffsetNanos("launcher");
    String job;
    try {
      job = ClientJob.run(workload, target.conf(), root, new Path(barrier.dir(), STOP), settings);
    } catch (RunFailedException e) {
      if (!settings.stop().requested()) {
        throw e;
      }
      // stopped, and the job killed: the clients that had not reported are lost with it
      settings.err().println(workload.label() + ": " + e.getMessage());
      job = null;
    }
    boolean stopped = settings.stop().requested();
    List<TaskRecord> tasks = new ArrayList<>();
    List<Intervals.Interval> seconds = new ArrayList<>();
    ClientReports reports = new ClientReports(clients, launcherOffset);
    long end = Long.MIN_VALUE;
    int lost = 0;
    for (int c = 0; c < clients.count(); c++) {
      java.util.Optional<MapReports.Report> read = report(fs, new Path(barrier.dir(), "report/" + c), job, c,
          stopped);
      if (read.isEmpty()) {
        lost++;
        continue;
      }
      ClientReport report = read.get().header(ClientReport.class);
      reports.add(report);
      if (report.timings() != null && settings.observation() != null) {
        settings.observation().addTaskTimings("client-" + c, TaskInstrumentation.parse(report.timings()));
      }
      for (TaskLine line : read.get().tasks()) {
        TaskRecord r = line.record();
        tasks.add(r);
        end = Math.max(end, r.endEpochNanos());
        if (reports.counts(report)) {
          seconds.addAll(line.intervals());
        }
      }
    }
    fs.delete(barrier.dir(), true);
    if (lost > 0) {
      settings.err().println(workload.label() + ": " + lost + " of " + clients.count() + " client(s) left no report "
          + "(stopped before they started, or killed with the job): their calls are not counted");
    }
    long now = EpochClock.nowEpochNanos();
    long release = lost == clients.count() ? now : reports.releaseEpochNanos();
    return new RunRecords(tasks, Intervals.merge(seconds), release, Math.max(end, release), stopped,
        Map.of(CLIENTS, reports.noted(job == null ? "killed" : job)));
  }

  /**
   * Client {@code c}'s report; one missing is the run's failure (the job said it succeeded), unless the run was
   * stopped (then none).
   */
  private static java.util.Optional<MapReports.Report> report(FileSystem fs, Path file, String job, int c,
      boolean stopped) throws IOException {
    java.util.Optional<MapReports.Report> r = MapReports.read(fs, file);
    if (r.isEmpty() && !stopped) {
      throw new RunFailedException("MapReduce job " + job + " succeeded but client " + c + " left no report in "
          + file.getParent());
    }
    return r;
  }
}
