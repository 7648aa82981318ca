package io.harness.core.fs;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.UnsupportedFileSystemException;

/**
 * The URI of a run's file system, checked before anything starts and without contacting it: a scheme no class on
 * the class path serves, a class that cannot load, a port that is not a number, an HDFS or o3fs URI without its
 * host or bucket are bad input naming the argument.
 */
public final class TargetUri {
  private TargetUri() {}

  /**
   * Checks the target named by the configuration without contacting it: an unknown scheme is bad
   * input. The {@code fsOption} names the argument to blame ({@code -fs} or {@code fs.defaultFS}).
   */
  public static URI checkConfigured(Configuration conf, String fsOption) {
    URI uri;
    try {
      uri = FileSystem.getDefaultUri(conf);
    } catch (IllegalArgumentException e) {
      throw new UsageException(fsOption, "'" + conf.get(FileSystem.FS_DEFAULT_NAME_KEY) + "' is not a file system URI: "
          + e.getMessage());
    }
    return check(conf, uri, fsOption);
  }

  /** {@link #checkConfigured} for a file system URI given some other way (a qualified path's). */
  public static URI check(Configuration conf, URI uri, String fsOption) {
    String scheme = uri.getScheme();
    if (scheme == null) {
      throw new UsageException(fsOption, "'" + uri + "' has no scheme (e.g. hdfs://namenode:8020, ofs://om/)");
    }
    String port = port(uri.getRawAuthority());
    if (port != null && (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535)) {
      throw new UsageException(fsOption, "'" + uri + "' names port '" + port + "': a port is a number from 1 to 65535");
    }
    if (NEEDS_AUTHORITY.contains(scheme.toLowerCase(java.util.Locale.ROOT)) && uri.getAuthority() == null) {
      // hdfs:///dir means the default file system's namenode, when the default is HDFS with one
      URI fallback = defaultUri(conf);
      if (fallback != null && scheme.equalsIgnoreCase(fallback.getScheme()) && fallback.getAuthority() != null) {
        return fallback;
      }
      throw new UsageException(fsOption, scheme + ":/// names no " + (scheme.equalsIgnoreCase("o3fs")
          ? "bucket (o3fs://bucket.volume/dir)" : "host (" + scheme.toLowerCase(java.util.Locale.ROOT)
          + "://namenode:port/dir), and fs.defaultFS does not name one for " + scheme));
    }
    try {
      FileSystem.getFileSystemClass(scheme, conf);
    } catch (UnsupportedFileSystemException e) {
      throw new UsageException(fsOption, "no file system for scheme '" + scheme + "' in " + uri
          + " (the class path has hdfs, file" + (ozoneOnClassPath() ? ", ofs, o3fs" : "") + ")");
    } catch (IOException e) {
      throw new UsageException(fsOption, e.getMessage());
    } catch (RuntimeException e) {
      // Configuration.getClass: the class a setting names is not on the class path (a typo, or hadoop-aws missing)
      String key = "fs." + scheme + ".impl";
      String named = conf.get(key);
      String[] sources = named == null ? null : conf.getPropertySources(key);
      String from = sources == null || sources.length == 0 ? null : sources[sources.length - 1];
      if (from != null && from.contains("command line")) {
        throw new UsageException("-D " + key, "class " + named + " cannot be loaded: " + loadFailure(e));
      }
      throw new UsageException(fsOption, "no file system for scheme '" + scheme + "' on this class path: "
          + (named == null ? loadFailure(e) : "its class " + named + (from == null || from.endsWith("-default.xml")
              ? "" : " (" + key + " in " + from + ")") + " cannot be loaded: " + loadFailure(e)));
    }
    return uri;
  }

  /** Why a class could not be loaded, in one line (the class path lacks it, or it failed to initialise). */
  private static String loadFailure(RuntimeException e) {
    Throwable c = e.getCause() != null ? e.getCause() : e;
    if (c instanceof ClassNotFoundException) {
      return "not found";
    }
    String m = String.valueOf(c.getMessage());
    int nl = m.indexOf('\n');
    return c.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
  }

  /** The port part of a URI's authority ({@code host:port}, {@code user@host:port}, {@code [v6]:port}); null: none. */
  private static String port(String authority) {
    if (authority == null) {
      return null;
    }
    String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
    int close = hostPort.lastIndexOf(']');
    int colon = hostPort.lastIndexOf(':');
    return colon > close ? hostPort.substring(colon + 1) : null;
  }

  /** Schemes whose URIs must name a host or bucket: HDFS, WebHDFS and o3fs. */
  public static final java.util.Set<String> NEEDS_AUTHORITY = java.util.Set.of("hdfs", "webhdfs", "swebhdfs", "o3fs");

  private static URI defaultUri(Configuration conf) {
    try {
      return FileSystem.getDefaultUri(conf);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static boolean ozoneOnClassPath() {
    try {
      Class.forName("org.apache.hadoop.fs.ozone.RootedOzoneFileSystem");
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
