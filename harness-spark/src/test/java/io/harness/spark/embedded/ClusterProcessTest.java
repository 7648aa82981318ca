package io.harness.spark.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.UsageException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterProcessTest {
  @TempDir
  Path tmp;

  @Test
  void testJarsGoLastAndDirectoriesExpandSorted() throws Exception {
    Path lib = Files.createDirectory(tmp.resolve("lib"));
    for (String j : new String[] {"b.jar", "hdds-common-2.2.0-tests.jar", "a.jar", "hdds-common-2.2.0.jar",
        "notes.txt"}) {
      Files.createFile(lib.resolve(j));
    }
    List<String> cp = ClusterClassPath.order(ClusterClassPath.expand(List.of("/x/first.jar", lib + File.separator + "*",
        "/x/first.jar")));
    assertEquals(List.of("/x/first.jar", lib.resolve("a.jar").toString(), lib.resolve("b.jar").toString(),
        lib.resolve("hdds-common-2.2.0.jar").toString(), lib.resolve("hdds-common-2.2.0-tests.jar").toString()), cp);
  }

  @Test
  void noServerClassPathIsBadInput() {
    String[] keys = {ClusterProcess.CLASSPATH_PROPERTY, ClusterProcess.CLASSPATH_FILE_PROPERTY};
    String[] saved = new String[keys.length];
    for (int i = 0; i < keys.length; i++) {
      saved[i] = System.getProperty(keys[i]);
      System.clearProperty(keys[i]);
    }
    try {
      UsageException e = assertThrows(UsageException.class, () -> ClusterClassPath.of(Map.of()));
      assertEquals("--embedded", e.argument());
      assertTrue(e.getMessage().contains(ClusterProcess.CLASSPATH_ENV), e.getMessage());
      // the environment variable is enough
      List<String> cp = ClusterClassPath.of(Map.of(ClusterProcess.CLASSPATH_ENV, "/opt/harness/lib/x.jar"));
      assertTrue(cp.get(0).contains("harness-spark") || cp.get(0).endsWith("classes"), cp.get(0));
      assertEquals("/opt/harness/lib/x.jar", cp.get(cp.size() - 1));
    } finally {
      for (int i = 0; i < keys.length; i++) {
        if (saved[i] != null) {
          System.setProperty(keys[i], saved[i]);
        }
      }
    }
  }
}
