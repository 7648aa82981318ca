package io.harness.teragen;

import io.harness.core.base.RunFailedException;
import io.harness.core.engine.Observation;
import io.harness.core.engine.StartBarrier;
import io.harness.core.engine.clients.MapBarrier;
import io.harness.core.engine.MapReduceJobs;
import io.harness.core.records.TaskLine;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.records.TaskRecord;
import io.harness.teragen.Checksum128;
import io.harness.teragen.RowWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * teragen's MapReduce engine: a map-only job with one map per range of rows (Hadoop TeraGen's split),
 * each map writing its {@code part-m-NNNNN} through the same task body as the local engine; the job's
 * committer moves the files into the output directory and writes {@code _SUCCESS}, as TeraGen's does.
 */
public final class TeraGenJob {
  /** A map's report's header: with --instrument on a cluster, the agent's counters of its JVM (else none). */
  record Side(String timings) {}

  /** The maps' side files (record + checksum), read and removed by the launcher. */
  static final String SIDE_PREFIX = "_harness-";
  /** Where a stopped run's launcher tells the maps to end ({@link io.harness.core.engine.MapStop}): removed after. */
  static final String STOP_MARKER = SIDE_PREFIX + "stop";
  private static final String PREFIX = "harness.teragen.";

  private TeraGenJob() {}

  /** What the maps need beyond the rows and the output directory. */
  public record Settings(int batchRows, boolean finalSync) {
    void store(Configuration conf) {
      conf.setInt(PREFIX + "batch.rows", batchRows);
      conf.setBoolean(PREFIX + "final.sync", finalSync);
    }

    static Settings load(Configuration conf) {
      return new Settings(conf.getInt(PREFIX + "batch.rows", 10_000), conf.getBoolean(PREFIX + "final.sync", true));
    }
  }

  /**
   * The maps' records (by range index, each with its checksum noted), the job's wall time and the maps' calls'
   * latency per second of the run; at a start barrier, what the maps' reports say (else null).
   */
  public record Result(List<TaskRecord> records, double jobMillis,
      List<io.harness.core.records.Intervals.Interval> intervals, MapBarrier.Collected barrier) {
  }

  /** The output format: the maps write their files themselves; this only brings the committer. */
  public static final class RowFileOutputFormat extends FileOutputFormat<NullWritable, NullWritable> {
    @Override
    public RecordWriter<NullWritable, NullWritable> getRecordWriter(TaskAttemptContext job) {
      return new RecordWriter<>() {
        @Override
        public void write(NullWritable key, NullWritable value) {
        }

        @Override
        public void close(TaskAttemptContext context) {
        }
      };
    }
  }

  /**
   * Where a map that fails leaves its reason ({@code <out>/_failed/part-m-NNNNN}), for the launcher's line: the local
   * job runner keeps no failed task's diagnostics. Removed after the job.
   */
  static final String FAILED_DIR = "_failed";

  /** {@code ; part-m-00001: <reason>} for each failed map's reason left in {@code failed} (at most 3), else empty. */
  private static String failedMaps(FileSystem fs, Path failed) {
    StringBuilder b = new StringBuilder();
    try {
      FileStatus[] reasons = fs.exists(failed) ? fs.listStatus(failed) : new FileStatus[0];
      java.util.Arrays.sort(reasons);
      for (int i = 0; i < Math.min(3, reasons.length); i++) {
        try (FSDataInputStream in = fs.open(reasons[i].getPath())) {
          b.append("; ").append(reasons[i].getPath().getName()).append(": ")
              .append(new String(in.readNBytes(1000), StandardCharsets.UTF_8).strip());
        }
      }
      if (reasons.length > 3) {
        b.append("; ").append(reasons.length - 3).append(" more map(s) failed");
      }
    } catch (IOException e) {
      // the job's own failure is the line then
    }
    return b.toString();
  }

