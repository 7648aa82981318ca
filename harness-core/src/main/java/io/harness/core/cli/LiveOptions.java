package io.harness.core.cli;

import io.harness.core.options.UnitConverters;

import io.harness.core.base.Units;
import io.harness.core.base.UsageException;
import io.harness.core.live.Live;
import io.harness.core.report.LivePage;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * Where a command's runs show what they do while they run (a picocli mixin of every workload's options, through
 * {@link RunRecording}, and of {@code harness experiment}): {@link #live()} is the hub the options ask for.
 */
public final class LiveOptions {
  @Option(names = "--metrics-port", paramLabel = "PORT", converter = Port.class,
      description = "Serve the run's live metrics while it runs: Prometheus's text format at /metrics "
          + "(harness_bytes_total, harness_operations_total, harness_latency_seconds by kind of call, harness_tasks "
          + "by state), a live page with charts at /. 0 takes any free port. A port in use is bad input. "
          + "Default: nothing listens.")
  Integer metricsPort;

  @Option(names = "--metrics-bind", paramLabel = "ADDR",
      description = "The address --metrics-port listens on (default: " + Live.Options.LOOPBACK + ", this machine "
          + "only; 0.0.0.0 for every interface).")
  String metricsBind;

  @Option(names = "--live-csv", paramLabel = "FILE",
      description = "Write a row per interval while the run goes on (as elbencho's live CSV): totals so far, MB/s, "
          + "ops/s and p99 over the interval, for all calls and per kind of call, and the tasks by state. An "
          + "existing file is replaced.")
  Path liveCsv;

  @Option(names = "--live-every", paramLabel = "TIME", converter = UnitConverters.Seconds.class,
      description = "The interval of --live-csv's rows and of the live page's points (default: 1s; at least "
          + "10ms).")
  Units.Span liveEvery;

  @Option(names = "--jmx", description = "Register the run's live metrics as MBeans of this JVM (domain harness, "
      + "one key run per run), for jconsole and the JMX exporters.")
  boolean jmx;

  /** {@code --metrics-port}: a port number, 0 to 65535. */
  public static final class Port implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int port;
      try {
        port = Integer.parseInt(value.strip());
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + value + "' is not a port number (0 to 65535)");
      }
      if (port < 0 || port > 65535) {
        throw new TypeConversionException("must be a port number (0 to 65535), was " + value);
      }
      return port;
    }
  }

  /** The first live option given, or null: an experiment's workload line may have none (the experiment's serve). */
  String given() {
    return metricsPort != null ? "--metrics-port" : metricsBind != null ? "--metrics-bind" : liveCsv != null
        ? "--live-csv" : liveEvery != null ? "--live-every" : jmx ? "--jmx" : null;
  }

  /**
   * Where the live metrics go, as the options say (nothing started yet: {@link Live#start} does, and checks the
   * port, the address and the CSV's place). An option that would do nothing is bad input.
   */
  public Live live() {
    if (metricsBind != null && metricsPort == null) {
      throw new UsageException("--metrics-bind", "only with --metrics-port (it is the address that port listens on)");
    }
    if (liveEvery != null && liveEvery.nanos() < Live.MIN_INTERVAL_NANOS) {
      throw new UsageException("--live-every", (liveEvery.nanos() <= 0 ? "must be positive" : "must be at least "
          + "10ms (each interval writes a row per kind of call)") + ", was " + liveEvery);
    }
    if (liveEvery != null && metricsPort == null && liveCsv == null) {
      throw new UsageException("--live-every", "only with --live-csv or --metrics-port (it is the interval of their "
          + "rows and points)");
    }
    return new Live(new Live.Options(metricsBind == null ? Live.Options.LOOPBACK : metricsBind, metricsPort, liveCsv,
        liveEvery == null ? TimeUnit.SECONDS.toNanos(1) : liveEvery.nanos(), jmx), LivePage::html);
  }
}
