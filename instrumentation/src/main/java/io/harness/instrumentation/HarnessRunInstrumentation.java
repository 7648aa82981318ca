package io.harness.instrumentation;

import io.harness.core.base.RunFailedException;
import io.harness.core.engine.RunInstrumentation;
import io.harness.core.base.UsageException;
import io.harness.core.report.AgentBuckets;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --instrument} of the harness's workloads: the agent loaded into the harness's own JVM. */
public final class HarnessRunInstrumentation implements RunInstrumentation {
  /** The longest wait for the agent's start (rule injection, then the JIT compilers' backlog) to settle. */
  static final long SETTLE_MAX_MS = 8_000;

  @Override
  public String start(String option, String ruleSets) {
    try {
      // the counters go into the run's JSON (instrumentation): no JSON line on the terminal
      String line = Attach.loadIntoThisJvm(option, ruleSets, null, false);
      // what the first FileSystem record would do inside the first task: done before the tasks start
      Timings.prepare(HarnessRunInstrumentation.class.getClassLoader());
      long waited = awaitCompilerQuiet(SETTLE_MAX_MS);
      return waited < 0 ? line : String.format(java.util.Locale.ROOT, "%s (waited %.1f s for the agent's start to settle)", line,
          waited / 1000.0);
    } catch (Attach.Failure f) {
      if (f.exitCode() == 2) {
        throw new UsageException(f.argument(), f.reason());
      }
      throw new RunFailedException(f.argument() + ": " + f.reason());
    }
  }

  @Override
  public TaskAgent taskAgent(String option, String ruleSets) {
    List<String> sets;
    try {
      sets = AgentOptions.parseSets(ruleSets);
    } catch (IllegalArgumentException e) {
      throw new UsageException(option, e.getMessage().replaceFirst("^rules: ", ""));
    }
    java.nio.file.Path jar = Attach.defaultAgentJar().orElseThrow(() -> new UsageException(option,
        "cannot find harness-instrumentation.jar to ship to the tasks (set -D" + Attach.AGENT_JAR_PROPERTY + ")"));
    return new TaskAgent(jar, new AgentOptions(sets, null, false).toAgentArgs());
  }

  /**
   * Waits until this JVM has been nearly idle for a moment (at most {@code maxMillis}); returns the ms waited, or
   * -1 when this JVM does not report its CPU time.
   *
   * <p>Loading the agent injects the rules into the Hadoop classes already loaded: Byteman rewrites each of them
   * once per rule, and that code, run hot, fills the JIT compilers' queue: seconds of CPU on a small machine. A
   * run that started at once shared the CPU with that backlog, and its own code waited behind it to be compiled:
   * on a short run (4 x 64 MB on the local file system, about a second) that alone could cost more than half of
   * the throughput. The wait keeps the agent's one-time start out of the measured phase; what remains is its cost
   * per call. Idle: the process used less than a quarter of one core in each of three periods of 100 ms in a row
   * (an embedded cluster's own background work stays below that).
   */
  static long awaitCompilerQuiet(long maxMillis) {
    if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
        || os.getProcessCpuTime() < 0) {
      return -1;
    }
    long start = System.nanoTime();
    long deadline = start + maxMillis * 1_000_000L;
    long last = os.getProcessCpuTime();
    long lastAt = System.nanoTime();
    int quiet = 0;
    while (quiet < QUIET_PERIODS && System.nanoTime() < deadline) {
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      long cpu = os.getProcessCpuTime();
      long at = System.nanoTime();
      quiet = (cpu - last) * 4 < at - lastAt ? quiet + 1 : 0;
      last = cpu;
      lastAt = at;
    }
    return (System.nanoTime() - start) / 1_000_000L;
  }

  private static final long PERIOD_MS = 100;
  private static final int QUIET_PERIODS = 3;

  /** The server-side scopes' counters at {@link #mark()}, by scope. */
  private final Map<String, Timings.FileSystemTimings> marked = new LinkedHashMap<>();

  @Override
  public void mark() {
    marked.clear();
    for (Timings.FileSystemTimings t : Timings.servers()) {
      marked.put(t.scope(), t);
    }
  }

  /** How long the server-side counters may take to settle at a run's end, checked every {@value #SETTLE_STEP_MS} ms. */
  private static final int SETTLE_MS = 3000;
  private static final int SETTLE_STEP_MS = 100;
  /** Unchanged for this many steps in a row: settled. */
  private static final int SETTLED_STEPS = 3;

  /**
   * {@code now}, or, where it has server-side scopes, a later snapshot whose server counters did not change for {@value #SETTLED_STEPS} steps: the
   * followers of a Ratis pipeline apply the run's last writes after the client's close returned, and those calls are
   * the run's (and not the next run's, whose share starts at its mark).
   */
  private static List<Timings.FileSystemTimings> settled(List<Timings.FileSystemTimings> now) {
    if (now.stream().noneMatch(Timings.FileSystemTimings::isServer)) {
      return now;
    }
    List<Timings.FileSystemTimings> last = now;
    int unchanged = 0;
    for (int waited = 0; waited < SETTLE_MS; waited += SETTLE_STEP_MS) {
      try {
        Thread.sleep(SETTLE_STEP_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return last;
      }
      List<Timings.FileSystemTimings> next = Timings.snapshot();
      unchanged = serverCounters(next).equals(serverCounters(last)) ? unchanged + 1 : 0;
      last = next;
      if (unchanged == SETTLED_STEPS) {
        return last;
      }
    }
    return last;
  }

  private static List<Map<String, Long>> serverCounters(List<Timings.FileSystemTimings> all) {
    return all.stream().filter(Timings.FileSystemTimings::isServer).map(Timings.FileSystemTimings::counters).toList();
  }

  /**
   * Every FileSystem instance's counters, then each server-side scope's (the datanode's): what it counted since
   * {@link #mark()}, with {@code "scope"} naming it; and, under {@code "buckets"}, each called operation's bucket
   * counts.
   */
  @Override
  public List<Map<String, Object>> timings() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Timings.FileSystemTimings s : settled(Timings.snapshot())) {
      Timings.FileSystemTimings t = s.isServer() ? TimingsDelta.between(marked.get(s.scope()), s) : s;
      Map<String, Object> m = new LinkedHashMap<>();
      if (t.isServer()) {
        m.put("scope", t.scope());
      }
      m.put("fs", t.fs());
      m.put("scheme", t.scheme());
      m.put("uri", t.uri());
      m.put("class", t.fsClass());
      m.put("closed", t.closed());
      m.put("counters", t.counters());
      // each call's bucket counts up to the last non-empty one: what `harness compare` adds up over the reports
      Map<String, long[]> buckets = new LinkedHashMap<>();
      t.buckets().forEach((call, counts) -> buckets.put(call, AgentBuckets.trimmed(counts)));
      m.put("buckets", buckets);
      out.add(m);
    }
    return out;
  }
}
