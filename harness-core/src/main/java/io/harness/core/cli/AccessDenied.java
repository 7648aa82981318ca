package io.harness.core.cli;

import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;

/**
 * A permission error of the target file system (Hadoop's {@link AccessControlException}, also when it came
 * back as a {@link RemoteException}), wherever it sits among a failure's causes: the user gets its first line,
 * which names the user and the path, instead of a stack trace.
 */
final class AccessDenied {
  private static final int MAX_CAUSES = 32;

  private AccessDenied() {}

  /** {@code permission denied: ...} for a failure caused by a permission error, else null. */
  static String describe(Throwable failure) {
    Throwable t = failure;
    for (int i = 0; t != null && i < MAX_CAUSES; i++, t = t.getCause()) {
      boolean denied = t instanceof AccessControlException
          || t instanceof RemoteException re && AccessControlException.class.getName().equals(re.getClassName());
      if (denied) {
        String first = firstLine(t.getMessage());
        return first.regionMatches(true, 0, "Permission denied", 0, 17) ? first : "permission denied: " + first;
      }
    }
    return null;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).trim();
  }
}
