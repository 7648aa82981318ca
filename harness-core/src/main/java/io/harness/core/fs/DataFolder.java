package io.harness.core.fs;

import io.harness.core.base.UsageException;
import io.harness.core.base.LocalOutputs;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The local folder a {@code harness cluster} keeps its data in: {@code --data DIR}, or a fresh
 * {@code harness-cluster-KIND-yyyyMMdd-HHmmss} in the current directory. It is checked before anything starts (it
 * must be missing or empty), made with a marker file that says whose it is, and at the end kept or removed: only
 * what the cluster put there, and the folder itself when the cluster made it.
 */
public final class DataFolder {
  /** The marker: the cluster's kind, process and address, written first. */
  public static final String MARKER = "harness-cluster.properties";
  public static final String OPTION = "--data";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private final Path dir;
  /** Whether the folder was missing (the cluster makes it, and removes it with its data). */
  private final boolean made;

  private DataFolder(Path dir, boolean made) {
    this.dir = dir;
    this.made = made;
  }

  /** Checks {@code given} (null: a fresh folder in {@code cwd}) without creating anything. */
  public static DataFolder check(String given, String kind, Path cwd) {
    if (given == null) {
      String name = "harness-cluster-" + kind + "-" + LocalDateTime.now().format(STAMP);
      Path dir = cwd.resolve(name);
      for (int i = 2; Files.exists(dir); i++) {
        dir = cwd.resolve(name + "-" + i);
      }
      creatable(dir, "the current directory " + cwd + " cannot hold the cluster's data folder; give " + OPTION
          + " DIR");
      LocalOutputs.checkDirectory(OPTION, dir);
      return new DataFolder(dir, true);
    }
    Path dir = cwd.resolve(given).toAbsolutePath().normalize();
    if (!Files.exists(dir)) {
      creatable(dir, "cannot create " + dir);
      // permissions alone do not tell a read-only or virtual file system (/proc), or a name too long
      LocalOutputs.checkDirectory(OPTION, dir);
      return new DataFolder(dir, true);
    }
    if (!Files.isDirectory(dir)) {
      throw new UsageException(OPTION, dir + " is not a directory");
    }
    if (Files.exists(dir.resolve(MARKER))) {
      throw new UsageException(OPTION, dir + " holds the data of an earlier harness cluster (kept with --keep-data); "
          + "a cluster starts empty: remove it, or give another folder");
    }
    try (Stream<Path> s = Files.list(dir)) {
      if (s.findAny().isPresent()) {
        throw new UsageException(OPTION, dir + " is not empty and not a harness cluster's: give a new or empty folder");
      }
    } catch (IOException e) {
      throw new UsageException(OPTION, "cannot list " + dir + ": " + e.getMessage());
    }
    if (!Files.isWritable(dir)) {
      throw new UsageException(OPTION, dir + " is not writable");
    }
    LocalOutputs.checkDirectory(OPTION, dir);
    return new DataFolder(dir, false);
  }

  /** Throws unless the nearest existing folder above {@code dir} is a writable directory. */
  public static void creatable(Path dir, String reason) {
    Path p = dir.toAbsolutePath().normalize().getParent();
    while (p != null && !Files.exists(p)) {
      p = p.getParent();
    }
    if (p == null || !Files.isDirectory(p) || !Files.isWritable(p)) {
      throw new UsageException(OPTION, reason + (p == null ? "" : ": " + p
          + (Files.isDirectory(p) ? " is not writable" : " is not a directory")));
    }
  }

  public Path dir() {
    return dir;
  }

  /** Where the servers of {@code kind} keep their files. */
  public Path servers(String kind) {
    return dir.resolve(kind);
  }

  /** The library and server logs. */
  public Path log() {
    return dir.resolve("cluster.log");
  }

  /** The client configuration every cluster writes into its folder. */
  public Path clientSite() {
    return dir.resolve("client-site.xml");
  }

  /** Makes the folder and writes the marker with {@code facts}. */
  public void create(String kind, Map<String, String> facts) throws IOException {
    Files.createDirectories(servers(kind));
    Properties p = new Properties();
    p.putAll(facts);
    try (OutputStream out = Files.newOutputStream(dir.resolve(MARKER))) {
      p.store(out, "harness cluster");
    }
  }

  /** Removes everything in the folder, and the folder itself when the cluster made it; false if some file stayed. */
  public boolean remove() {
    if (!Files.exists(dir)) {
      return true;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).filter(p -> made || !p.equals(dir)).forEach(p -> p.toFile().delete());
    } catch (IOException | java.io.UncheckedIOException e) {
      return false;
    }
    return made ? !Files.exists(dir) : isEmpty();
  }

  private boolean isEmpty() {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    } catch (IOException e) {
      return false;
    }
  }
}
