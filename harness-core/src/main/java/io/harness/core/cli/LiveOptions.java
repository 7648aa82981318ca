package io.harness.core.cli;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.live.Live;
import io.harness.core.report.LivePage;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Option;

/**
 * Where a command's runs show what they do while they run (a picocli mixin of every workload's options, through
 * {@link RunRecording}, and of {@code harness experiment}): {@link #live()} is the hub the options ask for.
 */
public final class LiveOptions {
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
  Units.Span liveEvery;

  @Option(names = "--jmx", description = "Register the run's live metrics as MBeans of this JVM (domain harness, "
      + "one key run per run), for jconsole and the JMX exporters.")
  boolean jmx;

  /** Where the live metrics go, as the options say (nothing started yet: {@link Live#start} does). */
  public Live live() {
    if (liveEvery != null && liveEvery.nanos() <= 0) {
      throw new UsageException("--live-every", "must be positive, was " + liveEvery);
    }
    return new Live(new Live.Options(metricsBind == null ? Live.Options.LOOPBACK : metricsBind, metricsPort, liveCsv,
        liveEvery == null ? TimeUnit.SECONDS.toNanos(1) : liveEvery.nanos(), jmx), LivePage::html);
  }
}
