package io.harness.core.cli;

import io.harness.core.base.Units;
import io.harness.core.live.Live;
import io.harness.core.run.Recording;
import io.harness.core.run.RunFolder;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
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

  @Option(names = "--metrics-port", paramLabel = "PORT",
      description = "Serve the run's live metrics while it runs: Prometheus's text format at /metrics "
          + "(harness_bytes_total, harness_operations_total, harness_latency_seconds by kind of call, harness_tasks "
          + "by state), a live page with charts at /. A port in use is bad input. Default: nothing listens.")
  Integer metricsPort;

  @Option(names = "--metrics-bind", paramLabel = "ADDR", defaultValue = Live.Options.LOOPBACK,
      description = "The address --metrics-port listens on (default: ${DEFAULT-VALUE}, this machine only; "
          + "0.0.0.0 for every interface).")
  String metricsBind;

  @Option(names = "--live-csv", paramLabel = "FILE",
      description = "Write a row per interval while the run goes on (as elbencho's live CSV): totals so far, MB/s, "
          + "ops/s and p99 over the interval, for all calls and per kind of call, and the tasks by state.")
  Path liveCsv;

  @Option(names = "--live-every", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      defaultValue = "1s", description = "The interval of --live-csv's rows and of the live page's points "
          + "(default: ${DEFAULT-VALUE}).")
  Units.Span liveInterval;

  @Option(names = "--jmx", description = "Register the run's live metrics as MBeans of this JVM (domain harness, "
      + "one key run per run), for jconsole and the JMX exporters.")
  boolean jmx;

  private Recording recording;

  /** What the options say, made once. */
  public Recording recording() {
    if (recording == null) {
      recording = new Recording(json, runDir, instrument, profile, noReport, verbose, force).live(live());
    }
    return recording;
  }

  /** Where the live metrics go, as the options say (started by the recording's {@code begin}). */
  public Live live() {
    if (liveInterval != null && liveInterval.nanos() <= 0) {
      throw new io.harness.core.base.UsageException("--live-every", "must be positive, was " + liveInterval);
    }
    return new Live(new Live.Options(metricsBind == null ? Live.Options.LOOPBACK : metricsBind, metricsPort, liveCsv,
        liveInterval == null ? java.util.concurrent.TimeUnit.SECONDS.toNanos(1) : liveInterval.nanos(), jmx),
        io.harness.core.report.LivePage::html);
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
