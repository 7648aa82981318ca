package io.harness.dfsio;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.records.Window;
import org.apache.hadoop.conf.Configuration;

/** The checks of dfsio's options that need more than one option: what applies to which operation. */
final class DfsioOptionChecks {
  private DfsioOptionChecks() {}

  /** {@code -resFile}, as the command line gave it (null: the Java API, which writes none): a local file. */
  static void resFile(String resFile) {
    if (resFile == null) {
      return;
    }
    if (resFile.isBlank()) {
      throw new UsageException("-resFile", "must not be empty");
    }
    io.harness.core.base.LocalOutputs.checkFile("-resFile", io.harness.core.base.LocalOutputs.path("-resFile",
        resFile));
  }

  /** The maps' start barrier ({@code --barrier}, or null): -clean runs no maps. */
  static io.harness.core.engine.StartBarrier barrier(io.harness.core.engine.StartBarrier barrier, DfsioOperation op) {
    if (barrier != null && op == DfsioOperation.CLEANUP) {
      throw new UsageException("--barrier", "-clean runs no maps to start together");
    }
    return barrier;
  }

  /** {@code -compression}: a codec this JVM can run, with -write or sequential -read; its class name, or null. */
  static String codec(String compression, DfsioOperation op, Configuration conf) {
    if (compression == null) {
      return null;
    }
    if (op != DfsioOperation.WRITE && op != DfsioOperation.READ) {
      throw new UsageException("-compression", "applies to -write and (sequential) -read only, not "
          + op.flags() + (op.isPositionedRead() ? " (a compressed stream cannot be read at positions)" : ""));
    }
    String codecClass = Codecs.resolve(compression, conf);
    if (codecClass == null) {
      throw new UsageException("-compression", "unknown codec '" + compression + "'; known: "
          + String.join(", ", Codecs.known(conf)) + " (or any CompressionCodec class name)");
    }
    String why = Codecs.probe(codecClass, conf);
    if (why != null) {
      throw new UsageException("-compression", codecClass + " cannot run in this JVM: " + why);
    }
    return codecClass;
  }

  /**
   * -storagePolicy, -erasureCodePolicy, --replication: where new files go, so -write only; returns
   * --replication in its normal form (RATIS/THREE), or null.
   */
  static String placement(DfsioOperation op, String storagePolicy, String erasureCodePolicy, String replication) {
    String[][] given = {{"-storagePolicy", storagePolicy}, {"-erasureCodePolicy", erasureCodePolicy},
        {"--replication", replication}};
    for (String[] g : given) {
      if (g[1] == null) {
        continue;
      }
      if (op != DfsioOperation.WRITE) {
        throw new UsageException(g[0], "applies to -write only (the files keep what they were written with)");
      }
      if (g[1].isBlank()) {
        throw new UsageException(g[0], "must not be empty");
      }
    }
    if (replication == null) {
      return null;
    }
    try {
      return OzoneReplication.parse(replication).toString();
    } catch (IllegalArgumentException e) {
      throw new UsageException("--replication", e.getMessage());
    }
  }

  /** --warmup and --duration: the tasks' window; a time-bounded write or append takes no -fileSize. */
  static Window window(DfsioOperation op, Units.Span warmup, Units.Span duration, boolean fileSizeGiven) {
    long warmupNanos = warmup == null ? 0 : warmup.nanos();
    long durationNanos = duration == null ? 0 : duration.nanos();
    if (duration != null && durationNanos == 0) {
      throw new UsageException("--duration", "must be positive, was " + duration);
    }
    if ((warmup != null || duration != null) && (op == DfsioOperation.TRUNCATE || op == DfsioOperation.CLEANUP)) {
      throw new UsageException(warmup != null ? "--warmup" : "--duration", "does not apply to " + op.flags());
    }
    if (duration != null && (op == DfsioOperation.WRITE || op == DfsioOperation.APPEND) && fileSizeGiven) {
      throw new UsageException("-fileSize", "does not apply to " + op.flags() + " --duration (each task "
          + "writes until the deadline)");
    }
    return new Window(warmupNanos, durationNanos);
  }

  /** {@code size} of {@code option}, checked: positive, or zero or more. */
  static long positive(String option, Units.Size size, boolean zeroAllowed) {
    if (size.bytes() < 0 || (size.bytes() == 0 && !zeroAllowed)) {
      throw new UsageException(option, "must be " + (zeroAllowed ? "zero or more" : "positive") + ", was " + size);
    }
    return size.bytes();
  }

  /** {@code -bufferSize}: positive and below 2 GB (one Java array). */
  static void buffer(Units.Size bufferSize) {
    positive("-bufferSize", bufferSize, false);
    if (bufferSize.bytes() > Integer.MAX_VALUE - 16) {
      throw new UsageException("-bufferSize", "must be below 2 GB, was " + bufferSize);
    }
  }
}
