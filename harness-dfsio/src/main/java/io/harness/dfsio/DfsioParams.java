package io.harness.dfsio;

import io.harness.core.engine.LocalEngine;
import io.harness.core.records.Window;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;

/**
 * What every task of one dfsio run needs, checked once by the command line; it travels to the maps
 * of the MapReduce engine in the job configuration. {@code codec} is a compression codec class name
 * or null; {@code window} the warm-up and time limit of every task.
 */
public record DfsioParams(DfsioOperation op, String root, long fileBytes, int bufferBytes, long skipBytes,
    long seed, boolean verify, String codec, Window window) {
  private static final String PREFIX = "harness.dfsio.";

  /** The task body of this run's operation. */
  public LocalEngine.TaskBody body(FileSystem fs) {
    Path rootPath = new Path(root);
    CompressionCodec c = codec == null ? null : Codecs.create(codec, fs.getConf());
    return switch (op) {
      case WRITE -> new WriteTask(fs, rootPath, fileBytes, bufferBytes, seed, c);
      case READ -> new ReadTask(fs, rootPath, fileBytes, bufferBytes, seed, verify, c);
      case APPEND -> new AppendTask(fs, rootPath, fileBytes, bufferBytes, seed);
      case TRUNCATE -> new TruncateTask(fs, rootPath, fileBytes);
      case READ_RANDOM, READ_BACKWARD, READ_SKIP ->
          new PositionedReadTask(fs, rootPath, op, fileBytes, bufferBytes, skipBytes, seed, verify);
      case CLEANUP -> throw new IllegalStateException("cleanup runs no tasks");
    };
  }

  public void store(Configuration conf) {
    conf.set(PREFIX + "op", op.name());
    conf.set(PREFIX + "root", root);
    conf.setLong(PREFIX + "file.bytes", fileBytes);
    conf.setInt(PREFIX + "buffer.bytes", bufferBytes);
    conf.setLong(PREFIX + "skip.bytes", skipBytes);
    conf.setLong(PREFIX + "seed", seed);
    conf.setBoolean(PREFIX + "verify", verify);
    if (codec != null) {
      conf.set(PREFIX + "codec", codec);
    }
    conf.setLong(PREFIX + "warmup.ns", window.warmupNanos());
    conf.setLong(PREFIX + "duration.ns", window.durationNanos());
  }

  public static DfsioParams load(Configuration conf) {
    String op = conf.get(PREFIX + "op");
    if (op == null) {
      throw new IllegalStateException("the job configuration carries no " + PREFIX + "* settings");
    }
    return new DfsioParams(DfsioOperation.valueOf(op), conf.get(PREFIX + "root"),
        conf.getLong(PREFIX + "file.bytes", 0), conf.getInt(PREFIX + "buffer.bytes", 0),
        conf.getLong(PREFIX + "skip.bytes", 0), conf.getLong(PREFIX + "seed", 0),
        conf.getBoolean(PREFIX + "verify", false), conf.get(PREFIX + "codec"),
        new Window(conf.getLong(PREFIX + "warmup.ns", 0), conf.getLong(PREFIX + "duration.ns", 0)));
  }
}
