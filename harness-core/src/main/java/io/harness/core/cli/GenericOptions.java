package io.harness.core.cli;

import io.harness.core.base.UsageException;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;

/**
 * Hadoop's generic options ({@code -D key=value}, {@code -conf file}, {@code -fs uri}, {@code -jt},
 * {@code -files}, {@code -libjars}, {@code -archives}, {@code -tokenCacheFile}), accepted anywhere on
 * the command line, before or after a workload's own options. Hadoop's {@link GenericOptionsParser}
 * only looks at the front of the line; this class lifts them out from wherever they stand and hands
 * them to that parser, so their meaning is exactly Hadoop's.
 */
public final class GenericOptions {
  /** The generic options that take a value. */
  private static final Set<String> WITH_VALUE =
      Set.of("-conf", "-fs", "-jt", "-files", "-libjars", "-archives", "-tokencachefile");

  /** HDFS's old form of {@code -fs}: a host and a port, no scheme. */
  private static final java.util.regex.Pattern HOST_PORT =
      java.util.regex.Pattern.compile("[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?(:[0-9]{1,5})?");

  private final List<String> generic;
  private final List<String> rest;

  private GenericOptions(List<String> generic, List<String> rest) {
    this.generic = Collections.unmodifiableList(generic);
    this.rest = Collections.unmodifiableList(rest);
  }

