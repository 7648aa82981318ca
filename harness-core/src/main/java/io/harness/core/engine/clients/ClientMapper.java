package io.harness.core.engine.clients;

import io.harness.core.engine.Heartbeat;
import io.harness.core.records.Intervals;
import io.harness.core.records.LocalHost;
import io.harness.core.engine.MapStop;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.engine.MapReports;
import io.harness.core.records.TaskLine;
import io.harness.core.records.TaskRecord;
import io.harness.core.engine.Engine;
import io.harness.core.engine.ItemLoop;
import io.harness.core.engine.PhaseLoop;
import io.harness.core.records.RunRecords;
import io.harness.core.engine.Settings;
import io.harness.core.engine.Slice;
import io.harness.core.workload.Workload;
import io.harness.core.fs.Target;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One client: rebuilds the run's workload from the job's configuration (its registered type and saved plan), sets it
 * up on the target as the launcher did, takes its slice of the workload's loop (its share of the items, its own
 * threads), waits at the start barrier, runs the slice in this JVM and leaves what it did in its side file under the
 * run's directory ({@link ClientReport}, then its tasks' lines, the first with the slice's per-second latency on the
 * launcher's axis: seconds from the barrier's release).
 */
public final class ClientMapper extends Mapper<IntWritable, NullWritable, NullWritable, NullWritable> {
  @Override
  protected void map(IntWritable key, NullWritable ignored, Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    int client = key.get();
    ClientJob.Spec spec = ClientJob.Spec.load(conf);
    Path root = new Path(spec.root());
    context.setStatus("client " + client + " of " + spec.clients().count() + ": setting up");
    // a stopped run's launcher leaves the job's stop marker: this client's threads then end as a stopped run's do,
    // and it reports what they did
    try (Target target = Target.configured(conf, root.getFileSystem(conf).getUri());
        MapStop.Watch stop = MapStop.watch(conf)) {
      @SuppressWarnings("unchecked")
      Workload<Target> workload = (Workload<Target>) spec.workload();
      workload.preflight(target);
      PrintStream none = new PrintStream(OutputStream.nullOutputStream());
      Settings settings = new Settings(none, System.err, null, List.of(), Map.of(), null, spec.taskTimeoutNanos(),
          false, stop.request(), spec.clients());
      Engine whole = workload.prepare(target, settings).engine();
      ClientBarrier barrier = new ClientBarrier(target.fs(), root, spec.clients().count(),
          spec.clients().barrierTimeoutMillis());
      Slice slice = new Slice(client, spec.clients().count(), new Slice.Gate() {
        @Override
        public void await(int phase) throws Exception {
          barrier.gate(client, phase);
        }

        @Override
        public long most(int phase, long mine) throws Exception {
          return barrier.most(client, phase, mine);
        }
      });
      Engine mine = whole instanceof ItemLoop l ? l.slice(slice) : ((PhaseLoop) whole).slice(slice);
      long offset = barrier.clockOffsetNanos("client-" + client);
      RunRecords records;
      ClientBarrier.Start start;
      // a slice can take longer than mapreduce.task.timeout: tell the framework the map is alive
      try (Heartbeat beat = Heartbeat.every(10_000, context::progress)) {
        context.setStatus("client " + client + ": ready, waiting at the barrier");
        start = barrier.await(client, spec.clients().startAtMillis());
        context.setStatus("client " + client + (start.late() ? ": late, running" : ": running"));
        records = mine.run(settings);
      }
      report(target, barrier, new ClientReport(client, LocalHost.name(), LocalHost.yarnNode(), start.late(),
          start.readyEpochNanos(), start.releaseEpochNanos(), offset, TaskInstrumentation.snapshot(conf)), records);
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("client " + client + ": " + e.getMessage(), e);
    }
  }

  /** Writes the side file: the report, then each task's line (numbered over all clients, marked with its client). */
  private static void report(Target target, ClientBarrier barrier, ClientReport report, RunRecords records)
      throws IOException {
    // the slice's seconds count from its own start; the launcher's from the barrier's release
    int shift = (int) Math.floorDiv(records.engineStartEpochNanos() - report.releaseEpochNanos(), 1_000_000_000L);
    List<Intervals.Interval> seconds = new ArrayList<>();
    for (Intervals.Interval i : records.intervals()) {
      seconds.add(new Intervals.Interval(i.kind(), Math.max(0, i.second() + shift), i.compact()));
    }
    int perClient = records.tasks().size();
    List<TaskLine> lines = new ArrayList<>();
    for (TaskRecord t : records.tasks()) {
      Map<String, Object> extra = new LinkedHashMap<>(t.extra());
      extra.put(ClientJob.CLIENT, report.client());
      if (report.late()) {
        extra.put(ClientJob.LATE, true);
      }
      TaskRecord numbered = t.with(report.client() * perClient + t.index(), extra);
      lines.add(TaskLine.of(numbered, t == records.tasks().get(0) ? seconds : List.of()));
    }
    MapReports.write(target.fs(), new Path(barrier.dir(), "report/" + report.client()), report, lines);
  }
}
