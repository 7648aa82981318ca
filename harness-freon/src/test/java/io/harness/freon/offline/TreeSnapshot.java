package io.harness.freon.offline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Every path under a directory with its size and modification time: "nothing was written" checks. */
final class TreeSnapshot {
  private TreeSnapshot() {}

  static Map<String, String> of(Path root) throws IOException {
    Map<String, String> m = new TreeMap<>();
    if (!Files.exists(root)) {
      return m;
    }
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        m.put(root.relativize(p).toString(), (a.isDirectory() ? "dir" : a.size() + " bytes") + " @ "
            + a.lastModifiedTime().toMillis());
      }
    }
    return m;
  }
}
