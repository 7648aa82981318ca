package io.harness.core.engine;

import io.harness.core.records.TaskRecorder;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The items of a file system workload, each thread through a file system client of its own, opened before the
 * thread's first item and closed after its last, as Freon's threads do (a client shared by every thread is one more
 * thing they wait on together: Ozone's client has one connection per datanode pipeline, HDFS's one lease renewer).
 * A workload states only what one item does ({@link Body}).
 */
public final class OwnClients implements ItemLoop.Item {
  /** One item, on the thread's own client: returns the bytes it moved. */
  @FunctionalInterface
  public interface Body {
    long run(FileSystem fs, long item, TaskRecorder recorder) throws Exception;
  }

  private final URI uri;
  private final Configuration conf;
  private final Body body;
  private final ThreadLocal<FileSystem> own = new ThreadLocal<>();

  /** Items on clients of {@code uri}'s file system made from {@code conf} (the target's). */
  public OwnClients(URI uri, Configuration conf, Body body) {
    this.uri = uri;
    this.conf = conf;
    this.body = body;
  }

  @Override
  public void threadStarted() throws java.io.IOException {
    own.set(FileSystem.newInstance(uri, conf));
  }

  @Override
  public long run(long item, TaskRecorder recorder) throws Exception {
    return body.run(own.get(), item, recorder);
  }

  @Override
  public void threadEnded() throws java.io.IOException {
    FileSystem fs = own.get();
    own.remove();
    if (fs != null) {
      fs.close();
    }
  }
}
