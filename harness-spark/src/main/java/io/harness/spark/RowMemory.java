package io.harness.spark;

import io.harness.core.base.UsageException;
import io.harness.core.base.Sizes;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the rows of {@code spark generate} fit the memory of the tasks that write them: a row's payload is held
 * whole many times over while it is written (the payload function's array, Spark's row and its copies, Parquet's
 * page, its compressed page and the column chunk it buffers until a row group is full). Measured on a 4 GB heap with
 * two tasks at once: rows of 64 MB were written, rows of 100 MB ran the JVM out of memory (Spark's exit 52, nothing
 * saved). A plan past that is bad input, before anything is made.
 */
final class RowMemory {
  /** How many times over a row is held while a task writes it (a bound from the measurement above). */
  static final int COPIES = 20;
  /** What Spark keeps of a heap for itself before its tasks get any ({@code RESERVED_SYSTEM_MEMORY_BYTES}). */
  static final long RESERVED = 300L << 20;

  private static final Pattern LOCAL = Pattern.compile("local(\\[(\\*|[0-9]+)(,[0-9]+)?\\])?");

  private RowMemory() {}

  /**
   * Throws {@link UsageException} naming {@code --record-size} when {@code tasks} tasks writing rows of
   * {@code recordSize} bytes at once need more than {@code heap} bytes.
   */
  static void check(long heap, int tasks, int recordSize, String heapSays) {
    long usable = Math.max(0, heap - RESERVED);
    long need = (long) tasks * COPIES * recordSize;
    if (need > usable) {
      throw new UsageException("--record-size", String.format(Locale.ROOT, "rows of %s need about %s of heap in "
          + "each of the %d task(s) that write at once (a row is held about %d times over while Spark and Parquet "
          + "write it); %s has %s for them: give a smaller --record-size, fewer --partitions, or more heap",
          Sizes.format(recordSize), Sizes.format((long) COPIES * recordSize), tasks, COPIES, heapSays,
          Sizes.format(usable)));
    }
  }

  /**
   * The check for a run on {@code master}: its tasks are threads of this JVM (local, local[N], local[*]: this heap,
   * N at once) or executors ({@code spark.executor.memory}, default 1g, and {@code spark.executor.cores} at once,
   * default 1); no more at once than {@code partitions} or {@code rows}.
   */
  static void check(String master, java.util.Map<String, String> sparkConf, Integer partitions, long rows,
      int recordSize) {
    Matcher local = LOCAL.matcher(master.trim());
    long heap;
    int slots;
    String says;
    if (local.matches()) {
      heap = Runtime.getRuntime().maxMemory();
      String n = local.group(2);
      slots = n == null ? 1 : n.equals("*") ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(n);
      says = "this JVM's heap (-Xmx; HARNESS_HEAPSIZE for bin/harness)";
    } else {
      heap = megabytesOr(sparkConf.get("spark.executor.memory"), 1024) << 20;
      slots = cores(sparkConf.get("spark.executor.cores"));
      says = "an executor's heap (spark.executor.memory)";
    }
    long atOnce = Math.min(slots, Math.min(partitions != null ? partitions : slots, Math.max(1, rows)));
    check(heap, (int) Math.max(1, atOnce), recordSize, says);
  }

  private static int cores(String value) {
    try {
      return value == null ? 1 : Math.max(1, Integer.parseInt(value.trim()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  /** A Spark memory value ({@code 4g}, {@code 512m}, a bare number of MiB) in MiB; {@code otherwise} when not set. */
  private static long megabytesOr(String value, long otherwise) {
    if (value == null || value.isBlank()) {
      return otherwise;
    }
    try {
      return org.apache.spark.network.util.JavaUtils.byteStringAsMb(value.trim());
    } catch (RuntimeException e) {
      return otherwise; // Spark refuses it when the session starts (SparkSettings checks what it registers)
    }
  }
}
