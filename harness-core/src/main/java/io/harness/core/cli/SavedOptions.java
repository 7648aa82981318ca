package io.harness.core.cli;

import io.harness.core.report.OptionDifferences;
import io.harness.core.report.SavedRun;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A saved run's option values read as its command reads them, for {@code harness compare}'s list of what differs
 * ({@link OptionDifferences.Reading}): the command is found from the run's saved command line among this harness's
 * commands, and a value saved as text goes through its option's own converter ({@code -fileSize}'s bare number
 * is MB, {@code -bufferSize}'s bytes) or type (numbers, enum constants of either case). A value that cannot be read
 * so (an option this harness no longer has, a command not on this class path) is compared as saved.
 */
final class SavedOptions implements OptionDifferences.Reading {
  private final CommandSpec root;

  SavedOptions(CommandSpec root) {
    this.root = root;
  }

  @Override
  public Object read(SavedRun run, String option, Object saved) {
    if (!(saved instanceof String text)) {
      return saved;
    }
    OptionSpec o = command(run.result().commandLine()).findOption(option);
    if (o == null) {
      return saved;
    }
    try {
      ITypeConverter<?>[] converters = o.converters();
      if (converters != null && converters.length > 0) {
        return converters[0].convert(text);
      }
      return typed(o.type(), text);
    } catch (Exception notItsValue) {
      return saved;
    }
  }

  /** The command the saved line ran: its words that name a subcommand, followed down from the top. */
  private CommandSpec command(List<String> line) {
    CommandSpec spec = root;
    for (String word : line == null ? List.<String>of() : line) {
      for (var sub : spec.subcommands().entrySet()) {
        if (sub.getKey().equalsIgnoreCase(word)) {
          spec = sub.getValue().getCommandSpec();
          break;
        }
      }
    }
    return spec;
  }

  private static Object typed(Class<?> type, String text) {
    if (type == int.class || type == Integer.class || type == long.class || type == Long.class
        || type == double.class || type == Double.class) {
      return new java.math.BigDecimal(text.strip());
    }
    if (type.isEnum()) {
      for (Object c : type.getEnumConstants()) {
        if (((Enum<?>) c).name().equalsIgnoreCase(text.strip())) {
          return c;
        }
      }
    }
    return text;
  }
}
