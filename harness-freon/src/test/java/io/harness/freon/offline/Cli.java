package io.harness.freon.offline;

import io.harness.core.run.WorkloadOptions;
import io.harness.testkit.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs one offline generator as a user on the stopped server's host does: {@code harness freon <name> -conf
 * <its site file> ...} (the test kit's {@link io.harness.testkit.Cli#run}), the site file written from the given
 * configuration.
 */
final class Cli {
  private Cli() {}

  static Run run(Configuration conf, WorkloadOptions<?, ?> options, String... args) {
    try {
      Path site = Files.createTempFile("offline-site-", ".xml");
      site.toFile().deleteOnExit();
      try (OutputStream out = Files.newOutputStream(site)) {
        conf.writeXml(out);
      }
      Run r = io.harness.testkit.Cli.run(io.harness.testkit.Cli.concat(new String[] {"freon", options.getClass().getAnnotation(picocli.CommandLine.Command.class).name(),
          "-conf", site.toString()}, args));
      System.out.print(r.out());
      System.out.print(r.err());
      return r;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
