package io.harness.core.run.clients;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/** One split per client, read as one record: the client's index. */
public final class ClientSplits extends InputFormat<IntWritable, NullWritable> {
  /** A client: its index. */
  public static final class Client extends InputSplit implements Writable {
    int index;

    public Client() {
    }

    Client(int index) {
      this.index = index;
    }

    @Override
    public long getLength() {
      return 0;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(index);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      index = in.readInt();
    }
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) {
    int n = job.getConfiguration().getInt(ClientJob.COUNT, 1);
    List<InputSplit> splits = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      splits.add(new Client(i));
    }
    return splits;
  }

  @Override
  public RecordReader<IntWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new io.harness.core.engine.SplitRecord(((Client) split).index);
  }
}
