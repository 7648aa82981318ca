package io.harness.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.harness.core.base.UsageException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RootsTest {
  @TempDir
  java.nio.file.Path dir;

  @Test
  void aRootAtOrUnderARegularFileIsBadInput() throws Exception {
    Files.writeString(dir.resolve("f"), "x");
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path file = fs.makeQualified(new Path(dir.resolve("f").toString()));
    UsageException under = assertThrows(UsageException.class,
        () -> Roots.checkAncestors(fs, new Path(file, "a/b"), "--root"));
    assertEquals("--root: " + new Path(file, "a/b") + " cannot be created: " + file + " is a file, not a directory",
        under.getMessage());
    UsageException itself = assertThrows(UsageException.class, () -> Roots.checkAncestors(fs, file, "OUT_DIR"));
    assertEquals("OUT_DIR: " + file + " is a file, not a directory", itself.getMessage());
    // a new root under a directory, or an existing directory, passes; nothing is created
    Roots.checkAncestors(fs, new Path(dir.resolve("new/deeper").toString()), "--root");
    Roots.checkAncestors(fs, new Path(dir.toString()), "--root");
    Roots.checkAncestors(fs, null, "--root");
    try (var s = Files.list(dir)) {
      assertEquals(1, s.count());
    }
  }
}
