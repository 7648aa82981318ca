package io.harness.core.base;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Local files and directories a run will write ({@code --run-dir}, {@code --json}, {@code -resFile}, a
 * report's {@code -o}), checked before anything is written anywhere by creating them (and removing at once
 * what the check made): permissions alone do not tell a read-only or virtual file system, or a name longer
 * than the file system allows.
 */
public final class LocalOutputs {
  private LocalOutputs() {}

  /**
   * Refuses a directory that cannot be used: empty, an existing file, or one this process cannot create or
   * write in (a read-only or virtual file system, a name too long, no permission). Checked by doing it: the
   * missing directories are created, a file is created in the deepest and removed, then the directories the
   * check made are removed again. Throws {@link UsageException} naming {@code option}.
   */
  public static void checkDirectory(String option, Path dir) {
    Path abs = absolute(option, dir);
    if (Files.exists(abs) && !Files.isDirectory(abs)) {
      throw new UsageException(option, dir + " is a file, not a directory");
    }
    List<Path> made = createMissing(option, dir, abs);
    try {
      Path probe = abs.resolve(".harness-check-" + ProcessHandle.current().pid());
      Files.deleteIfExists(Files.createFile(probe));
    } catch (IOException | RuntimeException e) {
      throw new UsageException(option, "cannot write in " + dir + ": " + reason(e));
    } finally {
      removeAll(made);
    }
  }

  /**
   * Refuses a file that cannot be written: empty, an existing directory, or one this process cannot create
   * or open for writing (checked by doing it: an existing file is opened to append nothing, a new one is
   * created and removed with the directories the check made). Throws {@link UsageException} naming
   * {@code option}.
   */
  public static void checkFile(String option, Path file) {
    Path abs = absolute(option, file);
    if (Files.isDirectory(abs)) {
      throw new UsageException(option, file + " is a directory, not a file");
    }
    if (Files.exists(abs)) {
      try (var out = Files.newOutputStream(abs, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
        return;
      } catch (IOException | RuntimeException e) {
        throw new UsageException(option, "cannot write " + file + ": " + reason(e));
      }
    }
    if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
      throw new UsageException(option, "cannot create " + file + ": it is a symbolic link to nothing");
    }
    List<Path> made = abs.getParent() == null ? new ArrayList<>() : createMissing(option, file, abs.getParent());
    try {
      Files.delete(Files.createFile(abs));
    } catch (IOException | RuntimeException e) {
      throw new UsageException(option, "cannot create " + file + ": " + reason(e));
    } finally {
      removeAll(made);
    }
  }

  /**
   * Refuses two of {@code paths} (those of {@code options}, in order; null: not given) that name one file, which
   * each would write over the other's: the later option is named.
   */
  public static void distinct(String[] options, Path... paths) {
    for (int j = 1; j < paths.length; j++) {
      for (int i = 0; i < j; i++) {
        if (paths[i] != null && paths[j] != null && same(paths[i], paths[j])) {
          throw new UsageException(options[j], paths[j] + " is also " + options[i] + "'s: give each option a path of its own");
        }
      }
    }
  }

  /** Whether {@code a} and {@code b} name one file: the same file once both exist, else the same absolute path. */
  public static boolean same(Path a, Path b) {
    try {
      if (Files.exists(a) && Files.exists(b)) {
        return Files.isSameFile(a, b);
      }
    } catch (IOException e) {
      // compared by name below
    }
    return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
  }

  /** A path given as text: one the file system cannot name (a NUL character, say) is bad input. */
  public static Path path(String option, String text) {
    try {
      return Path.of(text);
    } catch (InvalidPathException e) {
      throw new UsageException(option, "'" + text + "' is not a valid path: " + e.getReason());
    }
  }

  /** Creates the missing directories above {@code file} (checked with {@link #checkFile} before the run). */
  public static void createParent(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
  }

  private static Path absolute(String option, Path p) {
    if (p == null || p.toString().isBlank()) {
      throw new UsageException(option, "must not be empty");
    }
    return p.toAbsolutePath().normalize();
  }

  /** Creates {@code abs} and the directories missing above it; returns those it made, deepest first. */
  private static List<Path> createMissing(String option, Path given, Path abs) {
    List<Path> missing = new ArrayList<>();
    for (Path p = abs; p != null && !Files.isDirectory(p); p = p.getParent()) {
      if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        throw new UsageException(option, "cannot create " + given + ": " + p
            + (Files.exists(p) ? " is a file, not a directory" : " is a symbolic link to nothing"));
      }
      missing.add(p);
    }
    List<Path> made = new ArrayList<>();
    for (int i = missing.size() - 1; i >= 0; i--) {
      try {
        Files.createDirectory(missing.get(i));
        made.add(0, missing.get(i));
      } catch (IOException | RuntimeException e) {
        removeAll(made);
        throw new UsageException(option, "cannot create " + given + ": " + reason(e));
      }
    }
    return made;
  }

  /** Removes the directories a check made (deepest first); they are empty. */
  private static void removeAll(List<Path> made) {
    for (Path p : made) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // left as made: an empty directory the run would have created anyway
      }
    }
  }

  /** Why a local file operation failed, in words (not the exception's class). */
  private static String reason(Exception e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.NoSuchFileException n) {
      return "no such file or directory: " + n.getFile();
    }
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }
}
