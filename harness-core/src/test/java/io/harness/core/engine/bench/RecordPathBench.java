package io.harness.core.engine.bench;

import io.harness.core.records.Intervals;
import io.harness.core.records.LiveFeed;
import io.harness.core.engine.Recorders;
import io.harness.core.records.TaskRecorder;
import io.harness.core.live.HdrReservoir;
import io.harness.core.live.LiveRun;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A JMH benchmark, not a test: what one recorded call costs a task's thread, the pieces one by one and together.
 * A task's call is {@link TaskRecorder#enter} (the stuck-call bookkeeping the monitor reads: the call's kind, its
 * start, the last progress) and {@link TaskRecorder#call} (under the recorder's lock: the task's latency histogram,
 * the bytes' 100 ms tick, the run's per-second {@link Intervals} and the live registry, {@link LiveRun}: two meters
 * and an {@link HdrReservoir}); Freon's item loop adds a running total ({@link TaskRecorder#noteTotal}) per item.
 * Every call records a 1 ms latency and 4 KiB, as a small write would. Run by {@code bench/record-path}; with
 * {@code -prof gc} JMH says the bytes allocated per call ({@code gc.alloc.rate.norm}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RecordPathBench {
  private static final long LATENCY = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long BYTES = 4096;

  /** The run's shared parts: its per-second intervals and its live registry (or none). */
  @State(Scope.Benchmark)
  public static class Run {
    Intervals live;
    Intervals quiet;
    LiveRun registry;
    HdrReservoir reservoir;

    @Setup(Level.Trial)
    public void setUp() {
      registry = new LiveRun(Map.of("run_id", "bench"));
      live = new Intervals(0, registry);
      quiet = new Intervals(0, LiveFeed.NONE);
      reservoir = new HdrReservoir();
    }
  }

  /**
   * One task's recorder per thread, as each task has its own, feeding: the run's intervals and its live registry
   * ({@code watched}), the intervals alone ({@code unwatched}: nobody asked for the live view), or nothing
   * ({@code alone}: a task run alone, as a MapReduce map's {@code runSingle}).
   */
  @State(Scope.Thread)
  public static class Task {
    @Param({"watched", "unwatched", "alone"})
    String feed;
    TaskRecorder recorder;
    long items;

    @Setup(Level.Trial)
    public void setUp(Run run) {
      recorder = Recorders.started(0, switch (feed) {
        case "watched" -> run.live;
        case "unwatched" -> run.quiet;
        default -> null;
      });
    }
  }

  /** The whole of one recorded call: marked when it starts (the stuck-call bookkeeping), recorded when it returns. */
  @Benchmark
  public void recordedCall(Task task) {
    long start = task.recorder.enter("write");
    task.recorder.call("write", start - LATENCY, BYTES);
  }

  /** One item of Freon's loop: its recorded call and the running total of items. */
  @Benchmark
  public void recordedItem(Task task) {
    long start = task.recorder.enter("file");
    task.recorder.call("file", start - LATENCY, BYTES);
    task.recorder.noteTotal("items", ++task.items);
  }

  /** The stuck-call bookkeeping alone: a call's start marked for the monitor. */
  @Benchmark
  public long enterOnly(Task task) {
    return task.recorder.enter("write");
  }

  /** The live registry's part of a call alone: meters and the reservoir. */
  @Benchmark
  public void liveRegistryCall(Run run) {
    run.registry.call("write", LATENCY, BYTES);
  }

  /** The live histogram's update alone (HdrHistogram's wait-free recorder). */
  @Benchmark
  public void hdrReservoirUpdate(Run run) {
    run.reservoir.update(LATENCY);
  }
}
