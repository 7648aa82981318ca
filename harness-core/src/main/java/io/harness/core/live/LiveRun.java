package io.harness.core.live;

import com.codahale.metrics.CachedGauge;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import io.harness.core.records.EpochClock;
import io.harness.core.records.LiveFeed;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * One run's live view: a Dropwizard {@link MetricRegistry} its tasks feed as they record calls, and the run's
 * labels. Per kind of call ({@code write}, {@code create}, {@code file} ...): {@code bytes.KIND} and
 * {@code operations.KIND} (meters: counts and rates), {@code latency.KIND} (a histogram on an
 * {@link HdrReservoir}, nanoseconds); and {@code tasks.running|done|failed|stuck} (gauges, counted when asked).
 *
 * <p>A call costs a map lookup, two meter marks (striped adders) and a wait-free histogram record: no lock beyond
 * the recorder's own, which the task holds anyway. Readers (the endpoint, the CSV, JMX) never block a task.
 */
public final class LiveRun implements LiveFeed {
  public static final String BYTES = "bytes";
  public static final String OPERATIONS = "operations";
  public static final String LATENCY = "latency";
  public static final String TASKS = "tasks";
  /** The task states, in the order they are shown. */
  public static final String[] STATES = {"running", "done", "failed", "stuck"};

  /** One kind of call's metrics. */
  public record Kind(String name, Meter bytes, Meter operations, Histogram latency, HdrReservoir reservoir,
      LongAdder nanos) {}

  private final MetricRegistry registry = new MetricRegistry();
  private final Map<String, String> labels;
  private final Map<String, Kind> kinds = new ConcurrentHashMap<>();
  private final long startEpochNanos = EpochClock.nowEpochNanos();
  private volatile Supplier<TaskStates> tasks = () -> TaskStates.NONE;
  private volatile Supplier<java.util.List<TaskView>> taskViews = java.util.List::of;
  private volatile long endEpochNanos;
  private volatile Map<String, Object> figures;

  /**
   * A run's live view labelled {@code labels} ({@code run_id}, {@code workload}, {@code operation},
   * {@code target}: the Prometheus labels of every series).
   */
  public LiveRun(Map<String, String> labels) {
    this.labels = Map.copyOf(new LinkedHashMap<>(labels));
    CachedGauge<TaskStates> states = new CachedGauge<>(100, TimeUnit.MILLISECONDS) {
      @Override
      protected TaskStates loadValue() {
        return tasks.get();
      }
    };
    registry.register(MetricRegistry.name(TASKS, "running"), (Gauge<Integer>) () -> states.getValue().running());
    registry.register(MetricRegistry.name(TASKS, "done"), (Gauge<Integer>) () -> states.getValue().done());
    registry.register(MetricRegistry.name(TASKS, "failed"), (Gauge<Integer>) () -> states.getValue().failed());
    registry.register(MetricRegistry.name(TASKS, "stuck"), (Gauge<Integer>) () -> states.getValue().stuck());
  }

  @Override
  public void call(String kind, long nanos, long bytes) {
    Kind k = kinds.get(kind);
    if (k == null) {
      k = kinds.computeIfAbsent(kind, this::register);
    }
    if (bytes != 0) {
      k.bytes.mark(bytes);
    }
    if (nanos > 0) {
      k.operations.mark();
      k.latency.update(nanos);
      k.nanos.add(nanos);
    }
  }

  @Override
  public void tasks(Supplier<TaskStates> states) {
    this.tasks = states;
  }

  @Override
  public void taskViews(Supplier<java.util.List<TaskView>> views) {
    this.taskViews = views;
  }

  /** The engine's tasks one by one, where it says (a MapReduce job's maps); else none. */
  public java.util.List<TaskView> taskViews() {
    return taskViews.get();
  }

  private Kind register(String kind) {
    HdrReservoir reservoir = new HdrReservoir();
    return new Kind(kind, registry.meter(MetricRegistry.name(BYTES, kind)),
        registry.meter(MetricRegistry.name(OPERATIONS, kind)),
        registry.register(MetricRegistry.name(LATENCY, kind), new Histogram(reservoir)), reservoir, new LongAdder());
  }

  /** The run's registry (what JMX shows). */
  public MetricRegistry registry() {
    return registry;
  }

  public Map<String, String> labels() {
    return labels;
  }

  public String id() {
    return labels.getOrDefault("run_id", "");
  }

  /** The kinds of call so far, by name. */
  public SortedMap<String, Kind> kinds() {
    return new TreeMap<>(kinds);
  }

  /** The tasks by state now. */
  public TaskStates taskStates() {
    return tasks.get();
  }

  /** Bytes moved so far, every kind together. */
  public long bytes() {
    return kinds.values().stream().mapToLong(k -> k.bytes.getCount()).sum();
  }

  /** Calls so far, every kind together. */
  public long operations() {
    return kinds.values().stream().mapToLong(k -> k.operations.getCount()).sum();
  }

  /** Seconds since the run's live view began, up to its end once it ended. */
  public double seconds() {
    long end = endEpochNanos != 0 ? endEpochNanos : EpochClock.nowEpochNanos();
    return (end - startEpochNanos) / 1e9;
  }

  public boolean ended() {
    return endEpochNanos != 0;
  }

  /** The run ended; {@code figures} (may be null) are its own figures for the live page's table of finished runs. */
  void end(Map<String, Object> figures) {
    this.figures = figures;
    this.endEpochNanos = EpochClock.nowEpochNanos();
  }

  /** What the run's result said when it ended, or null while it runs. */
  public Map<String, Object> figures() {
    return figures;
  }
}
