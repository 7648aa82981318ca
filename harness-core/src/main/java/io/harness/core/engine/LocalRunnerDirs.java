package io.harness.core.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * Where Hadoop's local job runner keeps a job's staging files and its tasks' local folders: by default under
 * {@code /tmp/hadoop/mapred/staging} and {@code /tmp/hadoop-USER/mapred/local}, left behind (empty folders) after
 * every job. The harness gives each job on the local runner a folder of its own, removed when the job ends, unless
 * the line names those places itself.
 */
final class LocalRunnerDirs {
  /** The local runner's staging root (JTConfig's {@code mapreduce.jobtracker.staging.root.dir}). */
  static final String STAGING = "mapreduce.jobtracker.staging.root.dir";
  /** The tasks' local folders (MRConfig's {@code mapreduce.cluster.local.dir}). */
  static final String LOCAL = "mapreduce.cluster.local.dir";

  private LocalRunnerDirs() {}

  /**
   * Points {@code conf}'s staging and local folders (those not set by the line or a site file) at a new folder and
   * returns it; null when both are set, or no folder can be made (then Hadoop's defaults stay).
   */
  static Path place(Configuration conf) {
    boolean staging = givenByUser(conf, STAGING);
    boolean local = givenByUser(conf, LOCAL);
    if (staging && local) {
      return null;
    }
    try {
      Path dir = Files.createTempDirectory("harness-mapred-");
      if (!staging) {
        conf.set(STAGING, dir.resolve("staging").toString());
      }
      if (!local) {
        conf.set(LOCAL, dir.resolve("local").toString());
      }
      return dir;
    } catch (IOException e) {
      return null;
    }
  }

  /** Removes what {@link #place} made (the job's files in it too); nothing when null. */
  static void remove(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | RuntimeException e) {
      // a folder left in the temporary directory: nothing of the run's depends on it
    }
  }

  /** Whether {@code key} comes from somewhere other than Hadoop's own defaults. */
  private static boolean givenByUser(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null || sources.length == 0) {
      return conf.getRaw(key) != null && !conf.getRaw(key).contains("${hadoop.tmp.dir}");
    }
    for (String s : sources) {
      if (!s.endsWith("-default.xml")) {
        return true;
      }
    }
    return false;
  }
}
