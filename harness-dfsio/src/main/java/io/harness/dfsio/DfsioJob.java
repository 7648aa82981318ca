package io.harness.dfsio;

import io.harness.core.engine.Observation;
import io.harness.core.engine.MapReduceJobs;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.core.engine.StartBarrier;
import io.harness.core.engine.clients.MapBarrier;
import io.harness.dfsio.DfsioFiles;
import io.harness.dfsio.DfsioParams;
import io.harness.dfsio.PartFile;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The MapReduce engine of dfsio, laid out as TestDFSIO lays out its job: one control file per task in
 * {@code io_control} ({@code in_file_test_io_<i>}: the file name and its size), one map per control
 * file, one reducer writing {@code io_<op>/part-00000}. Speculative execution is off and every map
 * gets one attempt: a second attempt would measure the same file twice.
 */
public final class DfsioJob {
  public static final String CONTROL_DIR = "io_control";
  /**
   * The maps' sort buffer, at most, in MB: a map emits a few kilobytes, and each map would otherwise allocate
   * the default 100 MB.
   */
  static final int MAP_SORT_MB = 4;
  /** Control files written at once, at most. */
  static final int CONTROL_WRITERS = 8;
  /** Where a stopped run's launcher tells the maps to end ({@link io.harness.core.engine.MapStop}), under the root. */
  static final String STOP_MARKER = "io_stop";
  /** On HDFS, how long a control file's close first waits for its block to be reported complete. */
  static final int CONTROL_CLOSE_RETRY_MILLIS = 10;

  private DfsioJob() {}

  /** A job that ran: its id and its wall time in milliseconds, from submission to completion. */
  public record Ran(String job, double millis) {}

  /**
   * Runs the job, its maps starting together at {@code barrier} (null: none). The job's id and tracking URL go to
   * {@code log} once it is submitted; its counters feed the run's {@code live} view.
   */
  public static Ran run(Configuration base, FileSystem fs, DfsioParams params, int nrFiles, StartBarrier barrier,
      Observation recording, PrintStream log, io.harness.core.base.StopRequest stop, io.harness.core.records.LiveFeed live)
      throws IOException, InterruptedException, ClassNotFoundException {
    Path root = new Path(params.root());
    Path control = new Path(root, CONTROL_DIR);
    MapBarrier.prepare(fs, root);
    writeControlFiles(base, fs, control, nrFiles, params.fileBytes());
    Path out = new Path(root, params.op().resultDir());
    fs.delete(out, true);

    // the job's configuration is a copy of base (Job.getInstance copies it)
    Job job = Job.getInstance(base, "harness dfsio " + params.op().testType());
    Configuration conf = job.getConfiguration();
    params.store(conf);
    conf.setBoolean("mapreduce.map.speculative", false);
    conf.setBoolean("mapreduce.reduce.speculative", false);
    conf.setInt("mapreduce.map.maxattempts", 1);
    conf.setInt(MRJobConfig.IO_SORT_MB,
        Math.min(conf.getInt(MRJobConfig.IO_SORT_MB, MRJobConfig.DEFAULT_IO_SORT_MB), MAP_SORT_MB));
    job.setJarByClass(DfsioJob.class);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    FileInputFormat.setInputPaths(job, fs.makeQualified(control));
    job.setMapperClass(DfsioMapper.class);
    job.setReducerClass(DfsioReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(PartFileOutput.class);
    FileOutputFormat.setOutputPath(job, fs.makeQualified(out));
    if (barrier != null) {
      MapBarrier.configure(conf, barrier, nrFiles, fs.makeQualified(root));
    }
    TaskInstrumentation.configure(job, recording == null ? null : recording.taskAgent(), log);
    io.harness.core.engine.MapStop.configure(conf, fs, new Path(root, STOP_MARKER));
    double millis = MapReduceJobs.submitAndWait(job, log, stop, live);
    return new Ran(job.getJobID().toString(), millis);
  }

  /**
   * TestDFSIO's control files, {@code in_file_test_io_<i>} under {@code control}: one SequenceFile record
   * each, the data file's name and its size, written by up to {@value #CONTROL_WRITERS} threads.
   */
  static void writeControlFiles(Configuration conf, FileSystem fs, Path control, int nrFiles, long fileBytes)
      throws IOException, InterruptedException {
    fs.delete(control, true);
    fs.mkdirs(control);
    FileSystem out = controlFileSystem(conf, fs);
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(nrFiles, CONTROL_WRITERS), r -> {
      Thread t = new Thread(r, "harness-dfsio-control");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> written = new ArrayList<>();
      for (int i = 0; i < nrFiles; i++) {
        String name = DfsioFiles.fileName(i);
        Path file = new Path(control, "in_file_" + name);
        written.add(pool.submit(() -> {
          try (FSDataOutputStream stream = out.create(file, true);
              SequenceFile.Writer w = SequenceFile.createWriter(conf, SequenceFile.Writer.stream(stream),
                  SequenceFile.Writer.keyClass(Text.class), SequenceFile.Writer.valueClass(LongWritable.class),
                  SequenceFile.Writer.compression(SequenceFile.CompressionType.NONE))) {
            w.append(new Text(name), new LongWritable(fileBytes));
          }
          return null;
        }));
      }
      for (Future<?> f : written) {
        try {
          f.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
      if (out != fs) {
        out.close();
      }
    }
  }

  /**
   * What the control files are written through: the run's file system, or on HDFS a client of its own whose
   * close asks the namenode again after {@value #CONTROL_CLOSE_RETRY_MILLIS} ms, not 400 ms, when the
   * namenode has not yet heard from a datanode that the file's block is complete. A small file closed right
   * after its write often finds it so, and 400 ms is longer than writing all the control files.
   */
  private static FileSystem controlFileSystem(Configuration conf, FileSystem fs) throws IOException {
    if (!(fs instanceof DistributedFileSystem)) {
      return fs;
    }
    Configuration c = new Configuration(conf);
    c.setInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY,
        CONTROL_CLOSE_RETRY_MILLIS);
    // the wait doubles at each retry: 12 from 10 ms give up after 41 s in all (HDFS's 5 from 400 ms: 12.4 s)
    c.setInt(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_RETRIES_KEY, 12);
    return FileSystem.newInstance(fs.getUri(), c);
  }

  /**
   * Text output whose file is {@code part-00000}, the name TestDFSIO's (old API) job gives its one reducer's
   * output and its tooling reads; the new API would name it {@code part-r-00000}.
   */
  public static final class PartFileOutput extends TextOutputFormat<Text, Text> {
    @Override
    public Path getDefaultWorkFile(TaskAttemptContext context, String extension) throws IOException {
      return new Path(super.getDefaultWorkFile(context, extension).getParent(), PartFile.NAME);
    }
  }
}
