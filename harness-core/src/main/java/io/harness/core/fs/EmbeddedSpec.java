package io.harness.core.fs;

import io.harness.core.base.UsageException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** A parsed {@code --embedded KIND[:DATANODES]}. */
public record EmbeddedSpec(EmbeddedClusterProvider provider, int datanodes) {
  public static final String OPTION = "--embedded";
  public static final int DEFAULT_DATANODES = 3;

  /** Parses and checks the value, finding the provider, without starting anything. */
  public static EmbeddedSpec parse(String value) {
    return parse(value, OPTION);
  }

  /** {@link #parse(String)} for an argument named {@code option} (bad input names it). */
  public static EmbeddedSpec parse(String value, String option) {
    String[] parts = value.trim().split(":", -1);
    if (parts.length > 2 || parts[0].isEmpty()) {
      throw new UsageException(option, "expects KIND[:DATANODES], e.g. hdfs, ozone:3; got '" + value + "'");
    }
    int datanodes = DEFAULT_DATANODES;
    if (parts.length == 2) {
      try {
        datanodes = Integer.parseInt(parts[1]);
      } catch (NumberFormatException e) {
        throw new UsageException(option, "datanode count '" + parts[1] + "' is not a number");
      }
      if (datanodes < 1 || datanodes > 16) {
        throw new UsageException(option, "datanode count must be between 1 and 16, was " + datanodes);
      }
    }
    List<String> known = new ArrayList<>();
    Iterator<EmbeddedClusterProvider> it = ServiceLoader.load(EmbeddedClusterProvider.class).iterator();
    while (true) {
      EmbeddedClusterProvider p;
      try {
        if (!it.hasNext()) {
          break;
        }
        p = it.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        // a provider whose cluster classes are not on this class path (e.g. the job jar under
        // `hadoop jar`): it is simply not available here
        continue;
      }
      if (p.name().equalsIgnoreCase(parts[0])) {
        return new EmbeddedSpec(p, datanodes);
      }
      known.add(p.name());
    }
    throw new UsageException(option, "unknown cluster kind '" + parts[0] + "' (available here: "
        + (known.isEmpty() ? "none" : String.join(", ", known)) + ")");
  }
}
