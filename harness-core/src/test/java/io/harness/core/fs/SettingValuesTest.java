package io.harness.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.harness.core.base.UsageException;
import org.junit.jupiter.api.Test;

/** Settings read as Hadoop's client reads them: by the kind of each key's default in the *-default.xml files. */
class SettingValuesTest {
  private static void accepted(String key, String value) {
    SettingValues.check("-D " + key, key, value);
  }

  private static String refused(String key, String value) {
    return assertThrows(UsageException.class, () -> SettingValues.check("-D " + key, key, value),
        key + "=" + value).getMessage();
  }

  @Test
  void numbersSizesAndCounts() {
    accepted("io.file.buffer.size", "8192");
    accepted("dfs.blocksize", "128m");
    accepted("dfs.blocksize", "134217728");
    accepted("dfs.replication", "2");
    accepted("dfs.heartbeat.interval", "3s"); // an integer default read as a time
    accepted("ipc.client.connect.max.retries", "-1"); // not a positive key: as given
    assertEquals("-D io.file.buffer.size: 'abc' is not a whole number (Hadoop reads io.file.buffer.size as one)",
        refused("io.file.buffer.size", "abc"));
    assertEquals("-D io.file.buffer.size: must be positive, was -1", refused("io.file.buffer.size", "-1"));
    assertEquals("-D io.file.buffer.size: must be positive, was 0", refused("io.file.buffer.size", "0"));
    refused("io.file.buffer.size", "4k"); // getInt reads no suffix
    refused("dfs.replication", "");
    refused("dfs.blocksize", "xyz");
    refused("dfs.blocksize", "0");
    refused("ipc.client.connect.max.retries", "ten");
  }

  @Test
  void booleansTimesSizesAndClasses() {
    accepted("dfs.permissions.enabled", "FALSE");
    assertEquals("-D dfs.permissions.enabled: 'yes' is not true or false (Hadoop would take its default, true, "
        + "silently)", refused("dfs.permissions.enabled", "yes"));
    refused("ozone.scm.chunk.size", "abc");
    refused("ozone.scm.chunk.size", "0MB");
    accepted("fs.s3a.multipart.size", "128M");
    accepted("fs.s3a.multipart.size", "134217728");
    refused("fs.s3a.multipart.size", "big");
    accepted("fs.s3a.connection.timeout", "500ms");
    accepted("fs.s3a.connection.timeout", "60000");
    assertEquals("-D fs.s3a.connection.timeout: 'soon' is not a time span (Hadoop reads fs.s3a.connection.timeout "
        + "as one: its default is 200s)", refused("fs.s3a.connection.timeout", "soon"));
    accepted("fs.file.impl", "org.apache.hadoop.fs.LocalFileSystem");
    assertEquals("-D fs.file.impl: class no.such.Class cannot be loaded (not on this class path)",
        refused("fs.file.impl", "no.such.Class"));
    refused("fs.nofs.impl", "org.example.NoFs");
    accepted("harness.anything", "whatever"); // no default: as given
  }
}
