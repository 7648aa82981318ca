package io.harness.core.base;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Local directories the harness made for itself. */
public final class LocalDirs {
  private LocalDirs() {}

  /**
   * Deletes a temporary directory the harness created (its name starts with {@code harness-} and it
   * lies in {@code java.io.tmpdir}); anything else is left alone.
   */
  public static void deleteOwnTempDir(Path dir) {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
    Path d = dir.toAbsolutePath().normalize();
    if (!d.startsWith(tmp) || d.equals(tmp) || !d.getFileName().toString().startsWith("harness-")) {
      return;
    }
    try (Stream<Path> walk = Files.walk(d)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // best effort: a temp dir left behind is harmless
    }
  }
}
