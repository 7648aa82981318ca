package io.harness.core.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.harness.core.base.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalOutputsTest {
  @TempDir
  Path dir;

  private Path file;
  private List<Path> before;

  @BeforeEach
  void setUp() throws IOException {
    file = Files.writeString(dir.resolve("f"), "x");
    Files.createDirectories(dir.resolve("d"));
    before = tree();
  }

  private List<Path> tree() throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.sorted().toList();
    }
  }

  private String refused(boolean directory, String option, Path p) throws IOException {
    UsageException e = assertThrows(UsageException.class,
        () -> {
          if (directory) {
            LocalOutputs.checkDirectory(option, p);
          } else {
            LocalOutputs.checkFile(option, p);
          }
        });
    assertEquals(option, e.argument());
    assertEquals(before, tree(), "a check creates nothing");
    return e.getMessage();
  }

  @Test
  void directoriesThatCannotBeUsedAreRefused() throws IOException {
    assertEquals("--run-dir: must not be empty", refused(true, "--run-dir", Path.of("")));
    assertEquals("--run-dir: " + file + " is a file, not a directory", refused(true, "--run-dir", file));
    assertEquals("--run-dir: cannot create " + file.resolve("a/b") + ": " + file + " is a file, not a directory",
        refused(true, "--run-dir", file.resolve("a/b")));
  }

  @Test
  void filesThatCannotBeWrittenAreRefused() throws IOException {
    assertEquals("--json: must not be empty", refused(false, "--json", Path.of(" ")));
    assertEquals("--json: " + dir.resolve("d") + " is a directory, not a file",
        refused(false, "--json", dir.resolve("d")));
    assertTrue(refused(false, "-resFile", file.resolve("r.log")).endsWith(file + " is a file, not a directory"));
  }

  @Test
  void usablePlacesPassAndNothingIsCreated() throws IOException {
    LocalOutputs.checkDirectory("--run-dir", dir.resolve("d"));
    LocalOutputs.checkDirectory("--run-dir", dir.resolve("new/deeper"));
    LocalOutputs.checkFile("--json", file);
    LocalOutputs.checkFile("--json", dir.resolve("new/x.json"));
    LocalOutputs.checkFile("--json", Path.of("relative.json"));
    assertEquals(before, tree());
  }

  @Test
  void placesTheFileSystemRefusesAreFoundByCreatingThem() throws IOException {
    // /proc lets root pass every permission check, and refuses to create anything
    Path virtual = Path.of("/proc/harness-check/runs");
    assertTrue(refused(true, "--run-dir", virtual).startsWith("--run-dir: cannot create " + virtual + ": "));
    assertTrue(refused(false, "--json", virtual.resolve("r.json")).startsWith("--json: cannot create "));
    String tooLong = "a".repeat(300);
    assertEquals("--json: cannot create " + dir.resolve(tooLong + ".json") + ": File name too long",
        refused(false, "--json", dir.resolve(tooLong + ".json")));
    assertEquals("-o: cannot create " + dir.resolve("x/" + tooLong + "/y") + ": File name too long",
        refused(true, "-o", dir.resolve("x/" + tooLong + "/y")));
  }
}
