package io.harness.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a folder holds at one moment: every path under it, relative to it, with the size of each file (a folder's
 * path ends with {@code /} and counts 0). {@link #diff} against a later snapshot tells what was added, deleted or
 * changed (size or modification time); so a test says "nothing else was written or deleted".
 */
public final class FileTree {
  private final Path root;
  private final SortedMap<String, Long> sizes;
  private final Map<String, FileTime> modified;

  private FileTree(Path root, SortedMap<String, Long> sizes, Map<String, FileTime> modified) {
    this.root = root;
    this.sizes = Collections.unmodifiableSortedMap(sizes);
    this.modified = Collections.unmodifiableMap(modified);
  }

  /** The tree under {@code dir} now (empty when {@code dir} does not exist). */
  public static FileTree of(Path dir) throws IOException {
    SortedMap<String, Long> sizes = new TreeMap<>();
    Map<String, FileTime> modified = new TreeMap<>();
    if (Files.exists(dir)) {
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.filter(p -> !p.equals(dir)).toList()) {
          String name = dir.relativize(p).toString();
          if (Files.isDirectory(p)) {
            sizes.put(name + "/", 0L);
          } else {
            sizes.put(name, Files.size(p));
            modified.put(name, Files.getLastModifiedTime(p));
          }
        }
      }
    }
    return new FileTree(dir, sizes, modified);
  }

  /** The folder this is a snapshot of. */
  public Path root() {
    return root;
  }

  /** Relative path to size (folders: ending with {@code /}, size 0). */
  public SortedMap<String, Long> sizes() {
    return sizes;
  }

  /** What {@code later} holds that this did not, what it lost, and the files whose size or time differ. */
  public Diff diff(FileTree later) {
    SortedSet<String> added = new TreeSet<>(later.sizes.keySet());
    added.removeAll(sizes.keySet());
    SortedSet<String> deleted = new TreeSet<>(sizes.keySet());
    deleted.removeAll(later.sizes.keySet());
    SortedSet<String> changed = new TreeSet<>();
    for (Map.Entry<String, Long> e : sizes.entrySet()) {
      String name = e.getKey();
      if (later.sizes.containsKey(name) && (!later.sizes.get(name).equals(e.getValue())
          || !java.util.Objects.equals(later.modified.get(name), modified.get(name)))) {
        changed.add(name);
      }
    }
    return new Diff(added, deleted, changed);
  }

  /** Fails unless the folder holds now exactly what it held at this snapshot. */
  public void assertUnchanged(String what) throws IOException {
    Diff d = diff(of(root));
    assertTrue(d.isEmpty(), () -> what + ": under " + root + " " + d);
  }

  /** The paths added, deleted and changed between two snapshots. */
  public record Diff(SortedSet<String> added, SortedSet<String> deleted, SortedSet<String> changed) {
    /** Nothing added, deleted or changed. */
    public boolean isEmpty() {
      return added.isEmpty() && deleted.isEmpty() && changed.isEmpty();
    }

    @Override
    public String toString() {
      return "added " + added + ", deleted " + deleted + ", changed " + changed;
    }
  }
}
