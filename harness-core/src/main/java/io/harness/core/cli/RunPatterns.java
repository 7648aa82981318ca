package io.harness.core.cli;

import io.harness.core.base.UsageException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.stream.Stream;

/**
 * Run folders named by a pattern, as {@code harness compare --group} takes them: a path, or a glob
 * ({@code runs/a*}, {@code runs/2026*-dfsio-write}, {@code runs/{a,b}1}) expanded by the harness, so a quoted
 * pattern works as an unquoted one does in a shell. A glob matches directories only, in name order.
 */
final class RunPatterns {
  private RunPatterns() {}

  /** The folders {@code pattern} names: itself when it has no glob characters (whether it exists or not). */
  static List<Path> expand(String pattern) {
    if (!isGlob(pattern)) {
      return List.of(Path.of(pattern));
    }
    String[] parts = pattern.split("/", -1);
    int first = 0;
    while (!isGlob(parts[first])) {
      first++;
    }
    String prefix = String.join("/", java.util.Arrays.copyOf(parts, first));
    Path base = first == 0 ? Path.of("") : Path.of(prefix.isEmpty() ? "/" : prefix);
    if (!Files.isDirectory(base)) {
      return List.of();
    }
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
    try (Stream<Path> s = Files.walk(base, parts.length - first)) {
      return s.filter(p -> matcher.matches(p) && Files.isDirectory(p)).sorted().toList();
    } catch (IOException | UncheckedIOException e) {
      throw new UsageException(pattern, "cannot list " + base + ": " + e.getMessage());
    }
  }

  private static boolean isGlob(String text) {
    return text.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }
}
