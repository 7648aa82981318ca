package io.harness.freon.offline;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.db.DBDefinition;
import org.apache.hadoop.hdds.utils.db.DBStore;
import org.apache.hadoop.hdds.utils.db.DBStoreBuilder;

/** Opens the SCM and OM RocksDB stores with Ozone's own definitions (table names, codecs). */
final class Stores {
  private Stores() {}

  /**
   * Opens {@code <parent>/<name>} read-only (for the checks: RocksDB then neither takes the lock nor
   * writes a byte) or for writing.
   */
  static DBStore open(OzoneConfiguration conf, DBDefinition definition, String name, Path parent,
      boolean readOnly, String key, String service) throws IOException {
    try {
      return DBStoreBuilder.newBuilder(conf, definition, name, parent)
          .setOpenReadOnly(readOnly)
          .setCreateCheckpointDirs(false)
          .setEnableRocksDbMetrics(false)
          .build();
    } catch (IOException | RuntimeException e) {
      if (!readOnly && InUse.isLockError(e)) {
        throw InUse.inUse(parent.resolve(name), service, key, "RocksDB: " + e.getMessage());
      }
      throw e;
    }
  }
}
