package io.harness.instrumentation;

import io.harness.core.base.RunFailedException;
import io.harness.core.engine.RunInstrumentation;
import io.harness.core.base.UsageException;
import io.harness.core.report.AgentBuckets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --instrument} of the harness's workloads: the agent loaded into the harness's own JVM. */
public final class HarnessRunInstrumentation implements RunInstrumentation {
  @Override
  public String start(String option, String ruleSets) {
    try {
      return Attach.loadIntoThisJvm(option, ruleSets, null);
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

  /** The server-side scopes' counters at {@link #mark()}, by scope. */
  private final Map<String, Timings.FileSystemTimings> marked = new LinkedHashMap<>();

  @Override
  public void mark() {
    marked.clear();
    for (Timings.FileSystemTimings t : Timings.servers()) {
      marked.put(t.scope(), t);
    }
  }

  /**
   * Every FileSystem instance's counters, then each server-side scope's (the datanode's): what it counted since
   * {@link #mark()}, with {@code "scope"} naming it; and, under {@code "buckets"}, each called operation's bucket
   * counts.
   */
  @Override
  public List<Map<String, Object>> timings() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Timings.FileSystemTimings s : Timings.snapshot()) {
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
