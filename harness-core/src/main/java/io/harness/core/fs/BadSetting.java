package io.harness.core.fs;

import io.harness.core.base.UsageException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Hadoop setting of the command line that Hadoop could not read: Hadoop throws a bare
 * {@link NumberFormatException} ({@code For input string: "abc"}) from wherever it first reads the key (an
 * embedded cluster's start, a client's), naming neither the key nor where it came from. Found among a
 * failure's causes and matched against the {@code -D key=value} settings of the line, it becomes bad input
 * naming the key.
 */
public final class BadSetting {
  private static final Pattern INPUT = Pattern.compile("For input string: \"(.*)\"");
  /** Hadoop's message for a size it cannot read ({@code getLongBytes}: {@code dfs.blocksize=xyz}). */
  private static final Pattern SIZE = Pattern.compile("Invalid size prefix '.*' in '(.*)'\\. Allowed prefixes");
  private static final int MAX_CAUSES = 32;

  private BadSetting() {}

  /** The bad input {@code failure} was, when a {@code -D} setting of {@code commandLine} caused it; else null. */
  public static UsageException of(Throwable failure, List<String> commandLine) {
    Throwable t = failure;
    for (int i = 0; t != null && i < MAX_CAUSES; i++, t = t.getCause()) {
      Matcher size = t instanceof IllegalArgumentException ? SIZE.matcher(String.valueOf(t.getMessage())) : null;
      String sizeKey = size != null && size.find() ? keyWithValue(commandLine, size.group(1)) : null;
      if (sizeKey != null) {
        return new UsageException("-D " + sizeKey, "'" + size.group(1) + "' is not a size (Hadoop reads " + sizeKey
            + " as one: 128m, 1g)");
      }
      if (t instanceof NumberFormatException) {
        Matcher m = INPUT.matcher(String.valueOf(t.getMessage()));
        String value = m.find() ? m.group(1) : null;
        String key = value == null ? null : keyWithValue(commandLine, value);
        if (key != null) {
          return new UsageException("-D " + key, "'" + value + "' is not a number (Hadoop reads " + key
              + " as one)");
        }
      }
    }
    return null;
  }

  /** The key of the last {@code -D key=value} (or {@code -Dkey=value}) whose value is {@code value}, or null. */
  private static String keyWithValue(List<String> commandLine, String value) {
    String key = null;
    for (int i = 0; i < commandLine.size(); i++) {
      String a = commandLine.get(i);
      String kv = a.equals("-D") && i + 1 < commandLine.size() ? commandLine.get(i + 1)
          : a.startsWith("-D") && a.length() > 2 ? a.substring(2) : null;
      int eq = kv == null ? -1 : kv.indexOf('=');
      if (eq > 0 && kv.substring(eq + 1).trim().equals(value.trim())) {
        key = kv.substring(0, eq).trim();
      }
    }
    return key;
  }
}
