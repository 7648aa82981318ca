package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds out whether a running service holds a store, without touching the store.
 *
 * <p>RocksDB holds a POSIX lock on its {@code LOCK} file while a DB is open for writing. Taking that
 * lock ourselves to test it would be wrong twice: a lock held by this very process (a service
 * embedded in the same JVM) is granted again, and closing our descriptor would then release the
 * service's lock. So the lock is looked up in {@code /proc/locks} (Linux), which lists every lock
 * with its holder's pid and the file's device and inode. Where {@code /proc/locks} does not exist,
 * opening the DB for writing fails on the lock, and {@link #isLockError} turns that into the same
 * message.
 */
final class InUse {
  private static final Path PROC_LOCKS = Paths.get("/proc/locks");

  private InUse() {}

  /**
   * Fails with exit code 2 when a process holds a lock on {@code lockFile}.
   *
   * @param store the DB directory or other store the lock protects, for the message
   * @param service the service that would hold it ("SCM", "OM", "datanode")
   * @param key the configuration key the store's location comes from
   */
  static void check(Path lockFile, Path store, String service, String key) {
    List<Long> holders = holders(lockFile);
    if (!holders.isEmpty()) {
      throw inUse(store, service, key, "process " + holders.get(0) + " holds its lock file " + lockFile.getFileName());
    }
  }

  static UsageException inUse(Path store, String service, String key, String detail) {
    return new UsageException(key, "is " + store + " in use by a running " + service + "? stop it first ("
        + detail + ")");
  }

  /** Whether an exception from opening a RocksDB for writing says that its LOCK is held. */
  static boolean isLockError(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage();
      if (m != null) {
        String l = m.toLowerCase(Locale.ROOT);
        if (l.contains("/lock:") || l.contains("lock hold by current process")
            || l.contains("while lock file")) {
          return true;
        }
      }
    }
    return false;
  }

  /** The pids holding a lock on {@code file}; empty when none, the file is missing or unknown here. */
  static List<Long> holders(Path file) {
    List<Long> pids = new ArrayList<>();
    if (!Files.exists(file) || !Files.isReadable(PROC_LOCKS)) {
      return pids;
    }
    String id;
    try {
      long dev = (Long) Files.getAttribute(file, "unix:dev");
      long ino = (Long) Files.getAttribute(file, "unix:ino");
      // st_dev to the kernel's major:minor as /proc/locks prints them (glibc's gnu_dev_major/minor)
      long major = ((dev >>> 8) & 0xfffL) | ((dev >>> 32) & ~0xfffL);
      long minor = (dev & 0xffL) | ((dev >>> 12) & ~0xffL);
      id = String.format(Locale.ROOT, "%02x:%02x:%d", major, minor, ino);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
      return pids;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(PROC_LOCKS);
    } catch (IOException e) {
      return pids;
    }
    for (String line : lines) {
      // "1: POSIX  ADVISORY  WRITE 4711 fd:00:1234567 0 EOF" ("1: -> POSIX ..." for a waiter)
      String[] f = line.trim().split("\\s+");
      if (f.length < 6 || "->".equals(f[1])) {
        continue;
      }
      for (int i = 2; i < f.length; i++) {
        if (f[i].equalsIgnoreCase(id)) {
          try {
            pids.add(Long.parseLong(f[i - 1]));
          } catch (NumberFormatException e) {
            pids.add(-1L);
          }
          break;
        }
      }
    }
    return pids;
  }
}
