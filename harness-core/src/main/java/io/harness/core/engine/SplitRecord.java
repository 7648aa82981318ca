package io.harness.core.engine;

import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The reader of a split that is one record: its index (a range of rows, a client), for the harness's jobs whose
 * maps do their whole split's work in one call.
 */
public final class SplitRecord extends RecordReader<IntWritable, NullWritable> {
  private final IntWritable key;
  private boolean read;

  public SplitRecord(int index) {
    this.key = new IntWritable(index);
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) {
  }

  @Override
  public boolean nextKeyValue() {
    boolean first = !read;
    read = true;
    return first;
  }

  @Override
  public IntWritable getCurrentKey() {
    return key;
  }

  @Override
  public NullWritable getCurrentValue() {
    return NullWritable.get();
  }

  @Override
  public float getProgress() {
    return read ? 1 : 0;
  }

  @Override
  public void close() {
  }
}
