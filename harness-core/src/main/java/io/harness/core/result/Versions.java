package io.harness.core.result;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apache.hadoop.util.VersionInfo;

/** Versions of the harness and of the stack it runs on, as found on the class path. */
public record Versions(String harness, String hadoop, String ozone, String java) {

  public static Versions detect() {
    return new Versions(harnessVersion(), VersionInfo.getVersion(), ozoneVersion(),
        System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
  }

  static String harnessVersion() {
    try (InputStream in = Versions.class.getResourceAsStream("/io/harness/core/harness.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  static String ozoneVersion() {
    try {
      Class<?> c = Class.forName("org.apache.hadoop.ozone.util.OzoneVersionInfo");
      Object info = c.getField("OZONE_VERSION_INFO").get(null);
      return String.valueOf(info.getClass().getMethod("getVersion").invoke(info));
    } catch (ReflectiveOperationException | LinkageError e) {
      return "not on the class path";
    }
  }
}
