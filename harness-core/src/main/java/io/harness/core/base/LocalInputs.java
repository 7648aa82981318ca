package io.harness.core.base;

import io.harness.core.base.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The local files a command line reads besides its data: the configuration files from every source (the site files
 * of {@code $HADOOP_CONF_DIR} and {@code $OZONE_CONF_DIR}, those on the class path, {@code -conf} files and what they
 * include) and the files of {@code -files}, {@code -libjars}, {@code -archives} and {@code -tokenCacheFile}. No output
 * of the line may be one of them: a {@code --json} or {@code -resFile} over {@code core-site.xml} would destroy the
 * configuration that later runs read.
 */
public final class LocalInputs {
  /** A file the line reads, and what makes it read ({@code -conf}, {@code $HADOOP_CONF_DIR}'s core-site.xml). */
  public record Input(String argument, Path path) {}

  private final List<Input> inputs;

  public LocalInputs(List<Input> inputs) {
    this.inputs = List.copyOf(inputs);
  }

  /** None. */
  public static LocalInputs none() {
    return new LocalInputs(List.of());
  }

  public List<Input> all() {
    return inputs;
  }

  /** These inputs and {@code more}. */
  public LocalInputs with(List<Input> more) {
    List<Input> all = new ArrayList<>(inputs);
    all.addAll(more);
    return new LocalInputs(all);
  }

  /**
   * Refuses {@code output} (what {@code option} names; null: not given) when it is one of the files the line reads:
   * bad input naming the option and the input.
   */
  public void refuseOver(String option, Path output) {
    if (output == null) {
      return;
    }
    for (Input in : inputs) {
      if (LocalOutputs.same(output, in.path())) {
        throw new UsageException(option, output + " is " + in.argument() + ", which this line reads: give another "
            + "path");
      }
    }
  }

  /** {@link #refuseOver} for each of {@code options}' {@code paths} (in order; null: not given). */
  public void refuseOver(String[] options, Path... paths) {
    for (int i = 0; i < paths.length; i++) {
      refuseOver(options[i], paths[i]);
    }
  }
}
