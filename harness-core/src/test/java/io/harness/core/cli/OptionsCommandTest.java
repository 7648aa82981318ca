package io.harness.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.UsageException;
import io.harness.core.workload.Workload;
import io.harness.core.run.WorkloadOptions;
import io.harness.core.fs.Target;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** A workload's options class as its command: the shared options first, its own after, its defaults its fields'. */
class OptionsCommandTest {
  @Command(name = "sample", mixinStandardHelpOptions = true, sortOptions = false, description = "A sample workload.")
  static final class Sample extends WorkloadOptions<Sample, Sample.Plan> {
    @Option(names = {"-c", "--count"}, paramLabel = "N", description = "Items (default: ${DEFAULT-VALUE}).")
    private long count = 7;

    record Plan(long count, int threads) {}

    Sample() {
      super("sample", "go", Plan.class);
    }

    @Override
    public Plan plan(Configuration conf) {
      if (count < 1) {
        throw new UsageException("--count", "must be at least 1, was " + count);
      }
      return new Plan(count, threadsOr(3));
    }

    @Override
    public Workload<Target> workload(Plan plan, String root) {
      return null;
    }

    @Override
    public String threadsHelp() {
      return "Threads of the sample (default: 3).";
    }
  }

  @Test
  void theHelpHasTheSharedOptionsThenTheWorkloadsWithItsDefaults() {
    CommandLine cl = OptionsCommand.commandLine(new Sample(), null);
    cl.setUsageHelpWidth(120);
    String help = cl.getUsageMessage();
    List<String> order = help.lines().map(String::strip).filter(l -> l.startsWith("-"))
        .map(l -> l.split("\\s+")[0].replace(",", "")).toList();
    assertEquals("--embedded=KIND[:N]", order.get(0), help);
    assertTrue(order.indexOf("-c") > order.indexOf("--verbose") && order.indexOf("-c") < order.indexOf("-h"), help);
    assertTrue(help.contains("-c, --count=N") && help.contains("Items (default: 7)."), help);
    assertTrue(help.contains("-t, --threads=N           Threads of the sample (default: 3)."), help);
    assertTrue(help.startsWith("Usage: sample "), help);
  }

  @Test
  void theCommandLineFillsTheOptionsAndTheirCheckIsTheCommands() {
    Sample s = new Sample();
    CommandLine cl = OptionsCommand.commandLine(s, context());
    cl.parseArgs("--count", "5", "-t", "2");
    ((OptionsCommand) cl.getCommand()).validate();
    Configuration conf = new Configuration(false);
    assertEquals(new Sample.Plan(5, 2), s.plan(conf));
    Sample defaults = new Sample();
    OptionsCommand.commandLine(defaults, null).parseArgs();
    assertEquals(new Sample.Plan(7, 3), defaults.plan(conf));
    Sample bad = new Sample();
    CommandLine badLine = OptionsCommand.commandLine(bad, context());
    badLine.parseArgs("-c", "0");
    UsageException e = assertThrows(UsageException.class, () -> ((OptionsCommand) badLine.getCommand()).validate());
    assertEquals("--count: must be at least 1, was 0", e.getMessage());
  }

  private static RunContext context() {
    PrintStream none = new PrintStream(new ByteArrayOutputStream());
    return new RunContext(List.of(), GenericOptions.extract(new String[0]), new Configuration(false), none, none,
        io.harness.core.base.StopRequest.open());
  }

  /** A workload on a target of its own: the file system the options would name is not looked at. */
  @Command(name = "own", mixinStandardHelpOptions = true, sortOptions = false, description = "On its own target.")
  static final class Own extends WorkloadOptions<Own, Sample.Plan> {
    @Option(names = {"-t", "--threads"}, paramLabel = "N", description = "Its own threads.")
    private Integer threads;

    Own() {
      super("own", "go", Sample.Plan.class);
    }