  /** Splits {@code args} into generic options and everything else, in their original order. */
  public static GenericOptions extract(String... args) {
    List<String> generic = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String lower = a.toLowerCase(Locale.ROOT);
      if (a.equals("-D")) {
        if (i + 1 >= args.length || !args[i + 1].contains("=")) {
          throw new UsageException("-D", "expects key=value");
        }
        generic.add(a);
        generic.add(setting(args[++i]));
      } else if (a.startsWith("-D") && a.length() > 2) {
        if (!a.contains("=")) {
          throw new UsageException("-D", "expects key=value, got '" + a.substring(2) + "'");
        }
        generic.add("-D");
        generic.add(setting(a.substring(2)));
      } else if (WITH_VALUE.contains(lower) || WITH_VALUE.contains(lower.replaceFirst("^--", "-"))) {
        String name = lower.replaceFirst("^--", "-");
        if (i + 1 >= args.length) {
          throw new UsageException(name, "expects a value");
        }
        String option = name.equals("-tokencachefile") ? "-tokenCacheFile" : name;
        if (!option.equals("-conf") && generic.contains(option)) {
          // Hadoop's parser would take one of them silently
          throw new UsageException(option, "given twice ('" + generic.get(generic.indexOf(option) + 1) + "' and '"
              + args[i + 1] + "'): give it once" + (option.equals("-fs") || option.equals("-jt") ? ""
                  : ", with a comma-separated list"));
        }
        generic.add(option);
        generic.add(args[++i]);
      } else {
        rest.add(a);
      }
    }
    return new GenericOptions(generic, rest);
  }

  /** A {@code -D} value: {@code key=value} with a key (the value may be empty). */
  private static String setting(String keyValue) {
    if (keyValue.substring(0, keyValue.indexOf('=')).isBlank()) {
      throw new UsageException("-D", "'" + keyValue + "' has no key (expects key=value)");
    }
    return keyValue;
  }

  /** The generic options, normalised (e.g. {@code -Dk=v} becomes {@code -D k=v}). */
  public List<String> generic() {
    return generic;
  }

  /** The arguments that are not generic options. */
  public List<String> rest() {
    return rest;
  }

  /** The value of the last {@code -fs} given, or null. */
  public String fs() {
    String fs = null;
    for (int i = 0; i < generic.size() - 1; i++) {
      if (generic.get(i).equals("-fs")) {
        fs = generic.get(i + 1);
      }
    }
    return fs;
  }

  /** The {@code -D} settings, in their order (a key given twice has its last value). */
  public java.util.Map<String, String> settings() {
    java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();
    for (int i = 0; i + 1 < generic.size(); i += 2) {
      if (generic.get(i).equals("-D")) {
        String kv = generic.get(i + 1);
        int eq = kv.indexOf('=');
        settings.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
    }
    return settings;
  }

  /** Applies the generic options to {@code conf}, as Hadoop's ToolRunner would. */
  public void applyTo(Configuration conf) {
    for (int i = 0; i < generic.size() - 1; i += 2) {
      String value = generic.get(i + 1);
      if (generic.get(i).equals("-conf")) {
        if (new File(value).isDirectory()) {
          throw new UsageException("-conf", value + " is a directory: give a configuration file (core-site.xml, "
              + "ozone-site.xml ...), or the directory as $HADOOP_CONF_DIR");
        }
        if (!new File(value).isFile()) {
          throw new UsageException("-conf", "no such file: " + value);
        }
        ConfigFiles.check("-conf", value, new File(value));
      } else if (generic.get(i).equals("-fs")) {
        checkFileSystemUri("-fs", value);
      } else if (generic.get(i).equals("-D") && (value.startsWith("fs.defaultFS=") || value.startsWith("fs.default.name="))) {
        checkFileSystemUri("-D " + value.substring(0, value.indexOf('=')), value.substring(value.indexOf('=') + 1));
      }
    }
    if (generic.isEmpty()) {
      return;
    }
    try {
      GenericOptionsParser parser = new GenericOptionsParser(conf, generic.toArray(new String[0]));
      if (parser.getRemainingArgs().length > 0) {
        throw new UsageException(parser.getRemainingArgs()[0], "not understood as a generic option");
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new UsageException(String.join(" ", generic), String.valueOf(e.getMessage()));
    }
  }

  /**
   * The values of the {@code -D} settings and of the {@code -conf} files' properties, read as Hadoop's client will
   * read them ({@link io.harness.core.fs.SettingValues}): one it cannot read is bad input naming it.
   */
  public void checkValues() {
    settings().forEach((key, value) -> io.harness.core.fs.SettingValues.check("-D " + key, key, value));
    for (int i = 0; i + 1 < generic.size(); i += 2) {
      if (generic.get(i).equals("-conf")) {
        Configuration own = new Configuration(false);
        own.addResource(new org.apache.hadoop.fs.Path(new File(generic.get(i + 1)).getAbsoluteFile().toURI()));
        io.harness.core.fs.SettingValues.checkAll("-conf " + generic.get(i + 1), own);
      }
    }
  }

  /**
   * The value of {@code -fs} as Hadoop reads it ({@code local} is the local file system, a bare
   * {@code host:port} is HDFS's old form) must be a URI with a scheme; HDFS, WebHDFS and o3fs also need
   * an authority (the namenode, the bucket).
   */
  static void checkFileSystemUri(String option, String value) {
    if (value.isBlank()) {
      throw new UsageException(option, "must not be empty");
    }
    if (!value.equals("local") && !value.contains("/") && !HOST_PORT.matcher(value).matches()) {
      // Hadoop reads a value without '/' as the old host:port form of HDFS (file: would become hdfs://file:/)
      throw new UsageException(option, "'" + value + "' is not a file system URI (without a '/' it is read as the old "
          + "host:port form of HDFS): give e.g. file:///, hdfs://namenode:8020, ofs://om/");
    }
    String name = value.equals("local") ? "file:///" : value.contains("/") ? value : "hdfs://" + value;
    URI uri;
    try {
      uri = new URI(name);
    } catch (URISyntaxException e) {
      throw new UsageException(option, "'" + value + "' is not a file system URI: " + e.getMessage());
    }
    if (uri.getScheme() == null) {
      throw new UsageException(option, "'" + value + "' is not a file system URI: it has no scheme "
          + "(e.g. hdfs://namenode:8020, ofs://om/)");
    }
    if (io.harness.core.fs.TargetUri.NEEDS_AUTHORITY.contains(uri.getScheme().toLowerCase(Locale.ROOT))
        && uri.getAuthority() == null) {
      throw new UsageException(option, "'" + value + "' is not a file system URI: " + uri.getScheme()
          + ":// needs " + (uri.getScheme().equalsIgnoreCase("o3fs") ? "a bucket (o3fs://bucket.volume/)"
              : "a host (e.g. " + uri.getScheme().toLowerCase(Locale.ROOT) + "://namenode:port)"));
    }
  }
}
