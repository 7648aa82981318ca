package io.harness.core.util;

import io.harness.core.cli.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Local files and directories a run will write ({@code --run-dir}, {@code --json}, {@code -resFile}),
 * checked before anything is written anywhere: the place must exist as the right kind, or be creatable
 * under its nearest existing ancestor, which must be a writable directory. The checks create nothing.
 */
public final class LocalOutputs {
  private LocalOutputs() {}

  /**
   * Refuses a directory that cannot be used: empty, an existing file, not writable, or not creatable
   * (its nearest existing ancestor is a file or not writable). Throws {@link UsageException} naming
   * {@code option}.
   */
  public static void checkDirectory(String option, Path dir) {
    Path abs = absolute(option, dir);
    if (Files.exists(abs)) {
      if (!Files.isDirectory(abs)) {
        throw new UsageException(option, dir + " is a file, not a directory");
      }
      if (!Files.isWritable(abs) || !Files.isExecutable(abs)) {
        throw new UsageException(option, dir + " is not a writable directory");
      }
      return;
    }
    checkCreatable(option, dir, abs);
  }

  /**
   * Refuses a file that cannot be written: empty, an existing directory, an existing file that is not
   * writable, or one whose directory cannot be created. Throws {@link UsageException} naming {@code option}.
   */
  public static void checkFile(String option, Path file) {
    Path abs = absolute(option, file);
    if (Files.exists(abs)) {
      if (Files.isDirectory(abs)) {
        throw new UsageException(option, file + " is a directory, not a file");
      }
      if (!Files.isWritable(abs)) {
        throw new UsageException(option, file + " is not writable");
      }
      return;
    }
    checkCreatable(option, file, abs);
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

  /** {@code abs} does not exist: its nearest existing ancestor must be a directory this user can write in. */
  private static void checkCreatable(String option, Path given, Path abs) {
    if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
      throw new UsageException(option, "cannot create " + given + ": it is a symbolic link to nothing");
    }
    Path ancestor = abs.getParent();
    while (ancestor != null && !Files.exists(ancestor)) {
      if (Files.exists(ancestor, LinkOption.NOFOLLOW_LINKS)) {
        throw new UsageException(option, "cannot create " + given + ": " + ancestor
            + " is a symbolic link to nothing");
      }
      ancestor = ancestor.getParent();
    }
    if (ancestor == null) {
      throw new UsageException(option, "cannot create " + given + ": no existing directory above it");
    }
    if (!Files.isDirectory(ancestor)) {
      throw new UsageException(option, "cannot create " + given + ": " + ancestor + " is a file, not a directory");
    }
    if (!Files.isWritable(ancestor) || !Files.isExecutable(ancestor)) {
      throw new UsageException(option, "cannot create " + given + ": the directory " + ancestor
          + " is not writable");
    }
  }
}
