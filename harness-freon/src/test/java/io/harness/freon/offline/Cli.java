package io.harness.freon.offline;

import io.harness.core.base.ExitCodes;
import io.harness.core.cli.GenericOptions;
import io.harness.core.cli.OptionsCommand;
import io.harness.core.cli.RunContext;
import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import io.harness.core.run.WorkloadOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import picocli.CommandLine;

/**
 * Runs one offline generator the way {@code harness freon <name>} runs it: Hadoop's generic options
 * (-D, -conf) laid over the given configuration, the same exit codes and one-line errors.
 */
final class Cli {
  record Result(int code, String out, String err) {
    /** The lines printed on stderr, empty ones dropped. */
    String[] errLines() {
      return err.lines().filter(l -> !l.isBlank()).toArray(String[]::new);
    }
  }

  private Cli() {}

  static Result run(Configuration base, WorkloadOptions<?, ?> options, String... args) {
    ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    GenericOptions generic = GenericOptions.extract(args);
    Configuration conf = new OzoneConfiguration(base);
    generic.applyTo(conf);
    RunContext context = new RunContext(Arrays.asList(args), generic, conf, out, err,
        io.harness.core.base.StopRequest.detached());
    CommandLine cl = OptionsCommand.commandLine(options, context);
    cl.setOptionsCaseInsensitive(true);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    cl.setParameterExceptionHandler((ex, a) -> {
      err.println(ex.getCommandLine().getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage()));
      return ExitCodes.USAGE;
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      String where = commandLine.getCommandSpec().qualifiedName();
      if (ex instanceof UsageException) {
        err.println(where + ": " + oneLine(ex.getMessage()));
        return ExitCodes.USAGE;
      }
      if (ex instanceof RunFailedException) {
        err.println(where + ": " + oneLine(ex.getMessage()));
        ex.printStackTrace(err);
        return ExitCodes.FAILED;
      }
      err.println(where + ": failed: " + oneLine(String.valueOf(ex)));
      ex.printStackTrace(err);
      return ExitCodes.FAILED;
    });
    int code = cl.execute(generic.rest().toArray(new String[0]));
    Result r = new Result(code, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
    System.out.print(r.out());
    System.out.print(r.err());
    return r;
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
  }
}
