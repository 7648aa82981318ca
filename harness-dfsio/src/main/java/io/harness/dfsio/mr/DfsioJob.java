package io.harness.dfsio.mr;

import io.harness.core.cli.RunRecording;
import io.harness.core.engine.MapReduceJobs;
import io.harness.core.engine.TaskInstrumentation;
import io.harness.dfsio.DfsioFiles;
import io.harness.dfsio.DfsioParams;
import io.harness.dfsio.PartFile;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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

  private DfsioJob() {}

  /**
   * Runs the job and returns its wall time in milliseconds, from submission to completion. The job's id
   * and tracking URL go to {@code log} once it is submitted.
   */
  public static double run(Configuration base, FileSystem fs, DfsioParams params, int nrFiles,
      RunRecording recording, PrintStream log) throws IOException, InterruptedException, ClassNotFoundException {
    Path root = new Path(params.root());
    Path control = new Path(root, CONTROL_DIR);
    fs.delete(control, true);
    for (int i = 0; i < nrFiles; i++) {
      String name = DfsioFiles.fileName(i);
      try (SequenceFile.Writer w = SequenceFile.createWriter(base,
          SequenceFile.Writer.file(fs.makeQualified(new Path(control, "in_file_" + name))),
          SequenceFile.Writer.keyClass(Text.class), SequenceFile.Writer.valueClass(LongWritable.class),
          SequenceFile.Writer.compression(SequenceFile.CompressionType.NONE))) {
        w.append(new Text(name), new LongWritable(params.fileBytes()));
      }
    }
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
    TaskInstrumentation.configure(job, recording, log);
    return MapReduceJobs.submitAndWait(job, log);
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
