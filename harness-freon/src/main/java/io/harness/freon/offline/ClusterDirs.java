package io.harness.freon.offline;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;

/**
 * Where a stopped cluster keeps its stores, found from its configuration the way the services find
 * them, but without creating anything (Ozone's own helpers create missing directories), and the
 * checks every generator makes before it writes: the directory is there, the service was started on
 * it once (its VERSION file exists), and no running service holds it.
 */
final class ClusterDirs {
  static final String METADATA_DIRS = "ozone.metadata.dirs";
  static final String SCM_DB_DIRS = "ozone.scm.db.dirs";
  static final String OM_DB_DIRS = "ozone.om.db.dirs";
  static final String DATANODE_DIRS = "hdds.datanode.dir";
  static final String DATANODE_DB_DIRS = "hdds.datanode.container.db.dir";
  static final String DATANODE_ID_DIR = "ozone.scm.datanode.id.dir";

  private ClusterDirs() {}

  /** A directory named by a configuration key, and the key (for messages). */
  record Dir(Path path, String key) {
  }

  /** The single directory of {@code key}, falling back to {@code ozone.metadata.dirs}. */
  static Dir serviceDir(OzoneConfiguration conf, String key) {
    Collection<String> dirs = conf.getTrimmedStringCollection(key);
    if (dirs.size() > 1) {
      throw new UsageException(key, "names " + dirs.size() + " directories; the service uses one");
    }
    if (dirs.size() == 1) {
      return new Dir(Paths.get(dirs.iterator().next()).toAbsolutePath(), key);
    }
    Collection<String> meta = conf.getTrimmedStringCollection(METADATA_DIRS);
    if (meta.isEmpty()) {
      throw new UsageException(key, "neither " + key + " nor " + METADATA_DIRS + " is set: give the "
          + "cluster's configuration with -conf FILE, $OZONE_CONF_DIR or -D " + METADATA_DIRS + "=DIR");
    }
    if (meta.size() > 1) {
      throw new UsageException(METADATA_DIRS, "names " + meta.size() + " directories; the service uses one");
    }
    return new Dir(Paths.get(meta.iterator().next()).toAbsolutePath(), METADATA_DIRS);
  }

  /** The data volume roots of {@code hdds.datanode.dir} ({@code [DISK]} style prefixes dropped). */
  static List<Dir> datanodeVolumes(OzoneConfiguration conf) {
    Collection<String> dirs = conf.getTrimmedStringCollection(DATANODE_DIRS);
    if (dirs.isEmpty()) {
      throw new UsageException(DATANODE_DIRS, "is not set: give the datanode's configuration with "
          + "-conf FILE, $OZONE_CONF_DIR or -D " + DATANODE_DIRS + "=DIR[,DIR...]");
    }
    List<Dir> out = new ArrayList<>();
    for (String d : dirs) {
      out.add(new Dir(Paths.get(stripStorageType(d)).toAbsolutePath(), DATANODE_DIRS));
    }
    return out;
  }

  /** The roots of {@code hdds.datanode.container.db.dir} (optional separate schema v3 DB disks). */
  static List<Path> datanodeDbVolumes(OzoneConfiguration conf) {
    List<Path> out = new ArrayList<>();
    for (String d : conf.getTrimmedStringCollection(DATANODE_DB_DIRS)) {
      out.add(Paths.get(stripStorageType(d)).toAbsolutePath());
    }
    return out;
  }

  /** {@code [SSD]/data/1} or {@code [ssd]file:///data/1} to {@code /data/1}. */
  static String stripStorageType(String location) {
    String s = location.trim();
    if (s.startsWith("[")) {
      int end = s.indexOf(']');
      if (end > 0) {
        s = s.substring(end + 1);
      }
    }
    if (s.startsWith("file://")) {
      s = s.substring("file://".length());
    }
    return s;
  }

  /**
   * Fails with exit code 2 when the configuration names more than one node for the service ({@code om} or
   * {@code scm}): an HA service keeps one DB per node in step through its Ratis log, and a DB written
   * offline on one node would differ from the others'.
   */
  static void refuseHa(OzoneConfiguration conf, String service, String serviceName) {
    for (String id : conf.getTrimmedStrings("ozone." + service + ".service.ids")) {
      String key = "ozone." + service + ".nodes." + id;
      String[] nodes = conf.getTrimmedStrings(key);
      if (nodes.length > 1) {
        throw new UsageException(key, "an HA " + serviceName + " (" + nodes.length + " nodes: "
            + String.join(",", nodes) + ") is not supported: each node keeps its own DB in step through Ratis, "
            + "and offline writes to one would leave the others without them");
      }
    }
  }

  /** Fails with exit code 2 unless {@code dir} is an existing directory. */
  static void requireDirectory(Dir dir) {
    if (!Files.exists(dir.path())) {
      throw new UsageException(dir.key(), dir.path() + " does not exist");
    }
    if (!Files.isDirectory(dir.path())) {
      throw new UsageException(dir.key(), dir.path() + " is not a directory");
    }
  }

  /**
   * Reads a VERSION file, or fails with exit code 2 saying the service was never started on these
   * directories.
   */
  static Properties readVersion(Path versionFile, String key, String service) {
    if (!Files.isRegularFile(versionFile)) {
      throw new UsageException(key, "no " + service + " VERSION file " + versionFile + ": the cluster was "
          + "never started on these directories (start it once so it formats them, stop it, then generate)");
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(versionFile)) {
      p.load(in);
    } catch (IOException e) {
      throw new UsageException(key, "cannot read " + versionFile + ": " + e.getMessage());
    }
    return p;
  }

  /** A property of a VERSION file, or exit code 2. */
  static String required(Properties version, String name, Path versionFile, String key) {
    String v = version.getProperty(name);
    if (v == null || v.isBlank()) {
      throw new UsageException(key, versionFile + " has no " + name + ": not a VERSION file of a started cluster");
    }
    return v.trim();
  }

  /** Fails with exit code 2 unless the RocksDB directory {@code db} exists. */
  static void requireDb(Path db, String key, String service) {
    if (!Files.isDirectory(db) || !Files.exists(db.resolve("CURRENT"))) {
      throw new UsageException(key, "no " + service + " DB at " + db + ": the cluster was never started on "
          + "these directories (start it once, stop it, then generate)");
    }
  }
}