  /**
   * Runs the job writing {@code rows} rows in {@code maps} files under {@code out}, its maps starting together at
   * {@code barrier} (null: none; its folder is {@code _clients} in the output directory, removed at the end).
   */
  public static Result run(Configuration base, FileSystem fs, Path out, long rows, int maps, Settings settings,
      StartBarrier barrier, Observation recording, PrintStream log, io.harness.core.base.StopRequest stop)
      throws IOException, InterruptedException, ClassNotFoundException {
    Job job = Job.getInstance(new Configuration(base), "harness teragen");
    Configuration conf = job.getConfiguration();
    conf.setLong(RangeInputFormat.ROWS, rows);
    conf.setInt(RangeInputFormat.MAPS, maps);
    conf.setInt(MRJobConfig.NUM_MAPS, maps);
    settings.store(conf);
    // a second attempt of a map would write the same file again: no speculation
    conf.setBoolean("mapreduce.map.speculative", false);
    job.setJarByClass(TeraGenJob.class);
    job.setInputFormatClass(RangeInputFormat.class);
    job.setMapperClass(TeraGenMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(RowFileOutputFormat.class);
    FileOutputFormat.setOutputPath(job, fs.makeQualified(out));
    if (barrier != null) {
      MapBarrier.configure(conf, barrier, maps, fs.makeQualified(out));
    }
    TaskInstrumentation.configure(job, recording == null ? null : recording.taskAgent(), log);
    Path failed = new Path(out, FAILED_DIR);
    io.harness.core.engine.MapStop.configure(conf, fs, new Path(out, STOP_MARKER));
    double millis;
    long t0 = System.nanoTime();
    try {
      millis = MapReduceJobs.submitAndWait(job, log, stop);
    } catch (RunFailedException e) {
      if (!stop.requested()) {
        throw new RunFailedException(e.getMessage() + failedMaps(fs, failed), e);
      }
      // stopped, and the job killed (its maps had not ended): what they wrote is not committed, their records lost
      log.println("teragen: " + e.getMessage());
      return new Result(List.of(), (System.nanoTime() - t0) / 1e6, List.of(), null);
    } finally {
      fs.delete(failed, true);
    }
    MapBarrier.Collected started = barrier == null ? null
        : MapBarrier.collect(fs, out, barrier, maps, job.getJobID().toString(), stop.requested());
    List<TaskRecord> records = new ArrayList<>();
    List<io.harness.core.records.Intervals.Interval> intervals = new ArrayList<>();
    FileStatus[] sides = fs.globStatus(new Path(out, SIDE_PREFIX + "part-m-*"));
    java.util.Arrays.sort(sides);
    for (FileStatus side : sides) {
      String name = side.getPath().getName().substring(SIDE_PREFIX.length());
      io.harness.core.engine.MapReports.Report report = io.harness.core.engine.MapReports.read(fs, side.getPath())
          .orElseThrow(() -> new IOException(side.getPath() + ": its map left no record in it"));
      if (report.tasks().size() != 1) {
        throw new IOException(side.getPath() + ": " + report.tasks().size() + " task line(s), not its map's one");
      }
      TaskLine line = report.tasks().get(0);
      TaskRecord r = line.record();
      boolean late = started != null && started.late().contains(r.index());
      if (!late || barrier.countLate()) {
        intervals.addAll(line.intervals());
      }
      Map<String, Object> extra = new java.util.LinkedHashMap<>();
      extra.put(RowWriter.CHECKSUM, Checksum128.parse(String.valueOf(r.extra().get(RowWriter.CHECKSUM))).toString());
      if (r.extra().get(TeraGenMapper.NODE) != null) {
        extra.put(TeraGenMapper.NODE, r.extra().get(TeraGenMapper.NODE));
      }
      if (late) {
        extra.put(io.harness.core.run.Analysis.LATE, true);
      }
      records.add(r.with(r.index(), extra));
      String timings = report.header(Side.class).timings();
      if (recording != null && timings != null) {
        recording.addTaskTimings(name, TaskInstrumentation.parse(timings));
      }
      fs.delete(side.getPath(), false);
    }
    if (records.size() != maps && !stop.requested()) {
      throw new RunFailedException("MapReduce job " + job.getJobID() + " succeeded but left " + records.size()
          + " map record(s) for " + maps + " map(s) in " + out);
    }
    records.sort(Comparator.comparingInt(TaskRecord::index));
    return new Result(records, millis, io.harness.core.records.Intervals.merge(intervals), started);
  }
}
