package io.harness.spark;

import io.harness.core.base.UsageException;
import java.util.Map;

/**
 * {@code --spark-conf} values read the way Spark reads them, before the session starts: Spark's own settings (core's
 * and SQL's) are registered entries with a converter each, which refuses a value of the wrong kind
 * ({@code spark.sql.shuffle.partitions=abc}) only when the setting is first read, minutes into the job. A key Spark
 * does not register (a plugin's) is taken as given. Loaded only where Spark is on the class path.
 */
final class SparkSettings {
  /** The classes whose initialisation registers Spark's settings: core's, then SQL's. */
  private static final String[] REGISTRIES = {"org.apache.spark.internal.config.package$",
      "org.apache.spark.sql.internal.SQLConf$"};

  private SparkSettings() {}

  /** Throws {@link UsageException} naming {@code -c KEY} for the first value Spark cannot read. */
  static void check(Map<String, String> settings) {
    for (String registry : REGISTRIES) {
      try {
        Class.forName(registry, true, SparkSettings.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        // that part of Spark is not here: its settings are taken as given
      }
    }
    settings.forEach((key, value) -> {
      org.apache.spark.internal.config.ConfigEntry<?> entry =
          org.apache.spark.internal.config.ConfigEntry.findEntry(key);
      if (entry == null) {
        return;
      }
      try {
        entry.valueConverter().apply(value);
      } catch (RuntimeException e) {
        throw new UsageException("-c " + key, "'" + value + "' is not what Spark reads it as: "
            + String.valueOf(e.getMessage()).replaceAll("\\s*[\\r\\n]+\\s*", " ").trim());
      }
    });
  }
}
