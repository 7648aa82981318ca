package io.harness.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.length;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.udf;

import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataTypes;

/**
 * Everything that touches Spark's API, so that the command classes load (and {@code harness --help}
 * lists them) on a class path without Spark.
 */
final class SparkRunner implements AutoCloseable {
  static final String ID = "id";
  static final String PAYLOAD = "payload";

  private final SparkSession spark;
  private final boolean owned;
  private final TaskCollector collector = new TaskCollector();
  private int groups;
  private volatile String group;

  private SparkRunner(SparkSession spark, boolean owned) {
    this.spark = spark;
    this.owned = owned;
    spark.sparkContext().addSparkListener(collector);
  }

  /** What a counting job found, and its tasks. */
  record Counted(long rows, List<TaskCollector.SparkTask> tasks) {
  }

  /**
   * Runs {@code action}'s jobs in a job group of their own and returns their tasks, as Spark recorded them; tasks
   * that are the run's records ({@code fed} non-null) feed its live view as they end, with the bytes written
   * ({@code fed} true) or read.
   */
  private List<TaskCollector.SparkTask> tasksOf(String name, Boolean fed, Runnable action) {
    String id = "harness-" + name + "-" + (++groups);
    if (fed != null) {
      collector.feeds(id, fed);
    }
    spark.sparkContext().setJobGroup(id, "harness spark " + name, false);
    group = id;
    try {
      action.run();
    } finally {
      group = null;
      spark.sparkContext().clearJobGroup();
    }
    try {
      return collector.await(id, 30_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }

  /**
   * A session with {@code settings} (Spark's keys, and {@code spark.hadoop.*} for the Hadoop
   * configuration). {@code master} null keeps what spark-submit set, else {@code local[*]}. On a cluster master the
   * harness's jars go to the executors ({@link ExecutorJars}). A session that already runs in this JVM is used as it
   * is and left running.
   */
  static SparkRunner open(String appName, String master, Map<String, String> settings) {
    SparkSession active = SparkSession.getActiveSession().isDefined() ? SparkSession.getActiveSession().get()
        : SparkSession.getDefaultSession().isDefined() ? SparkSession.getDefaultSession().get() : null;
    if (active != null && !active.sparkContext().isStopped()) {
      settings.forEach((k, v) -> {
        if (k.startsWith("spark.hadoop.")) {
          active.sparkContext().hadoopConfiguration().set(k.substring("spark.hadoop.".length()), v);
        }
      });
      return new SparkRunner(active, false);
    }
    SparkConf conf = new SparkConf(); // spark.* system properties, as spark-submit sets them
    conf.setAppName(appName);
    if (master != null) {
      conf.setMaster(master);
    } else if (!conf.contains("spark.master")) {
      conf.setMaster("local[*]");
    }
    boolean local = conf.get("spark.master").startsWith("local");
    if (local && !settings.containsKey("spark.ui.enabled") && !conf.contains("spark.ui.enabled")) {
      conf.set("spark.ui.enabled", "false"); // no web server (port 4040) for a local run
    }
    if (local && !settings.containsKey("spark.driver.host") && !conf.contains("spark.driver.host")) {
      // a local run talks to itself: on the loopback address, not the host's first interface
      conf.set("spark.driver.host", "127.0.0.1");
      conf.set("spark.driver.bindAddress", "127.0.0.1");
    }
    settings.forEach(conf::set);
    ExecutorJars.addTo(conf);
    return new SparkRunner(SparkSession.builder().config(conf).getOrCreate(), true);
  }

  String version() {
    return spark.version();
  }

  String master() {
    return spark.sparkContext().master();
  }

  int defaultParallelism() {
    return spark.sparkContext().defaultParallelism();
  }

  /** What the harness's jobs have done so far in this session (Spark's listener events). */
  TaskCollector.Progress progress() {
    return collector.progress();
  }

  /** The run's live view, fed by the tasks of its measured jobs from now on ({@code LiveFeed.NONE}: none). */
  void feed(io.harness.core.records.LiveFeed feed) {
    collector.feed(feed);
  }

  /** Cancels the job that runs now, if any (the run was asked to stop): its action fails. */
  void cancel() {
    String g = group;
    if (g != null) {
      spark.sparkContext().cancelJobGroup(g);
    }
  }

  /**
   * Appends rows {@code [firstId, firstId + rows)} to the Parquet data set at {@code dir}: the ids come
   * from {@code spark.range} and each payload is made by a UDF on the executors, so nothing is
   * collected on the driver.
   */
  List<TaskCollector.SparkTask> generateBatch(String dir, long firstId, long rows, int partitions, long seed,
      int recordSize, String compression) {
    UserDefinedFunction payload = udf(new PayloadUdf(seed, recordSize), DataTypes.BinaryType);
    Dataset<Row> df = spark.range(firstId, firstId + rows, 1, partitions)
        .select(col(ID), payload.apply(col(ID)).as(PAYLOAD));
    return tasksOf("generate", true, () -> df.write().mode(SaveMode.Append).option("compression", compression)
        .parquet(dir));
  }

  /** Counts the rows at {@code dir}; {@code measured}: its tasks are the run's records (they feed the live view). */
  Counted count(String dir, boolean measured) {
    long[] rows = new long[1];
    List<TaskCollector.SparkTask> tasks = tasksOf("count", measured ? Boolean.FALSE : null,
        () -> rows[0] = spark.read().parquet(dir).count());
    return new Counted(rows[0], tasks);
  }

  /** Reads {@code src} and writes it to {@code dst} (which must not exist). */
  List<TaskCollector.SparkTask> copy(String src, String dst, String compression) {
    return tasksOf("copy", true, () -> {
      var w = spark.read().parquet(src).write().mode(SaveMode.ErrorIfExists);
      if (compression != null) {
        w = w.option("compression", compression);
      }
      w.parquet(dst);
    });
  }

  /** What {@code count --verify} checks; {@code badPayloads} is -1 when the generator is unknown. */
  record Verification(long rows, long distinctIds, long minId, long maxId, long minPayload, long maxPayload,
      long badPayloads, String schema) {
  }

  /**
   * Rows, distinct ids, id range, payload lengths and, when the generator's seed and record size are
   * known, the rows whose payload is not the generator's.
   */
  Verification verify(String dir, Long seed, Integer recordSize) {
    Dataset<Row> df = spark.read().parquet(dir);
    String schema = df.schema().simpleString();
    if (!java.util.Arrays.asList(df.columns()).containsAll(java.util.List.of(ID, PAYLOAD))) {
      return new Verification(df.count(), -1, -1, -1, -1, -1, -1, schema);
    }
    Row r = df.agg(org.apache.spark.sql.functions.count(lit(1)), countDistinct(col(ID)), min(col(ID)), max(col(ID)),
        min(length(col(PAYLOAD))), max(length(col(PAYLOAD)))).first();
    long rows = r.getLong(0);
    long bad = -1;
    if (seed != null && recordSize != null) {
      UserDefinedFunction ok = udf(new PayloadCheckUdf(seed, recordSize), DataTypes.BooleanType);
      bad = df.filter(not(ok.apply(col(ID), col(PAYLOAD)))).count();
    }
    return new Verification(rows, r.getLong(1), rows == 0 ? -1 : r.getLong(2), rows == 0 ? -1 : r.getLong(3),
        rows == 0 ? -1 : r.getInt(4), rows == 0 ? -1 : r.getInt(5), bad, schema);
  }

  @Override
  public void close() {
    spark.sparkContext().removeSparkListener(collector);
    if (owned) {
      spark.stop();
    }
  }

  /** The payload of a row from its id, on the executors. */
  static final class PayloadUdf implements UDF1<Long, byte[]> {
    private static final long serialVersionUID = 1L;
    private final long seed;
    private final int size;

    PayloadUdf(long seed, int size) {
      this.seed = seed;
      this.size = size;
    }

    @Override
    public byte[] call(Long id) {
      return Payloads.of(seed, id, size);
    }
  }

  /** Whether a row's payload is the generator's, on the executors. */
  static final class PayloadCheckUdf implements UDF2<Long, byte[], Boolean> {
    private static final long serialVersionUID = 1L;
    private final long seed;
    private final int size;

    PayloadCheckUdf(long seed, int size) {
      this.seed = seed;
      this.size = size;
    }

    @Override
    public Boolean call(Long id, byte[] payload) {
      return id != null && Payloads.matches(seed, id, size, payload);
    }
  }
}
