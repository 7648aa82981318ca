package io.harness.core.cli;

import io.harness.core.base.Units;
import io.harness.core.run.Recording;
import io.harness.core.run.RunFolder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The options of what a run records and where, shared by every workload's command as a picocli mixin
 * ({@code @Mixin RunRecording recording}): {@link #recording()} is what they say, for the run's pipeline.
 */
public final class RunRecording {
  @Option(names = "--json", paramLabel = "FILE",
      description = "Also write the run's JSON here (it is always written under --run-dir).")
  Path json;

  @Option(names = "--run-dir", paramLabel = "DIR", defaultValue = "harness-runs",
      description = "Local directory that gets one folder per run with its result.json "
          + "(default: ${DEFAULT-VALUE}).")
  Path runDir;

  @Option(names = "--instrument", arity = "0..1", fallbackValue = "write,ozone", paramLabel = "SETS",
      description = "Time FileSystem calls (and the Ozone client's waits for commit) with the timing agent of "
          + "the instrumentation module: sets write, read, ozone, datanode (the datanodes of --embedded "
          + "ozone) or all (default when given alone: "
          + "write,ozone). Each FileSystem reports when it closes; the counters go into the run's JSON.")
  String instrument;

  @Option(names = "--profile", paramLabel = "EVENT",
      description = "Profile the measured phase with async-profiler: cpu, wall, alloc or lock. Writes an HTML "
          + "flame graph next to the run's JSON, which names it and the sampling engine that ran.")
  String profile;

  @Option(names = "--no-report",
      description = "Do not write report.html (the run's charts and figures) next to its result.json; "
          + "'harness report RUN_DIR' writes it later from the run's folder.")
  boolean noReport;

  @Option(names = "--force",
      description = "Run even when the plan writes more to this machine's local disk than it has free (the "
          + "local file system is the target when nothing names a cluster).")
  boolean force;

  @Option(names = "--verbose",
      description = "Show the libraries' and embedded servers' log lines on the terminal as they come (they "
          + "always go to " + RunFolder.LOG + " in the run's folder).")
  boolean verbose;

  /** --metrics-port, --metrics-bind, --live-csv, --live-every, --jmx. */
  @Mixin
  LiveOptions live;

  private Recording recording;

  /** What the options say, made once. */
  public Recording recording() {
    if (recording == null) {
      recording = new Recording(json, runDir, instrument, profile, noReport, verbose, force).live(live.live());
    }
    return recording;
  }

  /** The value of every option of a command, by its longest name, for the run's JSON. */
  public static Map<String, Object> optionValues(CommandSpec spec) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (OptionSpec o : spec.options()) {
      if (o.usageHelp() || o.versionHelp()) {
        continue;
      }
      Object v = o.getValue();
      values.put(o.longestName(), v instanceof Path || v instanceof Units.Size || v instanceof Units.Span
          ? v.toString() : v);
    }
    return values;
  }
}
