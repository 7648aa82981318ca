package io.harness.spark;

import io.harness.core.cli.HarnessSubcommand;
import io.harness.core.cli.RunContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code harness spark}: Parquet data sets generated, counted and copied by Spark jobs. */
@Command(name = "spark", mixinStandardHelpOptions = true,
    subcommands = {GenerateCommand.class, CountCommand.class, CopyCommand.class},
    description = {
        "Spark jobs on Parquet data through any Hadoop file system (hdfs://, ofs://, o3fs://, file://): "
            + "generate, count, copy. Each prints its elapsed time and MB/s and writes the run's JSON.",
        "Spark runs in this JVM with --master local[*] unless told otherwise; under spark-submit the "
            + "master is spark-submit's."})
public final class SparkCommand implements Runnable, HarnessSubcommand {
  private RunContext context;

  @Spec
  CommandSpec spec;

  @Override
  public void init(RunContext runContext) {
    this.context = runContext;
  }

  @Override
  public RunContext context() {
    return context;
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "no spark command given (generate, count, copy)");
  }
}
