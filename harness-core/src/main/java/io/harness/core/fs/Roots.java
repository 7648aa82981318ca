package io.harness.core.fs;

import io.harness.core.base.RunFailedException;
import io.harness.core.base.UsageException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.ipc.RemoteException;

/** Checks on a workload's root directory that can be made before anything is created. */
public final class Roots {
  private static final Pattern OZONE_NAME = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

  private Roots() {}

  /**
   * The file system a path names when it is fully qualified ({@code o3fs://bucket.volume/dir} gives
   * {@code o3fs://bucket.volume/}): its scheme and authority; null for a path without a scheme. A value that is no
   * Hadoop path ({@code file:}, {@code a:b}, empty) is bad input naming {@code option}.
   */
  public static java.net.URI fileSystemOf(String option, String path) {
    java.net.URI u = parse(option, path).toUri();
    try {
      return u.getScheme() == null ? null : new java.net.URI(u.getScheme(), u.getAuthority(), "/", null, null);
    } catch (java.net.URISyntaxException e) {
      throw new UsageException(option, "'" + path + "' is not a path: " + e.getReason());
    }
  }

  /**
   * {@code value} as a Hadoop path; one Hadoop cannot read (a scheme with no path, {@code file:}; a relative path with
   * a colon; an empty one) is bad input naming {@code option}, in one line.
   */
  public static Path parse(String option, String value) {
    if (value == null || value.isBlank()) {
      throw new UsageException(option, "must not be empty");
    }
    try {
      return new Path(value);
    } catch (IllegalArgumentException e) {
      Throwable c = e.getCause() instanceof java.net.URISyntaxException s ? s : e;
      String why = c instanceof java.net.URISyntaxException s ? s.getReason() : String.valueOf(e.getMessage());
      throw new UsageException(option, "'" + value + "' is not a path: " + why + " (e.g. /dir, file:///dir, "
          + "hdfs://namenode:8020/dir, ofs://om/volume/bucket/dir)");
    }
  }

  /**
   * {@link #checkAncestors(FileSystem, Path, String)} on the target's file system; a failure to open it is
   * the run's failure (exit 1).
   */
  public static void checkAncestors(Target target, Path root, String option) {
    FileSystem fs;
    try {
      fs = target.fs();
    } catch (IOException e) {
      throw new RunFailedException("cannot open " + target.uri() + ": " + firstLine(e.getMessage()), e);
    }
    checkAncestors(fs, root, option);
  }

  /**
   * Refuses a root that can be neither used nor created on {@code fs}: the root itself, or the nearest of its
   * ancestors that exists, is a regular file (bad input, naming the file). Looks from {@code root} upwards
   * with {@code getFileStatus} only, so it works on any Hadoop file system and creates nothing. A root that
   * exists as a directory, or whose nearest existing ancestor is one, passes. A file system that cannot
   * answer (unreachable, permission denied) fails the run (exit 1), naming the path asked about.
   */
  public static void checkAncestors(FileSystem fs, Path root, String option) {
    if (root == null) {
      return;
    }
    Path q = fs.makeQualified(root);
    for (Path p = q; p != null; p = p.getParent()) {
      FileStatus st;
      try {
        st = fs.getFileStatus(p);
      } catch (FileNotFoundException | ParentNotDirectoryException e) {
        continue;
      } catch (RemoteException e) {
        if (e.unwrapRemoteException(FileNotFoundException.class, ParentNotDirectoryException.class)
            != e) {
          continue;
        }
        throw new RunFailedException(option + ": cannot look at " + p + ": " + firstLine(e.getMessage()), e);
      } catch (IOException e) {
        throw new RunFailedException(option + ": cannot look at " + p + ": " + firstLine(e.getMessage()), e);
      }
      if (st.isDirectory()) {
        return;
      }
      throw new UsageException(option, p.equals(q) ? q + " is a file, not a directory"
          : q + " cannot be created: " + p + " is a file, not a directory");
    }
  }

  /** {@code root} made absolute on the target ({@code .} is the working directory, not the root); else as given. */
  private static Path qualified(Target target, Path root) {
    if (root.isAbsolute() || root.toUri().getScheme() != null) {
      return root;
    }
    try {
      return target.fs().makeQualified(root);
    } catch (IOException | RuntimeException e) {
      return root;
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /**
   * Refuses roots the target cannot hold: the file system root itself (a run deletes and recreates
   * directories under its root), and on {@code ofs://} a path that does not start with a valid
   * {@code /volume/bucket}.
   */
  public static void check(Target target, Path root, String option) {
    Path p = qualified(target, root);
    if (p.isRoot() || p.toUri().getPath().isEmpty()) {
      throw new UsageException(option, "must not be the root of the file system");
    }
    String scheme = p.toUri().getScheme() != null ? p.toUri().getScheme() : target.uri().getScheme();
    if ("ofs".equals(scheme)) {
      String[] parts = p.toUri().getPath().replaceAll("^/+", "").split("/");
      if (parts.length < 3) {
        throw new UsageException(option, "on ofs:// the root must be /VOLUME/BUCKET/DIR, got "
            + p.toUri().getPath());
      }
      for (int i = 0; i < 2; i++) {
        if (!OZONE_NAME.matcher(parts[i]).matches()) {
          throw new UsageException(option, "'" + parts[i] + "' is not a valid Ozone "
              + (i == 0 ? "volume" : "bucket") + " name (3-63 characters: lower-case letters, digits, "
              + "'.', '-')");
        }
      }
    }
  }
}
