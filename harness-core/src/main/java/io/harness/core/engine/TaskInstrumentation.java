package io.harness.core.engine;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.harness.core.engine.RunInstrumentation;
import io.harness.core.result.ResultWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;

/**
 * {@code --instrument} for the maps of a MapReduce engine that run in JVMs of their own (YARN). The
 * launcher ships the agent jar with the job (as {@code -files} does, unless {@code -libjars} did) and adds
 * {@code -javaagent} to the
 * maps' JVM options; each map hands back its JVM's counters, which the launcher adds to the run's JSON
 * under the map's name. On the local job runner the maps are threads of the launcher, whose agent
 * already counts them: nothing is shipped and the maps hand back nothing.
 */
public final class TaskInstrumentation {
  /** Set in the job when its maps load the agent: they then report their counters. */
  public static final String TASKS_KEY = "harness.instrument.tasks";

  private TaskInstrumentation() {}

  /**
   * Has the job's maps load {@code agent} (the run's {@code --instrument}; null: none) when the maps run in JVMs
   * of their own; prints a line saying so. Returns whether it did.
   */
  public static boolean configure(Job job, RunInstrumentation.TaskAgent agent, PrintStream log) {
    Configuration conf = job.getConfiguration();
    if ("local".equalsIgnoreCase(conf.get("mapreduce.framework.name", "local"))) {
      return false;
    }
    if (agent == null) {
      return false;
    }
    String name = agent.jar().getFileName().toString();
    // already shipped with -libjars (how the launcher of `hadoop jar` finds the agent): not twice, the
    // two would take the same name in the containers
    boolean libjar = Arrays.stream(conf.getTrimmedStrings("tmpjars")).anyMatch(u -> u.endsWith("/" + name));
    if (!libjar) {
      String jar = agent.jar().toAbsolutePath().toUri().toString();
      String shipped = conf.getTrimmed("tmpfiles", "");
      conf.set("tmpfiles", shipped.isEmpty() ? jar : shipped + "," + jar);
    }
    // the localized file is linked into each container's working directory under its own name
    String option = "-javaagent:" + name + "=" + agent.options();
    String opts = conf.getTrimmed("mapreduce.map.java.opts", conf.getTrimmed("mapred.child.java.opts", ""));
    conf.set("mapreduce.map.java.opts", opts.isEmpty() ? option : opts + " " + option);
    conf.setBoolean(TASKS_KEY, true);
    log.println("--instrument: the maps load " + option);
    return true;
  }

  /**
   * In a map: this JVM's counters as one line of JSON, or null when the job did not ship the agent (or
   * it is not loaded here).
   */
  public static String snapshot(Configuration conf) {
    if (!conf.getBoolean(TASKS_KEY, false)) {
      return null;
    }
    Optional<RunInstrumentation> agent = ServiceLoader.load(RunInstrumentation.class).findFirst();
    if (agent.isEmpty()) {
      return null;
    }
    try {
      // one line: it travels as one value of a part file or one line of a side file
      return ResultWriter.mapper().writer().without(SerializationFeature.INDENT_OUTPUT)
          .writeValueAsString(agent.get().timings());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A map's {@link #snapshot}, read back. */
  public static List<Map<String, Object>> parse(String json) throws IOException {
    return ResultWriter.mapper().readValue(json, new TypeReference<List<Map<String, Object>>>() {});
  }
}
