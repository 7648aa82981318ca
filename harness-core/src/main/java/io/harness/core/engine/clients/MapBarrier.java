package io.harness.core.engine.clients;

import io.harness.core.base.RunFailedException;
import io.harness.core.records.LocalHost;
import io.harness.core.records.TaskRecord;
import io.harness.core.result.ResultWriter;
import io.harness.core.run.Analysis;
import io.harness.core.engine.Clients;
import io.harness.core.engine.StartBarrier;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The start barrier of a MapReduce job whose maps are the workload's tasks (dfsio's and teragen's: one map per file),
 * when the run asks for one ({@link StartBarrier}): the launcher puts it in the job's configuration
 * ({@link #configure}); each map waits at it before its task ({@link #await}), counts its task's seconds from the
 * release, marks its record when it came late and leaves its report ({@link Waited#report}); the launcher gathers the
 * reports ({@link #collect}) into what the records note about the maps, as the clients engine's do. The barrier's
 * folder is {@code _clients} under the folder the launcher names (the run's root, or the job's output directory).
 */
public final class MapBarrier {
  private static final String PREFIX = "harness.barrier.";

  private MapBarrier() {}

  /**
   * Puts {@code barrier} of {@code maps} maps, meeting under {@code root}, in the job's configuration {@code conf}. On
   * the local job runner every map must be able to run at once to meet the others (its default is one at a time).
   */
  public static void configure(Configuration conf, StartBarrier barrier, int maps, Path root) {
    conf.setInt(PREFIX + "maps", maps);
    conf.setLong(PREFIX + "start.at.millis", barrier.startAtMillis());
    conf.setLong(PREFIX + "timeout.millis", barrier.timeoutMillis());
    conf.setBoolean(PREFIX + "count.late", barrier.countLate());
    conf.set(PREFIX + "root", root.toString());
    if (conf.get(ClientJob.LOCAL_MAPS) == null) {
      conf.setInt(ClientJob.LOCAL_MAPS, maps);
    }
  }

  /** Removes what a stopped run's barrier under {@code root} left behind (its release would start this run's maps). */
  public static void prepare(FileSystem fs, Path root) throws IOException {
    fs.delete(new Path(root, ClientBarrier.FOLDER), true);
  }

  /** How one map passed the barrier. */
  public static final class Waited {
    private final FileSystem fs;
    private final ClientBarrier barrier;
    private final ClientReport report;
    private final boolean countLate;

    private Waited(FileSystem fs, ClientBarrier barrier, ClientReport report, boolean countLate) {
      this.fs = fs;
      this.barrier = barrier;
      this.report = report;
      this.countLate = countLate;
    }

    /** When the barrier released (epoch ns): second 0 of the run's latency per second. */
    public long releaseEpochNanos() {
      return report.releaseEpochNanos();
    }

    /** Whether the map was ready only after the release. */
    public boolean late() {
      return report.late();
    }

    /** Whether the map's task counts in the figures: it was on time, or the run counts late maps. */
    public boolean counted() {
      return !report.late() || countLate;
    }

    /** {@code r}, marked late when the map was. */
    public TaskRecord marked(TaskRecord r) {
      if (!report.late()) {
        return r;
      }
      Map<String, Object> extra = new LinkedHashMap<>(r.extra());
      extra.put(Analysis.LATE, true);
      return r.with(r.index(), extra);
    }

    /** Leaves the map's report for the launcher. */
    public void report() throws IOException {
      Path file = new Path(barrier.dir(), "report/" + report.client());
      try (Writer w = new java.io.OutputStreamWriter(fs.create(file, true), StandardCharsets.UTF_8)) {
        w.write(ResultWriter.mapper().writer()
            .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
      }
    }
  }

  /**
   * In map {@code map}: waits at the barrier the job's configuration {@code conf} names, through {@code fs}; null when
   * the job has none.
   */
  public static Waited await(Configuration conf, FileSystem fs, int map) throws IOException, InterruptedException {
    String root = conf.get(PREFIX + "root");
    if (root == null) {
      return null;
    }
    ClientBarrier barrier = new ClientBarrier(fs, new Path(root), conf.getInt(PREFIX + "maps", 1),
        conf.getLong(PREFIX + "timeout.millis", Clients.DEFAULT_BARRIER_TIMEOUT_MILLIS));
    long offset = barrier.clockOffsetNanos("map-" + map);
    ClientBarrier.Start start = barrier.await(map, conf.getLong(PREFIX + "start.at.millis", 0));
    return new Waited(fs, barrier, new ClientReport(map, LocalHost.name(), LocalHost.yarnNode(), start.late(),
        start.readyEpochNanos(), start.releaseEpochNanos(), offset, null), conf.getBoolean(PREFIX + "count.late",
        false));
  }

  /** What the launcher gathered: the release (the run's start), the late maps, and what the records note. */
  public record Collected(long releaseEpochNanos, java.util.Set<Integer> late, Map<String, Object> noted) {}

  /**
   * The reports of the {@code maps} maps of job {@code job} at {@code barrier} under {@code root}, read after the job
   * succeeded; the barrier's folder is removed then. A report missing fails the run (the job said every map ran).
   */
  public static Collected collect(FileSystem fs, Path root, StartBarrier barrier, int maps, String job)
      throws IOException {
    return collect(fs, root, barrier, maps, job, false);
  }

  /**
   * {@link #collect(FileSystem, Path, StartBarrier, int, String)} of a run that may have been {@code stopped}: then a
   * map that left no report had not started (a stopped run's map does nothing), and is left out.
   */
  public static Collected collect(FileSystem fs, Path root, StartBarrier barrier, int maps, String job,
      boolean stopped) throws IOException {
    ClientBarrier here = new ClientBarrier(fs, root, maps, barrier.timeoutMillis());
    ClientReports reports = new ClientReports(barrier.clients(maps), here.clockOffsetNanos("launcher"));
    java.util.Set<Integer> late = new TreeSet<>();
    for (int m = 0; m < maps; m++) {
      Path file = new Path(here.dir(), "report/" + m);
      ClientReport report;
      try (FSDataInputStream in = fs.open(file)) {
        report = ResultWriter.mapper().readValue(in.readAllBytes(), ClientReport.class);
      } catch (java.io.FileNotFoundException e) {
        if (stopped) {
          continue;
        }
        throw new RunFailedException("MapReduce job " + job + " succeeded but map " + m + " left no report at the "
            + "start barrier in " + file.getParent(), e);
      }
      reports.add(report);
      if (report.late()) {
        late.add(m);
      }
    }
    fs.delete(here.dir(), true);
    return new Collected(reports.releaseEpochNanos(), late, reports.noted(job));
  }
}
