package io.harness.instrumentation;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The agent's counters, read from inside the instrumented JVM (e.g. by the harness, to put them in a
 * run's JSON). Empty when the agent is not loaded.
 *
 * <p>The counters live in the agent's copy of the classes on the bootstrap class path; this class may
 * have been loaded by another class loader (the application's), so it reads them by reflection.
 */
public final class Timings {
  private static final String REGISTRY = "io.harness.instrumentation.boot.Registry";

  private Timings() {}

  /**
   * One FileSystem instance's counters (or the unknown bucket's: {@code fs} null; or a server-side scope's:
   * {@code scope} "datanode", {@code fs} null): for every operation NAME of the active rule sets,
   * {@code NAME.call}, {@code NAME.allTime} (ms), {@code NAME.allTimeNanos}, {@code NAME.failed}, and the
   * distribution's {@code NAME.p50Ms}, {@code NAME.p99Ms}, {@code NAME.maxMs} (whole ms) and
   * {@code NAME.p50Nanos}, {@code NAME.p99Nanos}, {@code NAME.maxNanos}, in report order; {@code buckets}: each
   * called operation's bucket counts (see {@code boot.Histogram}), so two snapshots can be subtracted
   * ({@link TimingsDelta}).
   */
  public record FileSystemTimings(String scope, Integer fs, String scheme, String uri, String fsClass,
      boolean closed, Map<String, Long> counters, Map<String, long[]> buckets) {
    /** A counter, 0 when the rule set it belongs to is not active. */
    public long get(String counter) {
      return counters.getOrDefault(counter, 0L);
    }

    /** Whether these are a server-side scope's counters (the datanode's), not a FileSystem's. */
    public boolean isServer() {
      return scope != null;
    }
  }

  /**
   * What the instrumentation cost the calling thread so far, in calls: {@code entries}, the calls into the agent's
   * counters of FileSystems from instrumented code (the injected calls of the FileSystem, write and ozone hooks,
   * and the read set's rules for FSDataInputStreams); {@code ruleFirings}, every Byteman rule firing on the thread
   * (the read set's fire for any DataInputStream). Zero
   * without the agent. Read it before and after a call to see what that call cost.
   */
  public record AgentCalls(long entries, long ruleFirings) {}

  /** This thread's {@link AgentCalls} so far. */
  public static AgentCalls agentCallsOnThisThread() {
    Optional<Class<?>> r = registry();
    if (r.isEmpty()) {
      return new AgentCalls(0, 0);
    }
    long[] c = (long[]) call(r.get(), "callsOnThisThread", new Class<?>[0]);
    return new AgentCalls(c[0], c[1]);
  }

  /**
   * Whether Byteman's rule engine runs in this JVM: only for the rule sets read and datanode (the FileSystem calls,
   * write and ozone are calls the agent injects itself).
   */
  public static boolean ruleEngineStarted() {
    try {
      Class<?> runtime = Class.forName("io.harness.instrumentation.boot.AgentRuntime", true, null);
      return Boolean.TRUE.equals(call(runtime, "rulesStarted", new Class<?>[0]));
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /**
   * Registers the agent's exit report with Hadoop's shutdown hook manager as seen from {@code loader} now, not at
   * the first stream a FileSystem builds (a run's first task): does nothing without the agent or after the first.
   */
  public static void prepare(ClassLoader loader) {
    Optional<Class<?>> r = registry();
    if (r.isPresent()) {
      call(r.get(), "prepare", new Class<?>[] {ClassLoader.class}, loader);
    }
  }

  /** Whether the agent runs in this JVM. */
  public static boolean active() {
    return registry().isPresent();
  }

  /** The active rule sets (empty without the agent). */
  public static List<String> ruleSets() {
    Optional<Class<?>> r = registry();
    if (r.isEmpty()) {
      return List.of();
    }
    return List.of((String[]) call(r.get(), "activeSets", new Class<?>[0]));
  }

  /** Every FileSystem instance's counters so far (and the unknown bucket's, when it has calls). */
  @SuppressWarnings("unchecked")
  public static List<FileSystemTimings> snapshot() {
    Optional<Class<?>> r = registry();
    if (r.isEmpty()) {
      return List.of();
    }
    List<Map<String, Object>> raw = (List<Map<String, Object>>) call(r.get(), "snapshot", new Class<?>[0]);
    List<FileSystemTimings> out = new ArrayList<>();
    for (Map<String, Object> m : raw) {
      out.add(of(m));
    }
    return Collections.unmodifiableList(out);
  }

  /** The counters of one FileSystem instance (any object: compared by identity). */
  @SuppressWarnings("unchecked")
  public static Optional<FileSystemTimings> of(Object fileSystem) {
    Optional<Class<?>> r = registry();
    if (r.isEmpty() || fileSystem == null) {
      return Optional.empty();
    }
    Map<String, Object> m = (Map<String, Object>) call(r.get(), "snapshotOf", new Class<?>[] {Object.class},
        fileSystem);
    return m == null ? Optional.empty() : Optional.of(of(m));
  }

  /** The server-side scopes' counters (the datanode's, with the datanode rule set), empty without them. */
  public static List<FileSystemTimings> servers() {
    return snapshot().stream().filter(FileSystemTimings::isServer).toList();
  }

  @SuppressWarnings("unchecked")
  private static FileSystemTimings of(Map<String, Object> m) {
    Map<String, long[]> buckets = (Map<String, long[]>) m.get("buckets");
    return new FileSystemTimings((String) m.get("scope"), (Integer) m.get("fs"), (String) m.get("scheme"),
        (String) m.get("uri"), (String) m.get("class"), Boolean.TRUE.equals(m.get("closed")),
        Collections.unmodifiableMap(new LinkedHashMap<>((Map<String, Long>) m.get("counters"))),
        buckets == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(buckets)));
  }

  private static Optional<Class<?>> registry() {
    try {
      Class<?> c = Class.forName(REGISTRY, true, null);
      Class<?> runtime = Class.forName("io.harness.instrumentation.boot.AgentRuntime", true, null);
      return Boolean.TRUE.equals(call(runtime, "started", new Class<?>[0])) ? Optional.of(c) : Optional.empty();
    } catch (ClassNotFoundException e) {
      return Optional.empty();
    }
  }

  private static Object call(Class<?> c, String name, Class<?>[] types, Object... args) {
    try {
      Method m = c.getMethod(name, types);
      return m.invoke(null, args);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("harness-instrumentation: " + name + " failed", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("harness-instrumentation: the agent's classes do not match this "
          + "version (" + e + ")", e);
    }
  }
}
