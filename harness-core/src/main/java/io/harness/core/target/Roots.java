package io.harness.core.target;

import io.harness.core.cli.UsageException;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;

/** Checks on a workload's root directory that can be made before anything is created. */
public final class Roots {
  private static final Pattern OZONE_NAME = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

  private Roots() {}

  /**
   * The file system a path names when it is fully qualified ({@code o3fs://bucket.volume/dir} gives
   * {@code o3fs://bucket.volume/}): its scheme and authority; null for a path without a scheme.
   */
  public static java.net.URI fileSystemOf(String path) {
    try {
      java.net.URI u = new Path(path).toUri();
      return u.getScheme() == null ? null : new java.net.URI(u.getScheme(), u.getAuthority(), "/", null, null);
    } catch (IllegalArgumentException | java.net.URISyntaxException e) {
      return null;
    }
  }

  /**
   * Refuses roots the target cannot hold: the file system root itself (a run deletes and recreates
   * directories under its root), and on {@code ofs://} a path that does not start with a valid
   * {@code /volume/bucket}.
   */
  public static void check(Target target, Path root, String option) {
    Path p = root;
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
