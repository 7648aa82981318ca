package io.harness.teragen;

import io.harness.teragen.RowRange;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * One split per map, each a range of rows split as Hadoop's TeraGen splits them; the reader gives one
 * record per split (the range's index), and the map writes the whole range.
 */
public final class RangeInputFormat extends InputFormat<IntWritable, NullWritable> {
  static final String ROWS = "harness.teragen.rows";
  /**
   * The maps, under a key of our own: the local job runner sets {@code mapreduce.job.maps} to 1 when the
   * job connects (so Hadoop's TeraGen writes one file there, whatever was asked).
   */
  static final String MAPS = "harness.teragen.maps";

  /** A range of rows. Its length is 0, as TeraGen's, so the job keeps the splits in order. */
  public static final class RangeSplit extends io.harness.core.engine.IndexedSplit {
    long first;
    long count;

    public RangeSplit() {
    }

    RangeSplit(RowRange r) {
      super(r.index());
      first = r.first();
      count = r.count();
    }

    RowRange range() {
      return new RowRange(index(), first, count);
    }

    @Override
    public void write(DataOutput out) throws IOException {
      super.write(out);
      out.writeLong(first);
      out.writeLong(count);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      super.readFields(in);
      first = in.readLong();
      count = in.readLong();
    }
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) {
    long rows = job.getConfiguration().getLong(ROWS, 0);
    int maps = job.getConfiguration().getInt(MAPS, 1);
    List<InputSplit> splits = new ArrayList<>(maps);
    for (RowRange r : RowRange.split(rows, maps)) {
      splits.add(new RangeSplit(r));
    }
    return splits;
  }

  @Override
  public RecordReader<IntWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new io.harness.core.engine.SplitRecord(((RangeSplit) split).index());
  }
}
