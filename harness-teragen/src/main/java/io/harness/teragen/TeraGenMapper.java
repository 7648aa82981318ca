package io.harness.teragen;

import io.harness.core.engine.Heartbeat;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.MapStop;
import io.harness.core.records.TaskLine;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.records.TaskRecord;
import io.harness.core.engine.clients.MapBarrier;
import io.harness.teragen.RowRange;
import io.harness.teragen.RowWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;

/**
 * One map per range: writes the range's rows to {@code part-m-NNNNN} in the task's work directory
 * (committed into the output directory by the job's committer), with the same task body as the local
 * engine, and leaves its record and checksum beside it in {@code _harness-part-m-NNNNN} for the
 * launcher. A failed range fails the map, so the job retries it as TeraGen's would.
 */
public final class TeraGenMapper extends Mapper<IntWritable, NullWritable, NullWritable, NullWritable> {
  /** The key of a map's record that names the YARN NodeManager it ran under ({@code host:port}). */
  public static final String NODE = "node";

  @Override
  protected void map(IntWritable index, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    RowRange range = ((RangeInputFormat.RangeSplit) context.getInputSplit()).range();
    Path work = ((FileOutputCommitter) context.getOutputCommitter()).getWorkPath();
    TeraGenJob.Settings s = TeraGenJob.Settings.load(context.getConfiguration());
    context.setStatus("teragen " + range.fileName() + ": " + range.count() + " rows from " + range.first());
    try (FileSystem fs = FileSystem.newInstance(work.toUri(), context.getConfiguration())) {
      // the writer sees one range, at index 0
      RowRange local = new RowRange(0, range.first(), range.count());
      RowWriter writer = new RowWriter(fs, List.of(local), i -> new Path(work, range.fileName()), s.batchRows(),
          s.finalSync());
      LocalEngine.Alone alone;
      MapBarrier.Waited start;
      // a range (or the start barrier) can take longer than mapreduce.task.timeout: tell the framework it is alive;
      // a stopped run's launcher leaves the job's stop marker: the range then ends as a stopped run's tasks do
      try (Heartbeat beat = Heartbeat.every(10_000, context::progress);
          MapStop.Watch stop = MapStop.watch(context.getConfiguration())) {
        if (stop.request().requested()) {
          context.setStatus("teragen " + range.fileName() + ": not started, the run was stopped by "
              + stop.request().signal());
          return;
        }
        start = MapBarrier.await(context.getConfiguration(), fs, range.index());
        // at a start barrier the run's seconds count from its release
        alone = LocalEngine.runAlone(0, range.fileName(), io.harness.core.records.Window.NONE, writer,
            start == null ? io.harness.core.engine.MapReduceJobs.origin(context.getConfiguration())
                : start.releaseEpochNanos(), io.harness.core.engine.MapReduceJobs.taskTimeout(context.getConfiguration()),
            stop.stopping());
      }
      TaskRecord r = alone.record();
      if (r.failed()) {
        // the reason, where the launcher finds it whatever the runner keeps of a failed task (the local one: nothing)
        Path reason = new Path(org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.getOutputPath(context),
            TeraGenJob.FAILED_DIR + "/" + range.fileName());
        try (FSDataOutputStream out = fs.create(reason, true)) {
          out.write(r.error().getBytes(StandardCharsets.UTF_8));
        }
        throw new IOException(range.fileName() + ": " + r.error());
      }
      java.util.Map<String, Object> extra = new java.util.LinkedHashMap<>(r.extra());
      extra.put(RowWriter.CHECKSUM, writer.checksum(0).toString());
      // on YARN, the NodeManager that ran this map (several of them may share a host)
      String node = io.harness.core.records.LocalHost.yarnNode();
      if (node != null) {
        extra.put(NODE, node);
      }
      TaskRecord indexed = r.with(range.index(), extra);
      // the map's record, in the records file's shape (its checksum noted); with --instrument on a cluster, this
      // map's JVM ran the agent: its counters (the range's file written and closed) on a second line
      String timings = TaskInstrumentation.snapshot(context.getConfiguration());
      io.harness.core.engine.MapReports.write(fs, new Path(work, TeraGenJob.SIDE_PREFIX + range.fileName()),
          timings == null ? null : new TeraGenJob.Side(timings), List.of(TaskLine.of(indexed, alone.intervals())));
      if (start != null) {
        start.report();
      }
    }
  }
}
