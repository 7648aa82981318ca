package io.harness.core.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * A split that is a number (a range of rows, a client), read as one record ({@link SplitRecord}). Its length is 0
 * and it has no locations, so a job keeps the splits in order and places the maps anywhere.
 */
public class IndexedSplit extends InputSplit implements Writable {
  private int index;

  public IndexedSplit() {
  }

  public IndexedSplit(int index) {
    this.index = index;
  }

  /** The split's number. */
  public final int index() {
    return index;
  }

  @Override
  public final long getLength() {
    return 0;
  }

  @Override
  public final String[] getLocations() {
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
