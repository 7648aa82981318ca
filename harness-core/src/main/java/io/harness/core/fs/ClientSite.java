package io.harness.core.fs;

import io.harness.core.base.UsageException;
import io.harness.core.fs.EmbeddedCluster;
import io.harness.core.base.LocalOutputs;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * The client site file of a running {@code harness cluster} ({@code --write-config FILE}): a Hadoop configuration
 * any command takes with {@code -conf FILE}. Written atomically once the cluster takes writes, so a script can wait
 * for it to appear. An existing file is replaced only when an earlier harness cluster wrote it and that process
 * has ended: anything else there is bad input.
 */
public final class ClientSite {
  public static final String OPTION = "--write-config";
  /** The keys of the harness's own facts in the file. */
  public static final String PREFIX = "harness.cluster.";
  public static final String PID = PREFIX + "pid";
  public static final String DATA = PREFIX + "data";
  /**
   * Keys a cluster's configuration may hold that mean something else to a client: dfsio's run root, and the
   * mark of generic options parsed by this process.
   */
  private static final Set<String> NOT_FOR_CLIENTS = Set.of("test.build.data",
      "mapreduce.client.genericoptionsparser.used");
  private static final Pattern PID_VALUE = Pattern.compile(
      "<name>" + Pattern.quote(PID) + "</name>\\s*<value>(\\d+)</value>");

  private final Path file;
  /** Whether an earlier cluster's file is there, to be replaced. */
  private final boolean stale;

  private ClientSite(Path file, boolean stale) {
    this.file = file;
    this.stale = stale;
  }

  /** Checks {@code given} without creating or deleting anything. */
  public static ClientSite check(String given, Path cwd) {
    Path file = cwd.resolve(given).toAbsolutePath().normalize();
    if (Files.isDirectory(file)) {
      throw new UsageException(OPTION, file + " is a directory");
    }
    if (!Files.exists(file)) {
      Path parent = file.getParent();
      if (parent != null && !Files.isDirectory(parent)) {
        try {
          DataFolder.creatable(parent, "cannot create the folder " + parent);
        } catch (UsageException e) {
          throw new UsageException(OPTION, e.getMessage().substring(DataFolder.OPTION.length() + 2));
        }
      } else if (parent != null && !Files.isWritable(parent)) {
        throw new UsageException(OPTION, "cannot write into " + parent);
      }
      // permissions alone do not tell a read-only or virtual file system (/proc), or a name too long; the probe is the
      // file beside it that write() fills first, never FILE itself: a script waiting for FILE must not see it early
      Path probe = beside(file);
      try {
        LocalOutputs.checkFile(OPTION, probe);
      } catch (UsageException e) {
        // said of the file the user named
        throw new UsageException(OPTION, e.getMessage().substring(OPTION.length() + 2).replace(probe.toString(),
            file.toString()));
      }
      return new ClientSite(file, false);
    }
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UsageException(OPTION, "cannot read the existing " + file + ": " + e.getMessage());
    }
    Matcher m = PID_VALUE.matcher(text);
    if (!m.find()) {
      throw new UsageException(OPTION, file + " exists and is not a harness cluster's: give another file");
    }
    long pid = Long.parseLong(m.group(1));
    if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      throw new UsageException(OPTION, file + " belongs to a harness cluster that is still running (pid " + pid + ")");
    }
    LocalOutputs.checkFile(OPTION, file);
    return new ClientSite(file, true);
  }

  /**
   * Refuses a file in the cluster's data folder {@code dir}, or that folder itself: the cluster writes its own files
   * there (client-site.xml, cluster.log) and removes everything in it when it stops.
   */
  public void outside(Path dir) {
    if (file.startsWith(dir.toAbsolutePath().normalize())) {
      throw new UsageException(OPTION, file + " is in the cluster's data folder " + dir + " (" + DataFolder.OPTION
          + "), which the cluster fills and removes: give a file outside it");
    }
  }

  public Path file() {
    return file;
  }

  /** Removes an earlier cluster's file before this one starts; true if there was one. */
  public boolean removeStale() throws IOException {
    return stale && Files.deleteIfExists(file);
  }

  /**
   * What a client needs: every key of the cluster's client configuration that is not a plain default of
   * Hadoop's or Ozone's ({@code *-default.xml}), and the harness's own facts ({@code harness.cluster.*}).
   */
  public static Configuration clientConfiguration(EmbeddedCluster cluster, Map<String, String> facts) {
    Configuration from = cluster.configuration();
    Map<String, String> keys = new TreeMap<>();
    for (Map.Entry<String, String> e : from) {
      String key = e.getKey();
      if (!NOT_FOR_CLIENTS.contains(key) && !onlyDefault(from.getPropertySources(key))) {
        keys.put(key, from.getRaw(key));
      }
    }
    keys.put("fs.defaultFS", cluster.fileSystemUri().toString());
    keys.putAll(facts);
    Configuration out = new Configuration(false);
    keys.forEach((k, v) -> out.set(k, v, "harness cluster"));
    return out;
  }

  private static boolean onlyDefault(String[] sources) {
    if (sources == null) {
      return false;
    }
    for (String s : sources) {
      if (!s.endsWith("-default.xml")) {
        return false;
      }
    }
    return true;
  }

  /** Writes {@code conf} to {@code file}: a file beside it, then moved into place in one step. */
  public static void write(Configuration conf, Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Path tmp = beside(file);
    try (OutputStream out = Files.newOutputStream(tmp)) {
      conf.writeXml(out);
    }
    try {
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
  }

  /** The file {@link #write} fills before it moves it into place as {@code file}. */
  private static Path beside(Path file) {
    return file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
  }

  /** Removes the file if it is still this process's. */
  public void remove() {
    try {
      if (Files.exists(file)) {
        Matcher m = PID_VALUE.matcher(Files.readString(file));
        if (m.find() && Long.parseLong(m.group(1)) == ProcessHandle.current().pid()) {
          Files.delete(file);
        }
      }
    } catch (IOException e) {
      // gone already, or not ours any more: nothing to do
    }
  }
}
