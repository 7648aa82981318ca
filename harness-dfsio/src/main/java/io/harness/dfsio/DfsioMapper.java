package io.harness.dfsio;

import io.harness.core.engine.Heartbeat;
import io.harness.core.engine.LocalEngine;
import io.harness.core.engine.MapReduceJobs;
import io.harness.core.engine.MapStop;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.records.TaskRecord;
import io.harness.core.engine.clients.MapBarrier;
import io.harness.dfsio.DfsioFiles;
import io.harness.dfsio.DfsioParams;
import io.harness.dfsio.PartFile;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One map per control file: runs the same task body as the local engine for the file named in the
 * record, and emits TestDFSIO's statistics plus the harness's keys (see {@link PartFile#mapOutput}).
 * A task's failure is recorded, not thrown, so the job's part file still has what every task measured.
 */
public final class DfsioMapper extends Mapper<Text, LongWritable, Text, Text> {
  static final long HEARTBEAT_MILLIS = 10_000;

  private FileSystem fs;
  private DfsioParams params;

  @Override
  protected void setup(Context context) throws IOException {
    params = DfsioParams.load(context.getConfiguration());
    // a new instance, not the JVM's cached one: the local job runner shares its JVM, and a cached file
    // system may have been made from another configuration (another fs.<scheme>.impl, say)
    fs = FileSystem.newInstance(new Path(params.root()).toUri(), context.getConfiguration());
  }

  @Override
  protected void cleanup(Context context) throws IOException {
    if (fs != null) {
      fs.close();
    }
  }

  @Override
  protected void map(Text name, LongWritable size, Context context) throws IOException, InterruptedException {
    String file = name.toString();
    context.setStatus("dfsio " + params.op().testType() + " " + file);
    int index = DfsioFiles.index(file);
    LocalEngine.Alone r;
    MapBarrier.Waited start;
    // one file (or the start barrier) can take longer than mapreduce.task.timeout: tell the framework the map is alive;
    // a stopped run's launcher leaves the job's stop marker: the task then ends as a stopped run's tasks do
    try (Heartbeat beat = Heartbeat.every(HEARTBEAT_MILLIS, context::progress);
        MapStop.Watch stop = MapStop.watch(context.getConfiguration())) {
      if (stop.request().requested()) {
        context.setStatus("dfsio " + file + ": not started, the run was stopped by " + stop.request().signal());
        return;
      }
      start = MapBarrier.await(context.getConfiguration(), fs, index);
      if (start != null) {
        context.setStatus("dfsio " + params.op().testType() + " " + file + (start.late() ? ": late" : ""));
      }
      // at a start barrier the run's seconds count from its release
      r = LocalEngine.runAlone(index, file, params.window(), params.body(fs),
          start == null ? MapReduceJobs.origin(context.getConfiguration()) : start.releaseEpochNanos(),
          MapReduceJobs.taskTimeout(context.getConfiguration()), stop.stopping());
    }
    TaskRecord record = start == null ? r.record() : start.marked(r.record());
    for (Map.Entry<String, String> e : io.harness.dfsio.PartFileOutput.mapOutput(record, r.intervals(),
        start == null || start.counted()).entrySet()) {
      context.write(new Text(e.getKey()), new Text(e.getValue()));
    }
    if (start != null) {
      start.report();
    }
    // --instrument on a cluster: this map's JVM ran the agent; its counters travel in the part file
    String timings = TaskInstrumentation.snapshot(context.getConfiguration());
    if (timings != null) {
      context.write(new Text(PartFile.INSTRUMENTATION_PREFIX + file), new Text(timings));
    }
  }
}
