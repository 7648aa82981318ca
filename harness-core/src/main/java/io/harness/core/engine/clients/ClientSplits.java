package io.harness.core.engine.clients;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/** One split per client, read as one record: the client's index. */
public final class ClientSplits extends InputFormat<IntWritable, NullWritable> {
  @Override
  public List<InputSplit> getSplits(JobContext job) {
    int n = job.getConfiguration().getInt(ClientJob.COUNT, 1);
    List<InputSplit> splits = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      splits.add(new io.harness.core.engine.IndexedSplit(i));
    }
    return splits;
  }

  @Override
  public RecordReader<IntWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new io.harness.core.engine.SplitRecord(((io.harness.core.engine.IndexedSplit) split).index());
  }
}