    @Override
    public Sample.Plan plan(Configuration conf) {
      return new Sample.Plan(1, threads == null ? 1 : threads);
    }

    @Override
    public Workload<Target> workload(Sample.Plan plan, String root) {
      return null;
    }

    @Override
    public boolean ownTarget() {
      return true;
    }

    @Override
    public io.harness.core.workload.TargetSource<Target> target(Sample.Plan plan, Site site) {
      throw new UsageException("own", "its target from " + site.settings() + ", -fs given: " + site.fileSystemGiven());
    }
  }

  @Test
  void aWorkloadOnItsOwnTargetHasTheRecordingOptionsOfTheSharedOnes() {
    CommandLine cl = OptionsCommand.commandLine(new Own(), null);
    cl.setUsageHelpWidth(120);
    String help = cl.getUsageMessage();
    assertTrue(help.contains("--run-dir=DIR") && help.contains("--verbose") && help.contains("-t, --threads=N"), help);
    List<String> options = help.lines().map(String::strip).filter(l -> l.startsWith("-") && l.contains("  "))
        .map(l -> l.split("\\s+")[0].replace(",", "")).toList();
    assertEquals(List.of("--json=FILE", "--run-dir=DIR", "--instrument[=SETS]", "--profile=EVENT", "--no-report",
        "--force", "--verbose", "--metrics-port=PORT", "--metrics-bind=ADDR", "--live-csv=FILE", "--live-every=TIME", "--jmx",
        "-t", "-h", "-V"), options, help);
    assertTrue(help.contains("Its own threads."), help);
    assertThrows(CommandLine.UnmatchedArgumentException.class, () -> cl.parseArgs("--embedded", "hdfs"));
  }

  @Test
  void theCommandLineGivesItsOwnTargetTheSettingsOfTheLine() {
    PrintStream none = new PrintStream(new ByteArrayOutputStream());
    GenericOptions generic = GenericOptions.extract("-D", "a=1", "-fs", "file:///", "-Db=2");
    RunContext context = new RunContext(List.of(), generic, new Configuration(false), none, none,
        io.harness.core.base.StopRequest.open());
    CommandLine cl = OptionsCommand.commandLine(new Own(), context);
    cl.parseArgs("-t", "4");
    OptionsCommand command = (OptionsCommand) cl.getCommand();
    command.validate();
    UsageException e = assertThrows(UsageException.class, () -> command.start(null));
    assertEquals("own: its target from {a=1, b=2}, -fs given: true", e.getMessage());
  }

  /** A workload whose libraries are missing here. */
  @Command(name = "gone", header = "Gone from here.", description = "Gone from here.")
  static final class Gone extends WorkloadOptions<Gone, Sample.Plan> {
    Gone() {
      super("gone", "go", Sample.Plan.class);
    }

    @Override
    public Sample.Plan plan(Configuration conf) {
      throw new IllegalStateException("not here");
    }

    @Override
    public Workload<Target> workload(Sample.Plan plan, String root) {
      throw new IllegalStateException("not here");
    }

    @Override
    public String unavailable() {
      return "run it elsewhere.";
    }
  }

  @Test
  void aWorkloadWhoseLibrariesAreMissingSaysWhereItRuns() {
    CommandLine cl = OptionsCommand.commandLine(new Gone(), null);
    java.io.StringWriter err = new java.io.StringWriter();
    cl.setErr(new java.io.PrintWriter(err, true));
    assertEquals(2, cl.execute("-n", "2", "--whatever"));
    assertEquals("gone: run it elsewhere.", err.toString().strip());
    assertTrue(cl.getUsageMessage().contains("Gone from here."), cl.getUsageMessage());
  }

  @Test
  void theRegistrationNamesTheSavedRunsItRebuilds() {
    Sample s = new Sample();
    assertEquals("sample", s.name());
    assertTrue(s.handles("go"));
    assertTrue(!s.handles("stop"));
  }
}
