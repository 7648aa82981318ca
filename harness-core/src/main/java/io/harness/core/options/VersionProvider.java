package io.harness.core.options;

import io.harness.core.result.Versions;
import picocli.CommandLine;

/** {@code --version} of {@code harness} and of every command that shows it: the harness's, Hadoop's, Ozone's, Java's. */
public final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    Versions v = Versions.detect();
    return new String[] {
        "harness " + v.harness(),
        "Hadoop " + v.hadoop() + ", Ozone " + v.ozone() + ", Java " + v.java()};
  }
}
