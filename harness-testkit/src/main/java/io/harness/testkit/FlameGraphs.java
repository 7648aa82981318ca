package io.harness.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The frame names of an async-profiler flame graph page. The page keeps them in a sorted table ({@code cpool}) whose
 * entries share a prefix with the entry before: an entry's first character says how many characters it takes from
 * the one before (its code minus 32), the rest is its own. A substring search of the page misses a class whose name
 * begins with the one before it (GenerateWorkload after Generate), so tests read the frames this way.
 */
public final class FlameGraphs {
  private FlameGraphs() {}

  /** Every frame name in the page's table, unpacked ({@code io/harness/spark/GenerateWorkload.batches}). */
  public static List<String> frames(Path html) throws IOException {
    List<String> lines = Files.readAllLines(html, StandardCharsets.UTF_8);
    int start = lines.indexOf("const cpool = [");
    if (start < 0) {
      throw new AssertionError("no frame table (const cpool) in " + html);
    }
    List<String> frames = new ArrayList<>();
    for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("];"); i++) {
      String packed = unquote(lines.get(i).strip());
      if (frames.isEmpty()) {
        frames.add(packed);
      } else {
        String before = frames.get(frames.size() - 1);
        frames.add(before.substring(0, packed.charAt(0) - 32) + packed.substring(1));
      }
    }
    return frames;
  }

  /** Whether a frame of the page names {@code part} ({@code "GenerateWorkload."}). */
  public static boolean hasFrame(Path html, String part) throws IOException {
    return frames(html).stream().anyMatch(f -> f.contains(part));
  }

  /** A JavaScript single-quoted string literal, with its trailing comma, as its text. */
  private static String unquote(String literal) {
    String s = literal.endsWith(",") ? literal.substring(0, literal.length() - 1) : literal;
    if (s.length() < 2 || s.charAt(0) != '\'' || s.charAt(s.length() - 1) != '\'') {
      throw new AssertionError("not a frame table entry: " + literal);
    }
    StringBuilder b = new StringBuilder();
    for (int i = 1; i < s.length() - 1; i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length() - 1) {
        c = s.charAt(++i);
      }
      b.append(c);
    }
    return b.toString();
  }
}
