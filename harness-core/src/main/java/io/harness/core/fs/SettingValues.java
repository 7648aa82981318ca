package io.harness.core.fs;

import io.harness.core.base.UsageException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * Hadoop settings a line gives ({@code -D key=value}; of a {@code -conf} file, the client's own sizes and counts) read
 * the way Hadoop's client will read them, before anything starts: Hadoop reads a key only where it is used, and a value it cannot read
 * is then a {@code NumberFormatException} in a warning, a default taken silently (a boolean that is not
 * {@code true} or {@code false}), or a class that cannot load, minutes into a run. The kind of a key is learnt from
 * its default in Hadoop's and Ozone's {@code *-default.xml} files on the class path: a number, a size, a time, a
 * boolean or a class; a key with no default there (or a default of another shape) is taken as given.
 */
public final class SettingValues {
  /** The default resources of the stacks the harness's clients and embedded clusters read. */
  private static final String[] DEFAULTS = {"core-default.xml", "hdfs-default.xml", "mapred-default.xml",
      "yarn-default.xml", "ozone-default.xml", "hdds-common-default.xml", "hdds-client-default.xml",
      "ozone-common-default.xml", "ozone-manager-default.xml", "hdds-server-scm-default.xml",
      "hdds-server-framework-default.xml", "hdds-container-service-default.xml"};

  /** Counts and sizes the client reads with getInt or getLong (no suffix) and refuses at zero or below. */
  private static final Set<String> PLAIN_POSITIVE = Set.of("io.file.buffer.size", "dfs.replication",
      "file.replication", "dfs.bytes-per-checksum", "file.bytes-per-checksum", "file.stream-buffer-size",
      "dfs.client-write-packet-size", "dfs.stream-buffer-size", "io.bytes.per.checksum");
  /** Sizes the client reads with getLongBytes (a bare number, or one with k, m, g, t, p, e) and refuses at zero. */
  private static final Set<String> BYTES_POSITIVE = Set.of("dfs.blocksize", "file.blocksize");
  /** Ozone's sizes, read as storage sizes (4MB, 16KB, a bare number of bytes), refused at zero. */
  private static final Set<String> SIZE_POSITIVE = Set.of("ozone.client.bytes.per.checksum",
      "ozone.client.stream.buffer.size", "ozone.client.stream.buffer.flush.size", "ozone.client.stream.buffer.max.size",
      "ozone.scm.block.size", "ozone.scm.chunk.size");

  private static final Pattern BOOLEAN = Pattern.compile("(?i)true|false");
  private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]*\\.[0-9]+");
  /** A size or a time with its unit (4MB, 64M, 30s, 5m: Hadoop's and Ozone's forms; m is minutes or mega). */
  private static final Pattern WITH_UNIT =
      Pattern.compile("(?i)[0-9]+(\\.[0-9]+)?\\s*(b|[kmgtpe]b?|ns|us|ms|s|m|h|d)");
  private static final Pattern TIME = Pattern.compile("[0-9]+\\s*(ns|us|ms|s|h|d)");
  private static final Pattern WITH_UNIT_VALUE =
      Pattern.compile("(?i)[0-9]+(\\.[0-9]+)?\\s*(b|[kmgtpe]b?|ns|us|ms|s|m|h|d|sec|secs|min|mins)?");
  private static final Pattern CLASS_NAME =
      Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*){2,}");
  /** What Hadoop reads where a number is the default: getInt/getLong (decimal, 0x hex), getLongBytes, getTimeDuration. */
  private static final Pattern NUMBER_LIKE = Pattern.compile(
      "(?i)-?(0x[0-9a-f]+|[0-9]+(\\.[0-9]+)?\\s*([kmgtpe]b?|b|ns|us|ms|s|h|d)?)");
  private static final Pattern BYTES_VALUE = Pattern.compile("(?i)[0-9]+\\s*[kmgtpe]?");
  private static final Pattern SIZE_VALUE = Pattern.compile("(?i)[0-9]+(\\.[0-9]+)?\\s*([kmgtpe]b?|b)?");

  private SettingValues() {}

  /** The defaults, read once: class path resources do not change while the JVM runs. */
  private static final class Defaults {
    static final Configuration CONF = load();

    private static Configuration load() {
      Configuration c = new Configuration(false);
      ClassLoader loader = SettingValues.class.getClassLoader();
      for (String name : DEFAULTS) {
        if (loader.getResource(name) != null) {
          c.addResource(name);
        }
      }
      return c;
    }
  }

  /**
   * Throws {@link UsageException} naming {@code argument} (e.g. {@code -D io.file.buffer.size}) when {@code value}
   * is not what Hadoop reads {@code key} as.
   */
  public static void check(String argument, String key, String value) {
    String v = value == null ? "" : value.trim();
    checkSizes(argument, key, v);
    // Ozone's replication keys have a number as their default and take ONE, THREE, RATIS/THREE ... too
    String d = key.endsWith("replication") && (key.startsWith("ozone.") || key.startsWith("hdds.")) ? null
        : defaultOf(key);
    if (d == null) {
      if (key.endsWith(".impl") && !v.isEmpty()) {
        classes(argument, v);
      }
      return;
    }
    if (BOOLEAN.matcher(d).matches()) {
      if (!BOOLEAN.matcher(v).matches()) {
        throw new UsageException(argument, "'" + value + "' is not true or false (Hadoop would take its default, "
            + d + ", silently)");
      }
    } else if (INTEGER.matcher(d).matches()) {
      if (!NUMBER_LIKE.matcher(v).matches()) {
        throw new UsageException(argument, "'" + value + "' is not a number (Hadoop reads " + key + " as one; its "
            + "default is " + d + ")");
      }
    } else if (DECIMAL.matcher(d).matches()) {
      if (!decimal(v)) {
        throw new UsageException(argument, "'" + value + "' is not a number (Hadoop reads " + key + " as one; its "
            + "default is " + d + ")");
      }
    } else if (WITH_UNIT.matcher(d).matches()) {
      if (!WITH_UNIT_VALUE.matcher(v).matches()) {
        throw new UsageException(argument, "'" + value + "' is not a " + (TIME.matcher(d).matches() ? "time span"
            : "size") + " (Hadoop reads " + key + " as one: its default is " + d + ")");
      }
    } else if (CLASS_NAME.matcher(d).matches() && loads(d) && !v.isEmpty()) {
      classes(argument, v);
    }
  }

  /**
   * The client's own sizes and counts among the properties of {@code conf} (a {@code -conf} file's, loaded alone),
   * checked as {@link #check} does: a whole cluster's configuration names classes and values its servers read (a
   * topology class, a replication by name) that the client never does, so nothing else of it is judged here.
   */
  public static void checkAll(String argument, Configuration conf) {
    for (java.util.Map.Entry<String, String> e : conf) {
      if (e.getValue() != null && !e.getValue().contains("${")) {
        checkSizes(argument + " (" + e.getKey() + ")", e.getKey(), e.getValue().trim());
      }
    }
  }

  /** The client's sizes and counts, which it refuses at zero or below. */
  private static void checkSizes(String argument, String key, String v) {
    if (PLAIN_POSITIVE.contains(key)) {
      positive(argument, key, v, INTEGER, "a whole number");
    } else if (BYTES_POSITIVE.contains(key)) {
      positive(argument, key, v, BYTES_VALUE, "a size (a number of bytes, or with k, m, g, t: 128m)");
    } else if (SIZE_POSITIVE.contains(key)) {
      positive(argument, key, v, SIZE_VALUE, "a size (4MB, 16KB, or a number of bytes)");
    }
  }

  private static String defaultOf(String key) {
    String d = Defaults.CONF.getRaw(key);
    return d == null || d.isBlank() || d.contains("${") ? null : d.trim();
  }

  /** {@code v} must match {@code form} ({@code what}) and hold a number above zero. */
  private static void positive(String argument, String key, String v, Pattern form, String what) {
    if (!form.matcher(v).matches()) {
      throw new UsageException(argument, "'" + v + "' is not " + what + " (Hadoop reads " + key + " as one)");
    }
    java.util.regex.Matcher digits = Pattern.compile("[0-9]+(\\.[0-9]+)?").matcher(v);
    if (v.startsWith("-") || digits.find() && Double.parseDouble(digits.group()) <= 0) {
      throw new UsageException(argument, "must be positive, was " + v);
    }
  }

  private static boolean decimal(String v) {
    try {
      Double.parseDouble(v);
      return !v.isEmpty() && !v.toLowerCase(Locale.ROOT).contains("n");
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static void classes(String argument, String v) {
    for (String name : v.split(",")) {
      String c = name.trim();
      if (!c.isEmpty() && !loads(c)) {
        throw new UsageException(argument, "class " + c + " cannot be loaded (not on this class path)");
      }
    }
  }

  private static boolean loads(String name) {
    try {
      Class.forName(name, false, SettingValues.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
